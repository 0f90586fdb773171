import Foundation

/// Encodes values as compact JSON in one pass, straight into bytes: no value tree, no key
/// conversion, no formatter. The output is what Foundation's `JSONEncoder` writes for the same
/// values with `.withoutEscapingSlashes`, except that an object's members come in the order they
/// were encoded (a generated model's field order) and a `[String: …]` dictionary's in key order,
/// so the same value always gives the same bytes.
///
/// Dates follow the date style; `URL` is its absolute string, `Data` base64, `Decimal` a number,
/// `UUID` its lowercase `uuidString` (as in paths and queries). NaN and infinities are errors,
/// as with `JSONEncoder`.
///
/// Hand-written `Encodable` code may use containers in any order `JSONEncoder` accepts (fill a
/// super-encoder after the members, open two nested containers and then fill them) or write a
/// key twice (the last value wins, where the key first stood). The one pass notices, and such
/// a value is encoded again into a tree (`JSONTreeEncoder`) with the same spellings.
public struct WireJSONEncoder: Sendable {
    /// How dates are written.
    public var dateStyle: DateCodingStyle

    /// Creates an encoder.
    public init(dateStyle: DateCodingStyle = .iso8601) {
        self.dateStyle = dateStyle
    }

    /// Encodes a value as JSON.
    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let writer = JSONValueWriter(dateStyle: dateStyle)
        if try !writer.writeScalar(value, codingPath: []) {
            let root = JSONSlotEncoder(writer: writer, parent: nil, key: nil)
            try root.encode(contentsOf: value)
            guard !root.isUnused else {
                throw EncodingError.invalidValue(
                    value, .init(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
            }
            root.finish()
        }
        // Containers used out of order, or a key written twice: the one-pass output cannot
        // say that, so the value is encoded again into a tree.
        if writer.needsValueTree { return try JSONTreeEncoder.encode(value, dateStyle: dateStyle) }
        return Data(writer.output.bytes)
    }
}

/// The output of one `encode` call and the rules for values JSON spells specially.
final class JSONValueWriter {
    var output = JSONOutput(capacity: 1024)
    /// Set when a container was used after its place in the output had passed, or a key was
    /// written twice in one object: the output is then not what the value means.
    var needsValueTree = false
    let dateStyle: DateCodingStyle

    init(dateStyle: DateCodingStyle) {
        self.dateStyle = dateStyle
    }

    /// Writes a value that has a direct JSON spelling; false when the value must encode itself.
    /// Types are compared by identity, which costs far less than a dynamic cast.
    func writeScalar<Value: Encodable>(_ value: Value, codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(String.self): output.append(string: load(value, as: String.self))
        case ObjectIdentifier(Int.self): output.append(integer: load(value, as: Int.self))
        case ObjectIdentifier(Bool.self): output.append(bool: load(value, as: Bool.self))
        case ObjectIdentifier(Double.self): try writeNumber(load(value, as: Double.self), codingPath: codingPath())
        case ObjectIdentifier(Date.self): try write(date: load(value, as: Date.self), codingPath: codingPath())
        case ObjectIdentifier(UUID.self): output.append(uuid: load(value, as: UUID.self))
        case ObjectIdentifier(URL.self): output.append(string: load(value, as: URL.self).absoluteString)
        case ObjectIdentifier(Data.self): output.append(string: load(value, as: Data.self).base64EncodedString())
        case ObjectIdentifier(Decimal.self): output.append(number: load(value, as: Decimal.self).description)
        case ObjectIdentifier(Int64.self): output.append(integer: load(value, as: Int64.self))
        case ObjectIdentifier(Int32.self): output.append(integer: load(value, as: Int32.self))
        case ObjectIdentifier(Int16.self): output.append(integer: load(value, as: Int16.self))
        case ObjectIdentifier(Int8.self): output.append(integer: load(value, as: Int8.self))
        case ObjectIdentifier(UInt.self): output.append(integer: load(value, as: UInt.self))
        case ObjectIdentifier(UInt64.self): output.append(integer: load(value, as: UInt64.self))
        case ObjectIdentifier(UInt32.self): output.append(integer: load(value, as: UInt32.self))
        case ObjectIdentifier(UInt16.self): output.append(integer: load(value, as: UInt16.self))
        case ObjectIdentifier(UInt8.self): output.append(integer: load(value, as: UInt8.self))
        case ObjectIdentifier(Float.self): try writeNumber(load(value, as: Float.self), codingPath: codingPath())
        default: return false
        }
        return true
    }

    func writeNumber<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: [any CodingKey]
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(Number.self).\(value) directly in JSON."))
        }
        output.append(floatingPoint: value)
    }

    func write(date: Date, codingPath: [any CodingKey]) throws {
        switch dateStyle {
        case .iso8601:
            guard let text = ISO8601.writableString(from: date) else {
                throw EncodingError.invalidValue(
                    date, .init(codingPath: codingPath, debugDescription: "\(ISO8601.string(from: date)) cannot be written as an ISO 8601 timestamp"))
            }
            output.append(string: text)
        case .unixSeconds: try writeNumber(date.timeIntervalSince1970, codingPath: codingPath)
        case .unixMillis: try writeNumber(date.timeIntervalSince1970 * 1000, codingPath: codingPath)
        }
    }

    /// Reads a value as the type it is known to be (the caller compared the types).
    private func load<Value, Known>(_ value: Value, as type: Known.Type) -> Known {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: Known.self) }
    }
}

/// A dictionary, whose members are written in the order of their keys so that the bytes are
/// stable: a dictionary's own order changes from run to run (hashing is seeded per process).
protocol JSONSortedObject {
    func encodeSorted(into encoder: some Encoder) throws
}

extension Dictionary: JSONSortedObject where Key: Encodable, Value: Encodable {
    /// Dictionaries whose keys become JSON object keys (`String`, `Int` and other
    /// `CodingKeyRepresentable` keys) are objects with their members in key order. Others
    /// (`[Int8: Bool]`, an enum key that is not `CodingKeyRepresentable`) are what `Dictionary`
    /// encodes them as, an array of keys and values in turn, with the pairs in the order of
    /// their keys' JSON bytes.
    func encodeSorted(into encoder: some Encoder) throws {
        let members: [(String, Value)]
        if Key.self == String.self {
            members = map { (unsafeBitCast($0.key, to: String.self), $0.value) }
        } else if Key.self is any CodingKeyRepresentable.Type {
            members = map { (($0.key as! any CodingKeyRepresentable).codingKey.stringValue, $0.value) }
        } else {
            return try encodePairs(into: encoder)
        }
        var container = encoder.container(keyedBy: WireKey.self)
        for (key, value) in members.sorted(by: { $0.0 < $1.0 }) {
            try container.encode(value, forKey: WireKey(stringValue: key))
        }
    }

    private func encodePairs(into encoder: some Encoder) throws {
        let keyEncoder = WireJSONEncoder()
        let pairs = try map { (order: [UInt8](try keyEncoder.encode($0.key)), key: $0.key, value: $0.value) }
        var container = encoder.unkeyedContainer()
        for pair in pairs.sorted(by: { $0.order.lexicographicallyPrecedes($1.order) }) {
            try container.encode(pair.key)
            try container.encode(pair.value)
        }
    }
}
