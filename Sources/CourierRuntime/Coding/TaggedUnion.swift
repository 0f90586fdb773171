/// Reads and writes tagged unions: JSON objects whose tag key says which model they hold.
public enum TaggedUnion {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The tag of the object being decoded, or nil when it has none (the key is absent or
    /// `null`): such an object is kept whole as the union's `unknown`, so that one value a server
    /// sends without its tag (GitHub leaves out a check run's `status`, whose default is
    /// `queued`) does not fail the whole response.
    public static func tag(in decoder: any Decoder, key: String) throws -> String? {
        let container = try decoder.container(keyedBy: Key.self)
        return try container.decodeIfPresent(String.self, forKey: Key(stringValue: key))
    }

    /// The tag of the object being decoded, where a union's tags are whole numbers (Discord's
    /// components, `"type": 2`), or nil when it has none.
    public static func integerTag(in decoder: any Decoder, key: String) throws -> Int64? {
        let container = try decoder.container(keyedBy: Key.self)
        return try container.decodeIfPresent(Int64.self, forKey: Key(stringValue: key))
    }

    /// Encodes a variant's model and then its tag: text, or a whole number where the union's
    /// tags are numbers.
    public static func encode(_ value: some Encodable, tag: some Encodable, key: String, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(tag, forKey: Key(stringValue: key))
    }
}
