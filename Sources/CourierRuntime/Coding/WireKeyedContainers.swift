import Foundation

// Generated models decode and encode through these four methods rather than
// `decode(_:forKey:)` and `encode(_:forKey:)`. Each of those has seventeen overloads, and
// choosing among them, with a string literal for the key, made up about 60% of the time the
// compiler spent type-checking a model's `Codable` methods. One name per operation leaves it
// nothing to choose. `read` still hands the common scalar types to the containers' dedicated
// overloads, which decoders answer more directly than their generic method.

extension KeyedDecodingContainer where Key == WireKey {
    /// The value at a wire key; throws when the key is absent or holds null. `String`, `Int`,
    /// `Int64`, `Bool` and `Double` go to the container's overloads for them, which decode a
    /// scalar-heavy model about 10% faster than the generic method with `JSONDecoder`.
    /// A value that does not fit its type (`1.5` for an `Int`, `2^63` for an `Int64`, `1E400`) is
    /// reported at its key, even where the decoder says only that the data is not valid JSON.
    public func read<Value: Decodable>(_ type: Value.Type, at key: WireKey) throws -> Value {
        do {
            return try readRouted(type, at: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            // Foundation's JSONDecoder throws an internal error here, which it later reports as
            // "not valid JSON" with no path; this names the key and keeps the reason.
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [key], debugDescription: "the value does not fit \(Value.self) (\(error))", underlyingError: error))
        }
    }

    private func readRouted<Value: Decodable>(_ type: Value.Type, at key: WireKey) throws -> Value {
        if Value.self == String.self { return unsafeBitCast(try decode(String.self, forKey: key), to: Value.self) }
        if Value.self == Int.self { return unsafeBitCast(try decode(Int.self, forKey: key), to: Value.self) }
        if Value.self == Int64.self { return unsafeBitCast(try decode(Int64.self, forKey: key), to: Value.self) }
        if Value.self == Bool.self { return unsafeBitCast(try decode(Bool.self, forKey: key), to: Value.self) }
        if Value.self == Double.self { return unsafeBitCast(try decode(Double.self, forKey: key), to: Value.self) }
        return try decode(type, forKey: key)
    }

    /// The value at a wire key, or nil when the key is absent or holds null: what
    /// `decodeIfPresent` does, with `read`'s routing of scalars.
    public func readIfPresent<Value: Decodable>(_ type: Value.Type, at key: WireKey) throws -> Value? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try read(type, at: key)
    }

    /// The value at a wire key of an optional field with a default: `absent` when the key is
    /// not there, nil when it holds null (a present `null` is not an absent key).
    public func readIfPresent<Value: Decodable>(_ type: Value.Type, at key: WireKey, orIfAbsent absent: Value?) throws -> Value? {
        guard contains(key) else { return absent }
        return try readIfPresent(type, at: key)
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// Writes a value at a wire key.
    public mutating func write<Value: Encodable>(_ value: Value, at key: WireKey) throws {
        try encode(value, forKey: key)
    }

    /// Writes a value at a wire key, or nothing when it is nil.
    public mutating func writeIfPresent<Value: Encodable>(_ value: Value?, at key: WireKey) throws {
        try encodeIfPresent(value, forKey: key)
    }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// Every key of the object that is not one of `declared` (the keys the model's other fields
    /// read), each value decoded as `Value`: what an `@otherKeys` field holds.
    public func readOtherKeys<Value: Decodable>(_ type: Value.Type, besides declared: Set<String>) throws -> [String: Value] {
        var others: [String: Value] = [:]
        for key in allKeys where !declared.contains(key.stringValue) {
            others[key.stringValue] = try decode(type, forKey: key)
        }
        return others
    }
}

extension KeyedEncodingContainer where Key == WireKey {
    /// Writes each entry of an `@otherKeys` field as a key of the object, in the order of the
    /// keys, so that the same value gives the same bytes. A key that is one of `declared` (a
    /// key another field writes) is an `EncodingError`: it would stand twice in the object.
    public mutating func writeOtherKeys<Value: Encodable>(_ others: [String: Value], besides declared: Set<String>) throws {
        for key in others.keys.sorted() {
            guard !declared.contains(key) else {
                throw EncodingError.invalidValue(
                    others[key] as Any,
                    .init(codingPath: codingPath + [WireKey(stringValue: key)], debugDescription: "'\(key)' is a key of a field of its own, and cannot also be one of the other keys"))
            }
            try encode(others[key]!, forKey: WireKey(stringValue: key))
        }
    }
}
