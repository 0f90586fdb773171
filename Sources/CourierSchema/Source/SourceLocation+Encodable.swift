extension SourceLocation: Encodable {
    /// Encodes as `file:line:column`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
