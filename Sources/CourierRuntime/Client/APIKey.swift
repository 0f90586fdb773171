/// An API key and the header it travels in. Its value never prints: descriptions, `dump` and
/// the debugger show the header name only.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The header name, such as `apikey` or `X-API-Key`.
    public var header: String
    /// The key.
    public var value: String

    /// Creates a key sent in `header`.
    public init(header: String, value: String) {
        self.header = header
        self.value = value
    }

    /// The header name, with the key redacted.
    public var description: String { "APIKey(header: \(header), value: \(Redaction.placeholder))" }
    /// The header name, with the key redacted.
    public var debugDescription: String { description }
    /// A mirror that shows the header name and hides the key.
    public var customMirror: Mirror { Redaction.mirror(of: self, ["header": header, "value": Redaction.placeholder]) }
}
