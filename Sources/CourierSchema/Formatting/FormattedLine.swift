/// One line of a file being formatted.
struct FormattedLine {
    enum Kind: Equatable {
        case blank
        /// A `///` line.
        case doc
        /// A line holding only a `//` comment.
        case comment
        case code
    }

    var kind: Kind
    var tokens: [Token]
    /// The `//` comment at the end of a code line.
    var trailingComment: String?
    /// Block levels.
    var depth = 0
    /// Whether the line continues a bracket opened on an earlier line.
    var isContinuation = false
    /// Whether the line starts a top-level declaration or a group's endpoint: it gets one blank
    /// line before it and its doc comments.
    var startsMember = false
    /// The code, spaced; set by `indent`.
    var code = ""

    var indentation: String { String(repeating: "  ", count: depth) + (isContinuation ? "    " : "") }

    /// Splits tokens into lines, with attributes put in order.
    static func split(_ tokens: [Token]) -> [FormattedLine] {
        var lines: [FormattedLine] = []
        var current: [Token] = []
        func finish() {
            var line = FormattedLine(kind: .blank, tokens: current)
            if let last = current.last, last.kind == .comment {
                line.tokens.removeLast()
                if line.tokens.isEmpty {
                    line.kind = .comment
                    line.trailingComment = last.text
                } else {
                    line.trailingComment = last.text
                }
            }
            if line.kind == .blank, !line.tokens.isEmpty {
                line.kind = line.tokens.count == 1 && line.tokens[0].kind == .docComment ? .doc : .code
            }
            if line.kind == .code {
                line.tokens = ordered(line.tokens)
                lines += onePerLine(line)
            } else {
                lines.append(line)
            }
            current = []
        }
        for token in tokens {
            switch token.kind {
            case .newline: finish()
            case .endOfFile:
                finish()
                return lines
            default: current.append(token)
            }
        }
        finish()
        return lines
    }

    /// A line holding several members (`model Point { x: Double, y: Double }`) as one line
    /// each: a break after `{`, before `}`, and for each comma between members (not those of a
    /// list after `returns` or `events`). The trailing
    /// comment stays on the last line.
    static func onePerLine(_ line: FormattedLine) -> [FormattedLine] {
        var pieces: [[Token]] = [[]]
        var depth = 0
        let tokens = line.tokens
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftBracket, .leftAngle: depth += 1
            case .rightParen, .rightBracket, .rightAngle: depth = max(0, depth - 1)
            default: break
            }
            // A comma between the media types after `returns` belongs to the list.
            let continuesMediaTypes =
                index > 0 && tokens[index - 1].kind == .string && index + 1 < tokens.count && tokens[index + 1].kind == .string
                && pieces[pieces.count - 1].first?.text == "returns"
            // So does a comma between the kinds of change after `events`.
            let continuesEvents = pieces[pieces.count - 1].first?.text == "events"
            if token.kind == .comma, depth == 0, !continuesMediaTypes, !continuesEvents {
                pieces.append([])
                continue
            }
            let isEmptyBlock = token.kind == .rightBrace && index > 0 && tokens[index - 1].kind == .leftBrace
            if token.kind == .rightBrace, !isEmptyBlock, !pieces[pieces.count - 1].isEmpty { pieces.append([]) }
            pieces[pieces.count - 1].append(token)
            let closesAtOnce = index + 1 < tokens.count && tokens[index + 1].kind == .rightBrace
            if token.kind == .leftBrace, index + 1 < tokens.count, !closesAtOnce { pieces.append([]) }
        }
        let nonEmpty = pieces.filter { !$0.isEmpty }
        guard nonEmpty.count > 1 else { return [line] }
        return nonEmpty.enumerated().map { index, tokens in
            FormattedLine(kind: .code, tokens: tokens, trailingComment: index == nonEmpty.count - 1 ? line.trailingComment : nil)
        }
    }

    /// Runs of attributes sorted into the canonical order.
    static func ordered(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .at else {
                result.append(tokens[index])
                index += 1
                continue
            }
            var run: [[Token]] = []
            while index < tokens.count, tokens[index].kind == .at {
                var attribute = [tokens[index]]
                index += 1
                if index < tokens.count, tokens[index].kind == .identifier {
                    attribute.append(tokens[index])
                    index += 1
                }
                if index < tokens.count, tokens[index].kind == .leftParen {
                    var depth = 0
                    while index < tokens.count {
                        let token = tokens[index]
                        attribute.append(token)
                        index += 1
                        if token.kind == .leftParen { depth += 1 }
                        if token.kind == .rightParen {
                            depth -= 1
                            if depth == 0 { break }
                        }
                    }
                }
                run.append(attribute)
            }
            let rank = { (attribute: [Token]) in
                SchemaFormatter.attributeOrder.firstIndex(of: attribute.count > 1 ? attribute[1].text : "") ?? SchemaFormatter.attributeOrder.count
            }
            result += run.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.flatMap(\.element)
        }
        return result
    }

    /// Sets each line's depth, continuation, member start and spaced code.
    static func indent(_ lines: inout [FormattedLine]) {
        var depth = 0
        var bracketDepth = 0
        // The kind of each open block: the first word of the line that opened it.
        var blocks: [String] = []
        for index in lines.indices {
            var line = lines[index]
            line.isContinuation = bracketDepth > 0
            line.depth = depth
            if line.kind == .code {
                if line.tokens.first?.kind == .rightBrace { line.depth = max(0, depth - 1) }
                let keyword = firstWord(line.tokens)
                let startsEndpoint = line.tokens.count > 2 && line.tokens[0].kind == .identifier && line.tokens[1].kind == .colon
                line.startsMember = !line.isContinuation && (depth == 0 || (depth == 1 && blocks.last == "group" && startsEndpoint))
                for token in line.tokens {
                    switch token.kind {
                    case .leftBrace:
                        depth += 1
                        blocks.append(keyword)
                    case .rightBrace:
                        depth = max(0, depth - 1)
                        _ = blocks.popLast()
                    case .leftParen, .leftBracket: bracketDepth += 1
                    case .rightParen, .rightBracket: bracketDepth = max(0, bracketDepth - 1)
                    default: break
                    }
                }
                line.code = spaced(line.tokens)
            } else if line.kind == .doc {
                let text = line.tokens[0].text
                line.code = text.isEmpty ? "///" : "/// " + text
            }
            lines[index] = line
        }
    }

    /// Whether a line holds only attributes, which belong to the declaration on the next line.
    static func isAttributesOnly(_ line: FormattedLine) -> Bool {
        line.kind == .code && line.tokens.first?.kind == .at && firstWord(line.tokens).isEmpty && line.tokens.last?.kind != .leftBrace
    }

    /// The first word of a line after its attributes: `group` in `@public group Open {`.
    static func firstWord(_ tokens: [Token]) -> String {
        var index = 0
        while index < tokens.count, tokens[index].kind == .at {
            index += 2
            if index < tokens.count, tokens[index].kind == .leftParen {
                while index < tokens.count, tokens[index].kind != .rightParen { index += 1 }
                index += 1
            }
        }
        return index < tokens.count && tokens[index].kind == .identifier ? tokens[index].text : ""
    }

    /// Tokens joined with the language's spacing.
    static func spaced(_ tokens: [Token]) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0, needsSpace(before: token, after: tokens[index - 1], twoBack: index > 1 ? tokens[index - 2] : nil) { text += " " }
            switch token.kind {
            case .string: text += SchemaText.quoted(token.text)
            case .docComment: text += token.text.isEmpty ? "///" : "/// " + token.text
            default: text += token.text
            }
        }
        return text
    }

    private static func needsSpace(before next: Token, after previous: Token, twoBack: Token?) -> Bool {
        switch next.kind {
        case .colon, .comma, .rightParen, .rightBracket, .rightAngle, .question, .leftAngle: return false
        case .leftParen where previous.kind == .identifier && twoBack?.kind == .at: return false
        case .rightBrace where previous.kind == .leftBrace: return false
        default: break
        }
        switch previous.kind {
        case .at, .leftParen, .leftBracket, .leftAngle: return false
        default: return true
        }
    }

    /// Comments at the ends of neighbouring lines of one indentation start in one column, two
    /// spaces after the longest code.
    static func alignTrailingComments(_ lines: inout [FormattedLine]) {
        var index = 0
        while index < lines.count {
            guard lines[index].kind == .code, lines[index].trailingComment != nil else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < lines.count, lines[end + 1].kind == .code, lines[end + 1].trailingComment != nil,
                lines[end + 1].indentation == lines[index].indentation
            {
                end += 1
            }
            let width = lines[index...end].map(\.code.count).max() ?? 0
            for position in index...end {
                let padding = String(repeating: " ", count: width - lines[position].code.count + 2)
                lines[position].code += padding + lines[position].trailingComment!
                lines[position].trailingComment = nil
            }
            index = end + 1
        }
    }

    /// The lines as text. Blank lines are the formatter's own: one before each top-level
    /// declaration and each endpoint of a group, above its doc comments, comments and lines of
    /// attributes, except at
    /// the start of the file or of a block; none anywhere else.
    static func join(_ allLines: [FormattedLine]) -> String {
        let lines = allLines.filter { $0.kind != .blank }
        var memberStarts = Set<Int>()
        for (index, line) in lines.enumerated() where line.startsMember {
            var start = index
            while start > 0, lines[start - 1].kind == .doc || lines[start - 1].kind == .comment || isAttributesOnly(lines[start - 1]) {
                start -= 1
            }
            memberStarts.insert(start)
        }
        var output: [String] = []
        for (index, line) in lines.enumerated() {
            let afterOpening = index == 0 || (lines[index - 1].kind == .code && lines[index - 1].tokens.last?.kind == .leftBrace)
            if memberStarts.contains(index), !afterOpening { output.append("") }
            output.append(line.indentation + (line.kind == .comment ? line.trailingComment! : line.code))
        }
        return output.isEmpty ? "" : output.joined(separator: "\n") + "\n"
    }
}
