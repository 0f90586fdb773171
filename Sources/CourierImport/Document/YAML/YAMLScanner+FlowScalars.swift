extension YAMLScanner {
    /// A single- or double-quoted scalar; its line breaks fold as the YAML rules say.
    mutating func fetchQuotedScalar(double: Bool) throws(DocumentError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let quote = byte()
        advance()
        var text: [UInt8] = []
        var whitespace: [UInt8] = []
        while true {
            if atDocumentMarker { throw error("a document marker stands inside this quoted string; is its closing quote missing?", at: start) }
            guard !atEnd else { throw error("the quoted string does not end", at: start) }
            var leadingBlanks = false
            var escapedBreak = false
            while !Self.isBlankOrEnd(byte()) {
                let c = byte()
                if !double && c == UInt8(ascii: "'") && byte(1) == UInt8(ascii: "'") {
                    text.append(c)
                    advance()
                    advance()
                } else if c == quote {
                    break
                } else if double && c == UInt8(ascii: "\\") && Self.isBreak(byte(1)) {
                    advance()
                    skipBreak()
                    leadingBlanks = true
                    escapedBreak = true
                    break
                } else if double && c == UInt8(ascii: "\\") {
                    try readEscape(into: &text)
                } else {
                    text.append(c)
                    advance()
                }
            }
            if byte() == quote { break }
            // Blanks and breaks between the parts of the string.
            var breaks = 0
            whitespace.removeAll(keepingCapacity: true)
            while Self.isBlank(byte()) || Self.isBreak(byte()) {
                if Self.isBlank(byte()) {
                    noteIndentation()
                    if !leadingBlanks { whitespace.append(byte()) }
                    advance()
                } else {
                    if leadingBlanks { breaks += 1 } else { leadingBlanks = true }
                    skipBreak()
                }
            }
            if leadingBlanks && !atEnd && !atDocumentMarker && inIndentation && indentationSpaces <= indent {
                throw error("this line of a quoted string must be indented more than the block it is in")
            }
            if leadingBlanks {
                if escapedBreak || breaks > 0 {
                    text.append(contentsOf: repeatElement(0x0A, count: breaks))
                } else {
                    text.append(0x20)
                }
            } else {
                text.append(contentsOf: whitespace)
            }
        }
        advance()
        lastWasJSONLike = true
        inIndentation = false
        let style: YAMLScalarStyle = double ? .doubleQuoted : .singleQuoted
        queue.append(YAMLToken(kind: .scalar(String(decoding: text, as: UTF8.self), style), start: start))
    }

    /// Whether the rest of the line, after blanks, holds more than a comment.
    func lineHasContent() -> Bool {
        var position = mark.index
        while position < bytes.count, Self.isBlank(bytes[position]) { position += 1 }
        return position < bytes.count && !Self.isBreak(bytes[position]) && bytes[position] != UInt8(ascii: "#")
    }

    /// Counts a blank of a line's indentation.
    mutating func noteIndentation() {
        guard inIndentation else { return }
        if byte() == 0x09 { indentationHasTab = true } else if !indentationHasTab { indentationSpaces += 1 }
    }

    /// An escape sequence of a double-quoted string, from its `\`.
    private mutating func readEscape(into text: inout [UInt8]) throws(DocumentError) {
        let start = mark
        advance()
        let code = byte()
        let simple: UInt8?
        switch code {
        case UInt8(ascii: "0"): simple = 0x00
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), 0x09: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): simple = code
        default: simple = nil
        }
        if let simple {
            text.append(simple)
            advance()
            return
        }
        let scalar: UInt32
        switch code {
        case UInt8(ascii: "N"): scalar = 0x85
        case UInt8(ascii: "_"): scalar = 0xA0
        case UInt8(ascii: "L"): scalar = 0x2028
        case UInt8(ascii: "P"): scalar = 0x2029
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            let length = code == UInt8(ascii: "x") ? 2 : code == UInt8(ascii: "u") ? 4 : 8
            guard var value = hexNumber(at: 1, length: length) else {
                throw error("'\\\(Character(UnicodeScalar(code)))' needs \(length) hexadecimal digits", at: start)
            }
            for _ in 0...length { advance() }
            // A UTF-16 surrogate pair written as two escapes is one character.
            if (0xD800..<0xDC00).contains(value), byte() == UInt8(ascii: "\\"), byte(1) == UInt8(ascii: "u"),
                let low = hexNumber(at: 2, length: 4), (0xDC00..<0xE000).contains(low)
            {
                for _ in 0..<6 { advance() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            scalar = value
        default:
            throw error("'\\\(Self.describe(code))' is not an escape of YAML; write '\\\\' for a backslash", at: start)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error("the escape names no Unicode character (U+\(String(scalar, radix: 16, uppercase: true)))", at: start)
        }
        text.append(contentsOf: String(Character(unicode)).utf8)
        if code == UInt8(ascii: "N") || code == UInt8(ascii: "_") || code == UInt8(ascii: "L") || code == UInt8(ascii: "P") { advance() }
    }

    /// The number written by `length` hexadecimal digits `offset` bytes ahead, or nil.
    private func hexNumber(at offset: Int, length: Int) -> UInt32? {
        var value: UInt32 = 0
        for position in offset..<(offset + length) {
            guard let digit = Self.hexValue(byte(position)) else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// A plain scalar: it ends at `: `, ` #`, a flow indicator in flow, or a line indented no
    /// deeper than its block.
    mutating func fetchPlainScalar() throws(DocumentError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let minimumColumn = indent + 1
        // Most plain scalars are one run of bytes; a second line or word starts the copy.
        var single: Range<Int>?
        var text: [UInt8] = []
        var whitespace: [UInt8] = []
        var leadingBlanks = false
        var breaks = 0
        while true {
            if atDocumentMarker || byte() == UInt8(ascii: "#") { break }
            let partStart = mark.index
            while !Self.isBlankOrEnd(byte()) {
                let c = byte()
                if c == UInt8(ascii: ":") {
                    let after = byte(1)
                    if Self.isBlankOrEnd(after) || (flowLevel > 0 && Self.isFlowIndicator(after)) { break }
                } else if flowLevel > 0 && Self.isFlowIndicator(c) {
                    break
                }
                advance()
            }
            guard mark.index > partStart else { break }
            if single == nil && text.isEmpty {
                single = partStart..<mark.index
            } else if let run = single {
                text.append(contentsOf: bytes[run])
                single = nil
            }
            if single != nil {
                // The first run: nothing to join yet.
            } else if leadingBlanks {
                if breaks == 0 { text.append(0x20) } else { text.append(contentsOf: repeatElement(0x0A, count: breaks)) }
                leadingBlanks = false
                breaks = 0
            } else {
                text.append(contentsOf: whitespace)
            }
            whitespace.removeAll(keepingCapacity: true)
            if single == nil { text.append(contentsOf: bytes[partStart..<mark.index]) }
            guard Self.isBlank(byte()) || Self.isBreak(byte()) else { break }
            while Self.isBlank(byte()) || Self.isBreak(byte()) {
                if Self.isBlank(byte()) {
                    if leadingBlanks && mark.column < minimumColumn && byte() == 0x09 && flowLevel == 0 && lineHasContent() {
                        throw error("a tab indents this line; YAML indents with spaces")
                    }
                    noteIndentation()
                    if !leadingBlanks { whitespace.append(byte()) }
                    advance()
                } else {
                    if leadingBlanks { breaks += 1 } else { leadingBlanks = true; whitespace.removeAll(keepingCapacity: true) }
                    skipBreak()
                }
            }
            if flowLevel == 0 && mark.column < minimumColumn { break }
            if flowLevel > 0 && leadingBlanks && !atEnd && byte() != UInt8(ascii: "#") && indentationSpaces <= indent {
                throw error("this line of a flow collection must be indented more than the block it is in")
            }
        }
        if leadingBlanks { simpleKeyAllowed = true }
        if !leadingBlanks { inIndentation = false }
        let value = single.map { String(decoding: bytes[$0], as: UTF8.self) } ?? String(decoding: text, as: UTF8.self)
        queue.append(YAMLToken(kind: .scalar(value, .plain), start: start))
    }
}
