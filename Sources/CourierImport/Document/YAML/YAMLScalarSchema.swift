/// The YAML 1.2 core schema: which value a scalar is. A plain scalar is null, a boolean, an
/// integer, a float or a string by its text; a quoted or block scalar is a string; a tag
/// (`!!str`, `!!int`, `!` …) decides over both. YAML 1.1's `yes`, `no`, `on` and `off` are
/// strings here: where a description means a boolean, its own schema says so.
enum YAMLScalarSchema {
    private static let core = "tag:yaml.org,2002:"

    /// The node a scalar stands for.
    static func compose(_ text: String, style: YAMLScalarStyle, tag: String?, at token: YAMLToken) throws(DocumentError) -> YAMLParser.Composed {
        let plain = style == .plain
        let node: DocumentNode
        switch tag {
        case nil:
            node = plain ? resolve(text) : .string(text)
        case "!", core + "str":
            node = .string(text)
        case core + "null":
            guard resolve(text) == .null else { throw mismatch(text, "null", at: token) }
            node = .null
        case core + "bool":
            guard case .bool = resolve(text) else { throw mismatch(text, "a boolean", at: token) }
            node = resolve(text)
        case core + "int":
            guard case .number(let number) = resolve(text), !number.contains("."), !number.contains("e") else {
                throw mismatch(text, "an integer", at: token)
            }
            node = .number(number)
        case core + "float":
            guard case .number = resolve(text) else { throw mismatch(text, "a number", at: token) }
            node = resolve(text)
        default:
            // Other tags (`!!binary`, `!local` …) name types Courier does not know: the text stays.
            node = plain ? resolve(text) : .string(text)
        }
        return YAMLParser.Composed(node: node, keyText: text, isPlain: plain && tag == nil)
    }

    /// The node of an empty value that has an anchor or a tag: null, or "" when the tag says text.
    static func composeEmpty(tag: String?) -> YAMLParser.Composed {
        if tag == "!" || tag == core + "str" { return YAMLParser.Composed(node: .string(""), keyText: "", isPlain: false) }
        return .empty
    }

    private static func mismatch(_ text: String, _ kind: String, at token: YAMLToken) -> DocumentError {
        DocumentError(line: token.start.line, column: token.start.column + 1, message: "the tag says '\(text)' is \(kind), and it is not")
    }

    /// A plain scalar's value. Numbers are written as JSON writes them (`0x1F` is `31`, `+.5` is
    /// `0.5`), so a description reads alike in YAML and JSON; infinity is `1e999`, which every
    /// JSON reader takes as infinite.
    static func resolve(_ text: String) -> DocumentNode {
        // Most scalars are words that no rule below can match: tell them by their first byte.
        guard let lead = text.utf8.first else { return .null }
        switch lead {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
            UInt8(ascii: "F"):
            guard text.utf8.count <= 5 else { return .string(text) }
        case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number("1e999")
        case "-.inf", "-.Inf", "-.INF": return .number("-1e999")
        default: break
        }
        let utf8 = Array(text.utf8)
        guard let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || isDigit(first) else {
            return .string(text)
        }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "o") || utf8[1] == UInt8(ascii: "x") {
            let radix = utf8[1] == UInt8(ascii: "o") ? 8 : 16
            guard let decimal = decimalDigits(of: utf8.dropFirst(2), radix: radix) else { return .string(text) }
            return .number(decimal)
        }
        return number(utf8).map(DocumentNode.number) ?? .string(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` as JSON number text, or nil.
    private static func number(_ utf8: [UInt8]) -> String? {
        var position = 0
        var sign = ""
        if utf8[0] == UInt8(ascii: "-") || utf8[0] == UInt8(ascii: "+") {
            if utf8[0] == UInt8(ascii: "-") { sign = "-" }
            position = 1
        }
        func digits() -> ArraySlice<UInt8> {
            let start = position
            while position < utf8.count, isDigit(utf8[position]) { position += 1 }
            return utf8[start..<position]
        }
        let integer = digits()
        var fraction: ArraySlice<UInt8>?
        if position < utf8.count, utf8[position] == UInt8(ascii: ".") {
            position += 1
            fraction = digits()
        }
        guard !integer.isEmpty || fraction?.isEmpty == false else { return nil }
        var exponent = ""
        if position < utf8.count, utf8[position] == UInt8(ascii: "e") || utf8[position] == UInt8(ascii: "E") {
            position += 1
            var exponentSign = ""
            if position < utf8.count, utf8[position] == UInt8(ascii: "-") || utf8[position] == UInt8(ascii: "+") {
                exponentSign = utf8[position] == UInt8(ascii: "-") ? "-" : "+"
                position += 1
            }
            let exponentDigits = digits()
            guard !exponentDigits.isEmpty else { return nil }
            exponent = "e" + exponentSign + String(decoding: exponentDigits, as: UTF8.self)
        }
        guard position == utf8.count else { return nil }
        let significant = integer.drop { $0 == UInt8(ascii: "0") }
        var result = sign + (significant.isEmpty ? "0" : String(decoding: significant, as: UTF8.self))
        if let fraction { result += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return result + exponent
    }

    /// The decimal digits of an octal or hexadecimal number of any length, or nil.
    private static func decimalDigits(of digits: ArraySlice<UInt8>, radix: Int) -> String? {
        // Little-endian base-10 digits, multiplied and added into as each digit is read.
        var decimal: [Int] = [0]
        for byte in digits {
            guard let value = YAMLScanner.hexValue(byte), value < radix else { return nil }
            var carry = value
            for index in decimal.indices {
                let product = decimal[index] * radix + carry
                decimal[index] = product % 10
                carry = product / 10
            }
            while carry > 0 {
                decimal.append(carry % 10)
                carry /= 10
            }
        }
        while decimal.count > 1, decimal.last == 0 { decimal.removeLast() }
        return String(decimal.reversed().map { Character(String($0)) })
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
