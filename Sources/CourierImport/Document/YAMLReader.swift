/// Reads the YAML that API descriptions are written in into a `DocumentNode`: block and flow
/// collections; plain, single-quoted, double-quoted, literal and folded scalars; comments;
/// anchors, aliases and `<<` merge keys; scalars resolved by the YAML 1.2 core schema. Tags
/// are read and ignored. Errors name the line and column.
struct YAMLReader {
    private struct Line {
        var number: Int
        var indent: Int
        /// The text after the indentation, comments kept (removed where a node is read).
        var text: Substring {
            didSet { content = mayHaveComment ? YAMLReader.stripComment(text) : YAMLReader.trim(text) }
        }
        /// The text without a trailing comment, trimmed: what the structure is read from.
        var content: Substring
        /// Whether the line holds a `#` at all; most do not, and no part of them can.
        private let mayHaveComment: Bool

        init(number: Int, indent: Int, text: Substring) {
            self.number = number
            self.indent = indent
            self.text = text
            mayHaveComment = text.utf8.contains(UInt8(ascii: "#"))
            content = mayHaveComment ? YAMLReader.stripComment(text) : YAMLReader.trim(text)
        }
    }

    private var lines: [Line] = []
    private var index = 0
    private var anchors: [String: DocumentNode] = [:]

    static func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? String(decoding: bytes.dropFirst(3), as: UTF8.self) : String(decoding: bytes, as: UTF8.self)
        var reader = YAMLReader()
        var number = 0
        // Lines end at LF, with a CR before it dropped; split on bytes, as `\r\n` is one Character.
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(raw)
            if line.utf8.last == 0x0D { line = Substring(line.utf8.dropLast()) }
            let indent = line.utf8.prefix { $0 == 0x20 }.count
            let rest = Substring(line.utf8.dropFirst(indent))
            guard rest.utf8.first != 0x09 else {
                throw DocumentError(line: number, column: 1, message: "a tab indents this line; YAML indents with spaces")
            }
            reader.lines.append(Line(number: number, indent: indent, text: rest))
        }
        reader.skipBlank()
        // Directives and the document start marker.
        while reader.index < reader.lines.count, reader.lines[reader.index].text.hasPrefix("%") { reader.index += 1 }
        reader.skipBlank()
        if reader.index < reader.lines.count, reader.lines[reader.index].indent == 0, reader.isMarker("---", reader.lines[reader.index].text) {
            let rest = reader.lines[reader.index].text.dropFirst(3).drop { $0 == " " }
            if Self.stripComment(rest).isEmpty {
                reader.index += 1
            } else {
                reader.lines[reader.index].text = rest
                reader.lines[reader.index].indent = 4
            }
        }
        reader.skipBlank()
        guard reader.index < reader.lines.count else { return .null }
        let node = try reader.node(minimumIndent: 0)
        reader.skipBlank()
        if reader.index < reader.lines.count {
            let line = reader.lines[reader.index]
            guard reader.isMarker("...", line.text) || reader.isMarker("---", line.text) else {
                throw DocumentError(line: line.number, column: line.indent + 1, message: "unexpected text; is its indentation right?")
            }
        }
        return node
    }

    private func isMarker(_ marker: String, _ text: Substring) -> Bool {
        text.hasPrefix(marker) && (text.count == 3 || text.dropFirst(3).first == " ")
    }

    // MARK: - Lines

    /// Whether a line holds only a comment or nothing.
    private static func isBlank(_ text: Substring) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.first == "#"
    }

    private mutating func skipBlank() {
        while index < lines.count, lines[index].content.isEmpty { index += 1 }
    }

    /// Text without a trailing comment (a `#` after a space, outside quotes), trimmed.
    static func stripComment(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        // Most lines have no `#` at all.
        guard utf8.contains(UInt8(ascii: "#")) else { return trim(text) }
        var inSingle = false
        var inDouble = false
        var previous = UInt8(ascii: " ")
        var position = utf8.startIndex
        while position < utf8.endIndex {
            let byte = utf8[position]
            if byte == UInt8(ascii: "'") && !inDouble { inSingle.toggle() }
            if byte == UInt8(ascii: "\"") && !inSingle && previous != UInt8(ascii: "\\") { inDouble.toggle() }
            if byte == UInt8(ascii: "#") && !inSingle && !inDouble && (previous == 0x20 || previous == 0x09) {
                return trim(text[..<position])
            }
            previous = byte
            position = utf8.index(after: position)
        }
        return trim(text)
    }

    /// The number of characters from the start of `text` to `position`: a column offset.
    /// Counted on bytes when they are all ASCII, as they nearly always are.
    static func columns(in text: Substring, to position: Substring.Index) -> Int {
        let prefix = text.utf8[..<position]
        guard prefix.allSatisfy({ $0 < 0x80 }) else { return text.distance(from: text.startIndex, to: position) }
        return prefix.count
    }

    static func trim(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return text[text.endIndex...] }
        let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        return text[first...last]
    }

    private func error(_ message: String, at line: Line? = nil, column: Int? = nil) -> DocumentError {
        let place = line ?? (index < lines.count ? lines[index] : lines.last ?? Line(number: 1, indent: 0, text: ""))
        return DocumentError(line: place.number, column: column ?? place.indent + 1, message: message)
    }

    // MARK: - Block nodes

    /// The node that starts at the current line, indented at least `minimumIndent`.
    private mutating func node(minimumIndent: Int) throws(DocumentError) -> DocumentNode {
        skipBlank()
        guard index < lines.count, lines[index].indent >= minimumIndent else { return .null }
        let line = lines[index]
        var text = line.content
        var properties = NodeProperties()
        try properties.read(from: &text, reader: self, line: line)
        if text.isEmpty {
            // Only an anchor or a tag on this line: the node follows.
            index += 1
            let value = try node(minimumIndent: minimumIndent)
            return try properties.apply(to: value, reader: &self)
        }
        lines[index].text = text
        lines[index].indent = line.indent + Self.columns(in: line.text, to: text.startIndex)
        let value: DocumentNode
        if text == "-" || text.hasPrefix("- ") {
            value = try sequence(indent: lines[index].indent)
        } else if Self.mappingKeyEnd(in: text) != nil || text.hasPrefix("? ") {
            value = try mapping(indent: lines[index].indent)
        } else {
            value = try scalarNode(indent: lines[index].indent, parentIndent: minimumIndent - 1)
        }
        return try properties.apply(to: value, reader: &self)
    }

    /// A block sequence whose `-` entries stand at `indent`.
    private mutating func sequence(indent: Int) throws(DocumentError) -> DocumentNode {
        var elements: [DocumentNode] = []
        while true {
            skipBlank()
            guard index < lines.count, lines[index].indent == indent else { break }
            let text = lines[index].content
            guard text == "-" || text.hasPrefix("- ") else { break }
            let rest = text.dropFirst().drop { $0 == " " }
            if rest.isEmpty {
                index += 1
                skipBlank()
                if index < lines.count, lines[index].indent > indent {
                    elements.append(try node(minimumIndent: indent + 1))
                } else {
                    elements.append(.null)
                }
            } else {
                // The entry's content continues at the column it starts in.
                lines[index].indent = indent + Self.columns(in: text, to: rest.startIndex)
                lines[index].text = rest
                elements.append(try node(minimumIndent: lines[index].indent))
            }
        }
        return .array(elements)
    }

    /// Where a block mapping's key ends: the `:` followed by a space or the end of the line,
    /// outside quotes and flow collections.
    static func mappingKeyEnd(in text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        func isKeyEnd(at position: Substring.Index) -> Bool {
            guard position < utf8.endIndex, utf8[position] == UInt8(ascii: ":") else { return false }
            let next = utf8.index(after: position)
            return next == utf8.endIndex || utf8[next] == 0x20
        }
        guard let first = utf8.first else { return nil }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            // A flow collection is a key only when a `:` follows its end.
            guard let end = flowEnd(in: text) else { return nil }
            return isKeyEnd(at: end) ? end : nil
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = quotedEnd(in: text) else { return nil }
            let after = utf8[close...].firstIndex { $0 != 0x20 } ?? utf8.endIndex
            return isKeyEnd(at: after) ? after : nil
        }
        var position = utf8.startIndex
        while let colon = utf8[position...].firstIndex(of: UInt8(ascii: ":")) {
            if isKeyEnd(at: colon) { return colon }
            position = utf8.index(after: colon)
        }
        return nil
    }

    /// The index after a quoted scalar that starts `text` on this line, if it closes here.
    static func quotedEnd(in text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        guard let quote = utf8.first else { return nil }
        var position = utf8.index(after: utf8.startIndex)
        while position < utf8.endIndex {
            let byte = utf8[position]
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                position = utf8.index(after: position)
                if position < utf8.endIndex { position = utf8.index(after: position) }
                continue
            }
            if byte == quote {
                let next = utf8.index(after: position)
                if quote == UInt8(ascii: "'") && next < utf8.endIndex && utf8[next] == quote {
                    position = utf8.index(after: next)
                    continue
                }
                return next
            }
            position = utf8.index(after: position)
        }
        return nil
    }

    /// The index after a flow collection that starts `text` on this line, if it closes here.
    static func flowEnd(in text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        var depth = 0
        var position = utf8.startIndex
        while position < utf8.endIndex {
            let byte = utf8[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let end = quotedEnd(in: text[position...]) else { return nil }
                position = end
                continue
            }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return utf8.index(after: position) }
            }
            position = utf8.index(after: position)
        }
        return nil
    }

    /// A block mapping whose keys stand at `indent`.
    private mutating func mapping(indent: Int) throws(DocumentError) -> DocumentNode {
        var object = DocumentObject()
        var merges: [DocumentNode] = []
        while true {
            skipBlank()
            guard index < lines.count, lines[index].indent == indent else { break }
            let line = lines[index]
            let text = line.content
            if text.hasPrefix("? ") { throw error("complex mapping keys ('? ') are not supported", at: line) }
            guard let colon = Self.mappingKeyEnd(in: text) else {
                if text == "-" || text.hasPrefix("- ") { break }
                throw error("expected a 'key: value' line in this mapping", at: line)
            }
            let keyText = Self.trim(text[..<colon])
            let key: String
            if let quote = keyText.utf8.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                // A quoted key without escapes (nearly all of them) is the text between its quotes.
                let inner = keyText.utf8.dropFirst().dropLast()
                if keyText.utf8.count > 1, keyText.utf8.last == quote, !inner.contains(quote), !inner.contains(UInt8(ascii: "\\")) {
                    key = String(Substring(inner))
                } else {
                    var flow = FlowParser(text: keyText, line: line, reader: self)
                    key = try flow.quoted()
                }
            } else {
                key = String(keyText)
            }
            let rest = Self.trim(text[text.index(after: colon)...])
            let value: DocumentNode
            if rest.isEmpty {
                index += 1
                skipBlank()
                if index < lines.count, lines[index].indent > indent {
                    value = try node(minimumIndent: indent + 1)
                } else if index < lines.count, lines[index].indent == indent, lines[index].content.hasPrefix("-") {
                    value = try sequence(indent: indent)
                } else {
                    value = .null
                }
            } else {
                let offset = Self.columns(in: line.text, to: rest.startIndex)
                lines[index].text = rest
                lines[index].indent = indent + offset
                value = try inlineValue(parentIndent: indent)
            }
            if key == "<<" {
                merges.append(value)
            } else if !object.set(key, value) {
                throw error("the key '\(key)' appears twice in this mapping", at: line)
            }
        }
        for merge in merges {
            for source in merge.array ?? [merge] {
                for (key, value) in source.object?.members ?? [] where object[key] == nil { object.set(key, value) }
            }
        }
        return .object(object)
    }

    /// The value after `key:` on the same line (the current line now holds only it).
    private mutating func inlineValue(parentIndent: Int) throws(DocumentError) -> DocumentNode {
        let line = lines[index]
        var text = line.text
        var properties = NodeProperties()
        try properties.read(from: &text, reader: self, line: line)
        if text.isEmpty {
            index += 1
            skipBlank()
            var value = DocumentNode.null
            if index < lines.count, lines[index].indent > parentIndent {
                value = try node(minimumIndent: parentIndent + 1)
            } else if index < lines.count, lines[index].indent == parentIndent, lines[index].content.hasPrefix("-") {
                value = try sequence(indent: parentIndent)
            }
            return try properties.apply(to: value, reader: &self)
        }
        lines[index].text = text
        return try properties.apply(to: try scalarNode(indent: line.indent, parentIndent: parentIndent), reader: &self)
    }

    /// A scalar or flow collection on the current line, which may continue on lines indented
    /// more than `parentIndent`.
    private mutating func scalarNode(indent: Int, parentIndent: Int) throws(DocumentError) -> DocumentNode {
        let line = lines[index]
        let text = line.text
        if text.hasPrefix("*") {
            index += 1
            let name = String(text.dropFirst())
            guard let node = anchors[name] else { throw error("the alias *\(name) has no anchor before it", at: line) }
            return node
        }
        if text.first == "|" || text.first == ">" { return .string(try blockScalar(header: text, parentIndent: parentIndent)) }
        func complete(_ value: Substring) -> Bool {
            switch value.first {
            case "\"", "'": return Self.quotedEnd(in: value) != nil
            case "[", "{": return Self.flowEnd(in: value) != nil
            default: return true
            }
        }
        let isPlain = !(text.first == "\"" || text.first == "'" || text.first == "[" || text.first == "{")
        // Most scalars fit on their line: read them where they stand.
        let next = index + 1 < lines.count ? lines[index + 1] : nil
        let continues: Bool
        if isPlain {
            continues = next.map { next in
                next.indent > parentIndent && !next.content.isEmpty && Self.mappingKeyEnd(in: next.content) == nil && !next.content.hasPrefix("- ")
                    || next.indent > parentIndent && next.text.isEmpty
            } ?? false
        } else {
            continues = !complete(text)
        }
        if !continues {
            var flow = FlowParser(text: isPlain ? Self.stripComment(text) : text, line: line, reader: self)
            let value = try flow.value(inFlow: false)
            try flow.expectEnd()
            index += 1
            return value
        }
        // Gather continuation lines for quoted scalars, flow collections and plain scalars.
        var gathered = String(text)
        var consumed = 1
        while index + consumed < lines.count {
            let next = lines[index + consumed]
            if isPlain {
                // A plain scalar continues on more-indented lines that are not comments or keys.
                guard next.indent > parentIndent, !next.content.isEmpty || next.text.isEmpty else { break }
                if next.text.isEmpty {
                    gathered += "\n"
                    consumed += 1
                    continue
                }
                let continuation = next.content
                guard Self.mappingKeyEnd(in: continuation) == nil, !continuation.hasPrefix("- ") else { break }
                if gathered.hasSuffix("\n") { gathered += continuation } else { gathered += " " + continuation }
                consumed += 1
            } else {
                guard !complete(Substring(gathered)) else { break }
                gathered += "\n" + String(next.text)
                consumed += 1
            }
        }
        if isPlain {
            // Trailing empty lines are not part of the scalar.
            while gathered.hasSuffix("\n") { gathered.removeLast() }
            while consumed > 1, index + consumed - 1 < lines.count, lines[index + consumed - 1].text.isEmpty { consumed -= 1 }
        }
        var flow = FlowParser(text: Substring(gathered), line: line, reader: self)
        let value = try flow.value(inFlow: false)
        try flow.expectEnd()
        index += consumed
        return value
    }

    /// A literal (`|`) or folded (`>`) block scalar with its chomping and indentation
    /// indicators.
    private mutating func blockScalar(header: Substring, parentIndent: Int) throws(DocumentError) -> String {
        let headerLine = lines[index]
        let isFolded = header.first == ">"
        var chomping: Character = " "
        var explicitIndent: Int?
        for character in Self.stripComment(header.dropFirst()) {
            if character == "-" || character == "+" {
                chomping = character
            } else if let digit = character.wholeNumberValue, digit > 0 {
                explicitIndent = digit
            } else {
                throw error("unexpected '\(character)' after a block scalar's indicator", at: headerLine)
            }
        }
        index += 1
        var contentIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
        var contentLines: [Substring] = []
        while index < lines.count {
            let line = lines[index]
            let isEmpty = line.text.allSatisfy { $0 == " " }
            if contentIndent == nil, !isEmpty {
                guard line.indent > parentIndent else { break }
                contentIndent = line.indent
            }
            if isEmpty {
                contentLines.append("")
                index += 1
                continue
            }
            guard let indent = contentIndent, line.indent >= indent else { break }
            contentLines.append(Substring(String(repeating: " ", count: line.indent - indent)) + line.text)
            index += 1
        }
        var trailingEmpty = 0
        while contentLines.last == "" {
            contentLines.removeLast()
            trailingEmpty += 1
        }
        var text: String
        if isFolded {
            text = ""
            var previousWasMoreIndented = false
            for (position, line) in contentLines.enumerated() {
                let moreIndented = line.first == " "
                if position == 0 {
                    text = String(line)
                } else if line.isEmpty {
                    text += "\n"
                } else if contentLines[position - 1].isEmpty || moreIndented || previousWasMoreIndented {
                    text += (contentLines[position - 1].isEmpty && !moreIndented && !previousWasMoreIndented ? "" : "\n") + line
                } else {
                    text += " " + line
                }
                if !line.isEmpty { previousWasMoreIndented = moreIndented }
            }
        } else {
            text = contentLines.joined(separator: "\n")
        }
        switch chomping {
        case "-": return text
        case "+": return contentLines.isEmpty ? String(repeating: "\n", count: trailingEmpty) : text + "\n" + String(repeating: "\n", count: trailingEmpty)
        default: return contentLines.isEmpty ? "" : text + "\n"
        }
    }

    // MARK: - Anchors and tags

    /// `&anchor` and `!tag` before a node.
    private struct NodeProperties {
        var anchor: String?

        mutating func read(from text: inout Substring, reader: YAMLReader, line: Line) throws(DocumentError) {
            while let first = text.first, first == "&" || first == "!" {
                let word = text.prefix { $0 != " " }
                if first == "&" {
                    guard word.count > 1 else { throw reader.error("an anchor needs a name after '&'", at: line) }
                    anchor = String(word.dropFirst())
                }
                text = YAMLReader.trim(text.dropFirst(word.count))
            }
        }

        func apply(to node: DocumentNode, reader: inout YAMLReader) throws(DocumentError) -> DocumentNode {
            if let anchor { reader.anchors[anchor] = node }
            return node
        }
    }

    // MARK: - Flow values and scalars

    /// Reads quoted scalars, plain scalars and flow collections from text that may span lines.
    private struct FlowParser {
        let text: Substring
        let line: Line
        /// The anchors defined so far, for aliases.
        let anchors: [String: DocumentNode]
        var position: Substring.Index

        init(text: Substring, line: Line, reader: YAMLReader) {
            self.text = text
            self.line = line
            anchors = reader.anchors
            position = text.startIndex
        }

        func error(_ message: String) -> DocumentError {
            DocumentError(line: line.number, column: line.indent + text.distance(from: text.startIndex, to: position) + 1, message: message)
        }

        mutating func skipSpace() {
            while position < text.endIndex, text[position] == " " || text[position] == "\n" || text[position] == "\t" {
                position = text.index(after: position)
            }
            if position < text.endIndex, text[position] == "#" {
                while position < text.endIndex, text[position] != "\n" { position = text.index(after: position) }
                skipSpace()
            }
        }

        mutating func expectEnd() throws(DocumentError) {
            skipSpace()
            guard position == text.endIndex else { throw error("unexpected text after the value") }
        }

        mutating func value(inFlow: Bool) throws(DocumentError) -> DocumentNode {
            skipSpace()
            guard position < text.endIndex else { return .null }
            switch text[position] {
            case "[": return try flowSequence()
            case "{": return try flowMapping()
            case "\"", "'": return .string(try quoted())
            case "*":
                let start = text.index(after: position)
                var end = start
                while end < text.endIndex, !" ,]}\n".contains(text[end]) { end = text.index(after: end) }
                position = end
                let name = String(text[start..<end])
                guard let node = anchors[name] else { throw error("the alias *\(name) has no anchor before it") }
                return node
            default:
                return YAMLReader.resolve(plain(inFlow: inFlow))
            }
        }

        mutating func plain(inFlow: Bool) -> String {
            let start = position
            // Outside a flow collection, a plain scalar on one line is the rest of the line.
            if !inFlow, !text.utf8[start...].contains(0x0A) {
                position = text.endIndex
                return String(YAMLReader.trim(text[start...]))
            }
            while position < text.endIndex {
                let character = text[position]
                if inFlow && (character == "," || character == "]" || character == "}") { break }
                if character == ":" {
                    let next = text.index(after: position)
                    if next == text.endIndex || text[next] == " " || text[next] == "\n" || (inFlow && ",]}".contains(text[next])) { break }
                }
                if character == "#", position > start, text[text.index(before: position)] == " " { break }
                position = text.index(after: position)
            }
            let raw = text[start..<position]
            // Line breaks in a plain scalar fold into spaces; empty lines into line breaks.
            let folded = raw.split(separator: "\n", omittingEmptySubsequences: false).map { YAMLReader.trim($0) }
            var result = ""
            for (index, part) in folded.enumerated() {
                if index == 0 {
                    result = String(part)
                } else if part.isEmpty {
                    result += "\n"
                } else {
                    result += (result.hasSuffix("\n") || result.isEmpty ? "" : " ") + part
                }
            }
            return String(YAMLReader.trim(Substring(result)))
        }

        mutating func quoted() throws(DocumentError) -> String {
            let opening = position
            let quote = text[position]
            let quoteByte = text.utf8[position]
            // Most quoted scalars have no escape and no line break: take them as they are.
            let afterOpening = text.utf8.index(after: position)
            if let close = text.utf8[afterOpening...].firstIndex(where: { $0 == quoteByte || $0 == UInt8(ascii: "\\") || $0 == 0x0A }),
                text.utf8[close] == quoteByte
            {
                let next = text.utf8.index(after: close)
                if !(quoteByte == UInt8(ascii: "'") && next < text.endIndex && text.utf8[next] == UInt8(ascii: "'")) {
                    position = next
                    return String(text[afterOpening..<close])
                }
            }
            position = text.index(after: position)
            var result = ""
            var pendingSpace = ""
            while position < text.endIndex {
                let character = text[position]
                if character == quote {
                    let next = text.index(after: position)
                    if quote == "'" && next < text.endIndex && text[next] == "'" {
                        result += pendingSpace + "'"
                        pendingSpace = ""
                        position = text.index(after: next)
                        continue
                    }
                    position = next
                    return result + pendingSpace
                }
                if character == "\n" {
                    // Folding: trailing spaces dropped, one line break is a space, more are breaks.
                    while result.hasSuffix(" ") || result.hasSuffix("\t") { result.removeLast() }
                    var breaks = 0
                    while position < text.endIndex, text[position] == "\n" || text[position] == " " || text[position] == "\t" {
                        if text[position] == "\n" { breaks += 1 }
                        position = text.index(after: position)
                    }
                    pendingSpace = breaks > 1 ? String(repeating: "\n", count: breaks - 1) : " "
                    continue
                }
                result += pendingSpace
                pendingSpace = ""
                if quote == "\"" && character == "\\" {
                    position = text.index(after: position)
                    guard position < text.endIndex else { break }
                    let escaped = text[position]
                    position = text.index(after: position)
                    switch escaped {
                    case "0": result += "\0"
                    case "a": result += "\u{07}"
                    case "b": result += "\u{08}"
                    case "t", "\t": result += "\t"
                    case "n": result += "\n"
                    case "v": result += "\u{0B}"
                    case "f": result += "\u{0C}"
                    case "r": result += "\r"
                    case "e": result += "\u{1B}"
                    case " ": result += " "
                    case "\"": result += "\""
                    case "/": result += "/"
                    case "\\": result += "\\"
                    case "N": result += "\u{85}"
                    case "_": result += "\u{A0}"
                    case "L": result += "\u{2028}"
                    case "P": result += "\u{2029}"
                    case "x", "u", "U":
                        let count = escaped == "x" ? 2 : escaped == "u" ? 4 : 8
                        let end = text.index(position, offsetBy: count, limitedBy: text.endIndex) ?? text.endIndex
                        guard let code = UInt32(text[position..<end], radix: 16), let scalar = Unicode.Scalar(code) else {
                            throw error("a \\\(escaped) escape needs \(count) hexadecimal digits")
                        }
                        result.unicodeScalars.append(scalar)
                        position = end
                    case "\n":
                        // An escaped line break joins the lines without a space.
                        while position < text.endIndex, text[position] == " " || text[position] == "\t" { position = text.index(after: position) }
                    default:
                        throw error("an unknown escape '\\\(escaped)' in a double-quoted string")
                    }
                    continue
                }
                result.append(character)
                position = text.index(after: position)
            }
            position = opening
            throw error("the quoted string does not end")
        }

        mutating func flowSequence() throws(DocumentError) -> DocumentNode {
            position = text.index(after: position)
            var elements: [DocumentNode] = []
            while true {
                skipSpace()
                guard position < text.endIndex else { throw error("the flow sequence does not end with ']'") }
                if text[position] == "]" {
                    position = text.index(after: position)
                    return .array(elements)
                }
                elements.append(try value(inFlow: true))
                skipSpace()
                guard position < text.endIndex else { throw error("the flow sequence does not end with ']'") }
                if text[position] == "," {
                    position = text.index(after: position)
                } else if text[position] != "]" {
                    throw error("expected ',' or ']' in a flow sequence")
                }
            }
        }

        mutating func flowMapping() throws(DocumentError) -> DocumentNode {
            position = text.index(after: position)
            var object = DocumentObject()
            while true {
                skipSpace()
                guard position < text.endIndex else { throw error("the flow mapping does not end with '}'") }
                if text[position] == "}" {
                    position = text.index(after: position)
                    return .object(object)
                }
                let key: String
                if text[position] == "\"" || text[position] == "'" {
                    key = try quoted()
                } else {
                    key = plain(inFlow: true)
                }
                skipSpace()
                var value = DocumentNode.null
                if position < text.endIndex, text[position] == ":" {
                    position = text.index(after: position)
                    skipSpace()
                    if position < text.endIndex, text[position] != ",", text[position] != "}" { value = try self.value(inFlow: true) }
                }
                guard object.set(key, value) else { throw error("the key '\(key)' appears twice in this mapping") }
                skipSpace()
                guard position < text.endIndex else { throw error("the flow mapping does not end with '}'") }
                if text[position] == "," {
                    position = text.index(after: position)
                } else if text[position] != "}" {
                    throw error("expected ',' or '}' in a flow mapping")
                }
            }
        }
    }

    /// A plain scalar by the YAML 1.2 core schema: null, a boolean, a number, or a string.
    static func resolve(_ plain: String) -> DocumentNode {
        switch plain {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number("1e999")
        case "-.inf", "-.Inf", "-.INF": return .number("-1e999")
        default: break
        }
        let body = plain.hasPrefix("-") || plain.hasPrefix("+") ? plain.dropFirst() : Substring(plain)
        let sign = plain.hasPrefix("-") ? "-" : ""
        if !body.isEmpty, body.allSatisfy(\.isASCIIDigit) {
            // Decimal integers as JSON writes them, so JSON and YAML import alike.
            let digits = body.drop { $0 == "0" }
            return .number(sign + (digits.isEmpty ? "0" : String(digits)))
        }
        if plain.hasPrefix("0o"), let value = Int64(plain.dropFirst(2), radix: 8) { return .number(String(value)) }
        if plain.hasPrefix("0x"), let value = Int64(plain.dropFirst(2), radix: 16) { return .number(String(value)) }
        if isFloat(body) { return .number(plain.hasPrefix("+") ? String(body) : plain) }
        return .string(plain)
    }

    /// `[0-9]+(.[0-9]*)?([eE][-+]?[0-9]+)?` or `.[0-9]+…`, without the sign.
    private static func isFloat(_ text: Substring) -> Bool {
        var rest = text
        let integer = rest.prefix { $0.isASCIIDigit }
        rest = rest.dropFirst(integer.count)
        var fraction: Substring = ""
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix { $0.isASCIIDigit }
            rest = rest.dropFirst(fraction.count)
        } else if integer.isEmpty {
            return false
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return false }
        if let exponent = rest.first, exponent == "e" || exponent == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let digits = rest.prefix { $0.isASCIIDigit }
            guard !digits.isEmpty else { return false }
            rest = rest.dropFirst(digits.count)
        }
        return rest.isEmpty
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
