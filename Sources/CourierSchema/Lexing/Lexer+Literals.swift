// Literals: strings with their escapes, and numbers and durations.
extension Lexer {
    mutating func stringLiteral(at start: SourceLocation) -> Token {
        offset += 1
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                log.error(
                    start, "unterminated string literal",
                    hint: "close the string with '\"' on the same line")
                return make(.string, String(decoding: value, as: UTF8.self), at: start)
            }
            offset += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte != UInt8(ascii: "\\") {
                value.append(byte)
                continue
            }
            let escapeLocation = location.advanced(by: -1)
            guard let escaped = peek(), escaped != UInt8(ascii: "\n"), escaped != UInt8(ascii: "\r")
            else { continue }
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): value.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "0"): value.append(0)
            case UInt8(ascii: "u"):
                if let scalar = unicodeEscape(at: escapeLocation) {
                    value.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
            default:
                log.error(
                    escapeLocation,
                    "invalid escape sequence '\\\(String(decoding: [escaped], as: UTF8.self))' in string",
                    hint: "use \\\", \\\\, \\n, \\t, \\r, \\0 or \\u{…}")
            }
        }
        return make(.string, String(decoding: value, as: UTF8.self), at: start)
    }

    /// Reads `{hex}` after `\u`.
    mutating func unicodeEscape(at escapeLocation: SourceLocation) -> UnicodeScalar? {
        guard peek() == UInt8(ascii: "{") else {
            log.error(escapeLocation, "expected '{' after '\\u'", hint: "write a code point as \\u{1F600}")
            return nil
        }
        offset += 1
        var digits = ""
        while let byte = peek(), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "\""),
            byte != UInt8(ascii: "\n"), digits.count <= 8
        {
            digits.append(Character(UnicodeScalar(byte)))
            offset += 1
        }
        if peek() == UInt8(ascii: "}") { offset += 1 }
        guard (1...8).contains(digits.count), let code = UInt32(digits, radix: 16),
            let scalar = UnicodeScalar(code)
        else {
            log.error(
                escapeLocation, "invalid unicode escape '\\u{\(digits)}'",
                hint: "use 1 to 8 hexadecimal digits naming a valid code point")
            return nil
        }
        return scalar
    }

    mutating func number(at start: SourceLocation) -> Token {
        let begin = offset
        if peek() == UInt8(ascii: "-") {
            offset += 1
            guard let next = peek(), Lexer.isDigit(next) else {
                return invalidCharacter(startingWith: UInt8(ascii: "-"), at: start)
            }
        }
        while let byte = peek(), Lexer.isDigit(byte) { offset += 1 }
        var kind = Token.Kind.integer
        if peek() == UInt8(ascii: "."), let after = peek(1), Lexer.isDigit(after) {
            kind = .decimal
            offset += 1
            while let byte = peek(), Lexer.isDigit(byte) { offset += 1 }
        }
        // An exponent, as JSON writes one: `1e-7`, `2.5E+10`.
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let signed = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-")
            if let digit = peek(signed ? 2 : 1), Lexer.isDigit(digit) {
                kind = .decimal
                offset += signed ? 2 : 1
                while let byte = peek(), Lexer.isDigit(byte) { offset += 1 }
            }
        }
        guard let byte = peek(), Lexer.isIdentifierStart(byte) else {
            return make(kind, text(from: begin), at: start)
        }
        let unitStart = offset
        while let next = peek(), Lexer.isIdentifierContinue(next) { offset += 1 }
        let unit = text(from: unitStart)
        if !["ms", "s", "m", "h"].contains(unit) {
            log.error(
                start, "unknown duration unit '\(unit)'",
                hint: "write a duration as 500ms, 2s, 1m or 1h")
            return make(.invalid, text(from: begin), at: start)
        }
        return make(.duration, text(from: begin), at: start)
    }
}
