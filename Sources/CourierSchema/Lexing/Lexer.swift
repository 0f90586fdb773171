/// Splits a schema file into tokens. Lexical errors are recorded and lexing goes on.
struct Lexer {
    private let bytes: [UInt8]
    private let path: String
    /// The byte being read; the literals' lexing (in its own file) moves it.
    var offset = 0
    private var line = 1
    private var lineStart = 0
    private var lastTokenLine = 0
    /// Whether `//` comments become `.comment` tokens (for the formatter) or are skipped.
    private let keepsComments: Bool
    var log = DiagnosticLog()

    init(file: SourceFile, keepsComments: Bool = false) {
        bytes = file.bytes
        path = file.path
        self.keepsComments = keepsComments
        // A UTF-8 byte order mark is allowed and ignored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// Lexes the whole file; the last token is always `.endOfFile`.
    static func tokenize(_ file: SourceFile, keepingComments: Bool = false) -> (tokens: [Token], log: DiagnosticLog) {
        var lexer = Lexer(file: file, keepsComments: keepingComments)
        var tokens: [Token] = []
        tokens.reserveCapacity(file.bytes.count / 4)
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        return (tokens, lexer.log)
    }

    var location: SourceLocation {
        SourceLocation(file: path, line: line, column: offset - lineStart + 1)
    }

    func peek(_ ahead: Int = 0) -> UInt8? {
        let index = offset + ahead
        return index < bytes.count ? bytes[index] : nil
    }

    func text(from start: Int) -> String {
        String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func make(_ kind: Token.Kind, _ text: String, at start: SourceLocation) -> Token {
        let startsLine = start.line != lastTokenLine
        lastTokenLine = start.line
        return Token(kind: kind, text: text, location: start, startsLine: startsLine)
    }

    mutating func next() -> Token {
        skipSpacesAndComments()
        let start = location
        guard let byte = peek() else { return make(.endOfFile, "", at: start) }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            consumeLineBreak()
            return make(.newline, "\n", at: start)
        case UInt8(ascii: "/"):
            if peek(1) == UInt8(ascii: "/"), peek(2) == UInt8(ascii: "/"), peek(3) != UInt8(ascii: "/") { return docComment(at: start) }
            if peek(1) == UInt8(ascii: "/") {
                let begin = offset
                skipToEndOfLine()
                var body = text(from: begin)
                while body.last == " " || body.last == "\t" { body.removeLast() }
                return make(.comment, body, at: start)
            }
            return pathToken(at: start)
        case UInt8(ascii: "\""):
            return stringLiteral(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(at: start)
        case _ where Lexer.isIdentifierStart(byte):
            let begin = offset
            while let next = peek(), Lexer.isIdentifierContinue(next) { offset += 1 }
            return make(.identifier, text(from: begin), at: start)
        default:
            offset += 1
            let kind: Token.Kind
            switch byte {
            case UInt8(ascii: "{"): kind = .leftBrace
            case UInt8(ascii: "}"): kind = .rightBrace
            case UInt8(ascii: "("): kind = .leftParen
            case UInt8(ascii: ")"): kind = .rightParen
            case UInt8(ascii: "["): kind = .leftBracket
            case UInt8(ascii: "]"): kind = .rightBracket
            case UInt8(ascii: "<"): kind = .leftAngle
            case UInt8(ascii: ">"): kind = .rightAngle
            case UInt8(ascii: ":"): kind = .colon
            case UInt8(ascii: ","): kind = .comma
            case UInt8(ascii: "="): kind = .equals
            case UInt8(ascii: "?"): kind = .question
            case UInt8(ascii: "@"): kind = .at
            default:
                return invalidCharacter(startingWith: byte, at: start)
            }
            return make(kind, String(UnicodeScalar(byte)), at: start)
        }
    }

    // MARK: - Pieces

    private mutating func skipSpacesAndComments() {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                offset += 1
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/"),
                !(peek(2) == UInt8(ascii: "/") && peek(3) != UInt8(ascii: "/"))
            {
                if keepsComments { return }
                skipToEndOfLine()
            } else {
                return
            }
        }
    }

    private mutating func skipToEndOfLine() {
        while let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            offset += 1
        }
    }

    private mutating func consumeLineBreak() {
        if peek() == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { offset += 1 }
        offset += 1
        line += 1
        lineStart = offset
    }

    private mutating func docComment(at start: SourceLocation) -> Token {
        offset += 3
        if peek() == UInt8(ascii: " ") { offset += 1 }
        let begin = offset
        skipToEndOfLine()
        var body = text(from: begin)
        while body.last == " " || body.last == "\t" { body.removeLast() }
        return make(.docComment, body, at: start)
    }

    /// A path runs to the next space or line break. A `{` followed by a space ends it, so that
    /// `GET /tasks{` still opens the endpoint's block.
    private mutating func pathToken(at start: SourceLocation) -> Token {
        let begin = offset
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                break
            }
            if byte == UInt8(ascii: "{") {
                let after = peek(1)
                if after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\n")
                    || after == UInt8(ascii: "\r") || after == UInt8(ascii: "\t")
                {
                    break
                }
            }
            // `/tasks@timeout(5s)` ends at the attribute; `/users/@me` is a path.
            if byte == UInt8(ascii: "@"), offset > begin, bytes[offset - 1] != UInt8(ascii: "/") { break }
            offset += 1
        }
        return make(.path, text(from: begin), at: start)
    }

    /// Reports the character whose first byte, `byte`, has just been consumed.
    mutating func invalidCharacter(startingWith byte: UInt8, at start: SourceLocation) -> Token {
        // Consume one whole UTF-8 scalar so that the message shows a real character.
        var length = 1
        if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
        let begin = offset - 1
        offset = min(bytes.count, begin + length)
        let shown = text(from: begin)
        log.error(start, "unexpected character '\(shown)'", hint: Lexer.hint(for: byte))
        return make(.invalid, shown, at: start)
    }

    private static func hint(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "'"): return "strings use double quotes"
        case UInt8(ascii: "#"): return "comments start with //"
        case UInt8(ascii: ";"): return "members are separated by newlines or commas"
        default: return nil
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
