/// An API key and where it travels: a header, or a query item. Its value never prints:
/// descriptions, `dump` and the debugger show where it goes only.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Where the key is sent.
    public enum Placement: String, Sendable, Hashable {
        /// In a request header.
        case header
        /// In a query item of the URL.
        case query
    }

    /// The header or query item name, such as `apikey`, `X-API-Key` or `api_key`.
    public var name: String
    /// Where the key is sent.
    public var placement: Placement
    /// The key.
    public var value: String

    /// Creates a key sent in the header `header`.
    public init(header: String, value: String) {
        self.name = header
        self.placement = .header
        self.value = value
    }

    /// Creates a key sent as the query item `query`.
    public init(query: String, value: String) {
        self.name = query
        self.placement = .query
        self.value = value
    }

    /// Where the key goes, with the key redacted.
    public var description: String { "APIKey(\(placement.rawValue): \(name), value: \(Redaction.placeholder))" }
    /// Where the key goes, with the key redacted.
    public var debugDescription: String { description }
    /// A mirror that shows where the key goes and hides the key.
    public var customMirror: Mirror {
        Redaction.mirror(of: self, ["name": name, "placement": placement.rawValue, "value": Redaction.placeholder])
    }
}
