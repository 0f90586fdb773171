/// A coding key written as its wire name: generated models decode and encode with string
/// literals (`read(Int64.self, at: "project_id")`) instead of a `CodingKeys` enum each, which
/// compiles to about a third less code.
public struct WireKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    /// The key as it appears in JSON.
    public let stringValue: String
    /// Always nil: wire keys are names.
    public var intValue: Int? { nil }

    /// Creates a key from its wire name.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// Wire keys are never integers.
    public init?(intValue: Int) { nil }

    /// Creates a key from a literal wire name.
    public init(stringLiteral value: String) { stringValue = value }
}
