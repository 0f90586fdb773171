import Foundation

/// The members of a JSON object.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONSlotEncoder

    var codingPath: [any CodingKey] { slot.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        slot.beginMember(key)
        slot.writer.output.append(ascii: "null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        slot.beginMember(key)
        slot.writer.output.append(bool: value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        slot.beginMember(key)
        slot.writer.output.append(string: value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.beginMember(key)
        try slot.writer.writeNumber(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        slot.beginMember(key)
        try slot.writer.writeNumber(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    private func integer(_ value: some FixedWidthInteger, _ key: Key) throws {
        slot.beginMember(key)
        slot.writer.output.append(integer: value)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        slot.beginMember(key)
        try slot.write(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        slot.beginMember(key)
        return slot.openChild(key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        slot.beginMember(key)
        return slot.openChild(key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = WireKey(stringValue: "super")
        slot.beginMember(key)
        return slot.openChild(key: key)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        slot.beginMember(key)
        return slot.openChild(key: key)
    }
}

/// The elements of a JSON array.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer, JSONPositionalContainer {
    let slot: JSONSlotEncoder

    var codingPath: [any CodingKey] { slot.codingPath }
    var count: Int { slot.count }

    func beginValue() -> (any CodingKey)? {
        let key = IndexKey(index: slot.count)
        slot.beginElement()
        return key
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        slot.openChild(key: beginValue()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.openChild(key: beginValue()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        slot.openChild(key: beginValue())
    }

    // The standard library's defaults throw for these; the positional extension cannot
    // provide them without being ambiguous with those defaults.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { integer(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { integer(value) }
}

/// One value written where the slot is.
struct JSONSingleValueContainer: SingleValueEncodingContainer, JSONPositionalContainer {
    let slot: JSONSlotEncoder

    var codingPath: [any CodingKey] { slot.codingPath }

    func beginValue() -> (any CodingKey)? {
        slot.beginSingleValue()
        return nil
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { integer(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { integer(value) }
}

/// What array and single-value containers share: each value goes where the slot is, after
/// `beginValue()` has made room for it.
protocol JSONPositionalContainer {
    var slot: JSONSlotEncoder { get }
    /// Starts the next value; returns the key that names it in error paths, if any.
    func beginValue() -> (any CodingKey)?
}

extension JSONPositionalContainer {
    private func path(_ key: (any CodingKey)?) -> [any CodingKey] {
        slot.codingPath + (key.map { [$0] } ?? [])
    }

    mutating func encodeNil() throws {
        _ = beginValue()
        slot.writer.output.append(ascii: "null")
    }

    mutating func encode(_ value: Bool) throws {
        _ = beginValue()
        slot.writer.output.append(bool: value)
    }

    mutating func encode(_ value: String) throws {
        _ = beginValue()
        slot.writer.output.append(string: value)
    }

    mutating func encode(_ value: Double) throws {
        let key = beginValue()
        try slot.writer.writeNumber(value, codingPath: path(key))
    }

    mutating func encode(_ value: Float) throws {
        let key = beginValue()
        try slot.writer.writeNumber(value, codingPath: path(key))
    }

    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    fileprivate func integer(_ value: some FixedWidthInteger) {
        _ = beginValue()
        slot.writer.output.append(integer: value)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let key = beginValue()
        try slot.write(value, key: key)
    }
}

/// An array index in a coding path.
private struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
}
