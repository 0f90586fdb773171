/// Reads JSON (RFC 8259) into a `DocumentNode`, keeping object keys in order. Errors name the
/// line and column.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0

    /// Reads a whole document.
    static func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        try UTF8Check.refuseInvalid(in: bytes)
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private static let maximumDepth = 512

    private mutating func value(depth: Int) throws(DocumentError) -> DocumentNode {
        guard depth < Self.maximumDepth else { throw error("the JSON is nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count else { throw error("the JSON ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(UnicodeScalar(bytes[index])))' where a JSON value should be")
        }
    }

    private mutating func object(depth: Int) throws(DocumentError) -> DocumentNode {
        index += 1
        var object = DocumentObject()
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipSpace()
            object.set(key, try value(depth: depth + 1))
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
            index += 1
            return .object(object)
        }
    }

    private mutating func array(depth: Int) throws(DocumentError) -> DocumentNode {
        index += 1
        var elements: [DocumentNode] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth + 1))
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func string() throws(DocumentError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("a control character inside a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("the string does not end") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) } else { code = 0xFFFD }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                scalars += Array(String(Character(scalar)).utf8)
            default:
                throw error("an unknown escape '\\\(Character(UnicodeScalar(escaped)))' in a string")
            }
        }
        throw error("the string does not end")
    }

    private mutating func hex4() throws(DocumentError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            code = code * 16 + digit
        }
        index += 4
        return code
    }

    private mutating func number() throws(DocumentError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw error("a JSON number does not start with 0 unless it is 0 (no leading zeros)")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func literal(_ word: String) throws(DocumentError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("expected '\(word)'")
        }
        index += expected.count
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private func error(_ message: String) -> DocumentError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return DocumentError(line: line, column: column, message: message)
    }
}

/// A description that could not be read, at a line and column.
public struct DocumentError: Error, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in bytes, from 1.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
