/// `@poll(every: 2s, until: status in [completed, failed])`.
public struct Poll: Sendable, Hashable, Encodable {
    /// Seconds between requests.
    public var interval: Double
    /// The Swift name of the model field that is watched.
    public var field: String
    /// The enum type of that field.
    public var enumName: String
    /// Whether the field is optional.
    public var fieldIsOptional: Bool
    /// The Swift case names that end polling.
    public var terminalCases: [String]
}
