import CourierRuntime
import Foundation

/// Reads JSON text (RFC 8259) into a `JSONValue`, byte by byte: a channel's messages are decoded
/// one by one as they arrive, and Foundation's `JSONDecoder` through `Codable` took 40% of the
/// receiving path's time. Numbers are kept as `JSONValue`'s decoder keeps them (whole numbers in
/// 64 bits as `integer`, larger ones as `largeInteger`, the rest as `number`); nesting is limited.
struct JSONValueParser {
    /// Why the text is not JSON, and where.
    struct Failure: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    /// The deepest nesting read; deeper text is refused rather than recursed into.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `text` holds; throws when it is not exactly one JSON value.
    static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONValueParser(Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("text after the value") }
        return value
    }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw failure("expected \(word)") }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { throw failure("expected \(word)") }
        index += length
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            index += 1
            let member = try value(depth: depth + 1)
            // The first of a repeated key is kept, as `JSONValue`'s own decoding keeps it.
            if members[key] == nil { members[key] = member }
            skipWhitespace()
            guard index < bytes.count else { throw failure("an object that does not end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("an array that does not end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// A string after its opening quote's index; escapes decoded, lone surrogates refused.
    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // The common case, no escape: the bytes as they are (already valid UTF-8: they came
        // from a String).
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw failure("a control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw failure("a string that does not end") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        var run = index
        while true {
            guard index < bytes.count else { throw failure("a string that does not end") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
            index += 1
            guard index < bytes.count else { throw failure("a string that does not end") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw failure("a lone surrogate in a string")
                    }
                    index += 2
                    let low = try hexUnit()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in a string") }
                    scalars.append(Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))!)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw failure("a lone surrogate in a string")
                } else {
                    scalars.append(Unicode.Scalar(unit)!)
                }
            default:
                throw failure("an unknown escape in a string")
            }
            run = index
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape without four hex digits") }
        var unit: UInt16 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape without four hex digits")
            }
            unit = unit << 4 | UInt16(digit)
        }
        index += 4
        return unit
    }

    /// A number as RFC 8259 writes it: `-`, digits without a leading zero, a fraction, an exponent.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { throw failure("not a JSON value") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw failure("a fraction without digits") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw failure("an exponent without digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isWhole {
            if let integer = Int64(text) { return .integer(integer) }
            if text.count <= 39, let large = Decimal(string: text) { return .largeInteger(large) }
        }
        guard let number = Double(text), number.isFinite else { throw failure("a number beyond a Double's range") }
        // A whole number past 64 bits written with an exponent (`1E22`) is kept exactly too; one
        // with more digits than a Double holds (`1444444444444444444444444444444444.4444`) is the
        // whole number its Double is, so that any whole number past 64 bits reads as one kind.
        if number == number.rounded(), number.magnitude >= 0x1p63 {
            if let exact = Decimal(string: text), !exact.isNaN, !exact.description.contains(".") { return .largeInteger(exact) }
            if let whole = Decimal(string: "\(number)"), !whole.isNaN, !whole.description.contains(".") { return .largeInteger(whole) }
        }
        return .number(number)
    }
}
