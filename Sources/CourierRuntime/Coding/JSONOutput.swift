import Foundation

/// A growing buffer of JSON text, written in one pass with no intermediate value tree. Its
/// spelling of strings and numbers is the same as Foundation's `JSONEncoder` with
/// `.withoutEscapingSlashes`.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Where the keys of the objects still open were written, innermost last: the first
    /// `openKeyCount`, the rest room to reuse. A key is compared with its object's earlier keys
    /// as bytes, with no string or hash made.
    private var keys: [Range<Int>] = []
    private(set) var openKeyCount = 0

    /// Appends an object's key, quoted; returns whether the object, whose keys begin at
    /// `firstKey`, already has it. `kinds` has a bit per kind of key (its length and last byte)
    /// the object has, so that most keys are never compared.
    mutating func append(key: String, objectKeysFrom firstKey: Int, kinds: inout UInt64) -> Bool {
        let start = bytes.count
        append(string: key)
        let range = start..<bytes.count
        let kind: UInt64 = 1 << (UInt64(truncatingIfNeeded: range.count &* 7 &+ Int(bytes[range.upperBound - 2])) & 63)
        let isRepeated = kinds & kind != 0 && containsEqualRun(range, among: keys[firstKey..<openKeyCount])
        kinds |= kind
        if openKeyCount < keys.count {
            keys[openKeyCount] = range
        } else {
            keys.append(range)
        }
        openKeyCount += 1
        return isRepeated
    }

    /// Forgets the keys of an object that is finished, whose keys began at `firstKey`.
    mutating func closeKeys(from firstKey: Int) {
        openKeyCount = min(firstKey, openKeyCount)
    }

    /// Whether the bytes in `run` equal those of one of `others`.
    private func containsEqualRun(_ run: Range<Int>, among others: ArraySlice<Range<Int>>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for other in others where other.count == run.count {
                if memcmp(base + other.lowerBound, base + run.lowerBound, run.count) == 0 { return true }
            }
            return false
        }
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends ASCII text that needs no escaping, such as `null` or a number's digits.
    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(bool value: Bool) {
        value ? append(ascii: "true") : append(ascii: "false")
    }

    /// Appends a quoted string, escaping quotes, backslashes and control characters.
    mutating func append(string: String) {
        var string = string
        string.withUTF8 { appendQuoted($0) }
    }

    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                append(ascii: "u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func append<Integer: FixedWidthInteger>(integer value: Integer) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits of the magnitude, least significant first, in a small stack buffer.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var count = 0
            while magnitude > 0 {
                digits[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                bytes.append(digits[count])
            }
        }
    }

    /// Appends the shortest text that reads back as the same value, without a trailing `.0`,
    /// as `JSONEncoder` does. The caller rejects NaN and infinities first.
    mutating func append<Float: BinaryFloatingPoint & LosslessStringConvertible>(floatingPoint value: Float) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(number: text)
    }

    /// Appends bytes already written as JSON.
    mutating func append(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// The bytes written so far, leaving the buffer empty.
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Appends a number's text as it is.
    mutating func append(number text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a UUID in its canonical form (RFC 9562): lowercase, with dashes, quoted, as
    /// paths and queries send it.
    mutating func append(uuid: UUID) {
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: uuid.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
