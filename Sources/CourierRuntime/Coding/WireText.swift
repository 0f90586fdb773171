/// What generated string enums match wire values with.
///
/// `init(rawValue:)` compares the value with each case's wire value through ``equal(_:_:)``, a
/// plain function, rather than `==`: the type checker weighs every `==` overload in scope for
/// each `rawValue == "…"`, and an enum of 150 cases spent two seconds there (OpenAI's
/// `AuditLogEventType`). The compiled code is the same call to `String`'s `==`.
public enum WireText {
    /// Whether two wire values are the same text.
    @inlinable
    public static func equal(_ value: String, _ wireValue: String) -> Bool {
        value == wireValue
    }
}
