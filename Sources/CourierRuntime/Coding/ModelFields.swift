/// What generated models compare their fields with.
///
/// A model with several optional fields writes its comparison out (``FieldwiseEquatable``),
/// comparing each optional field with ``equal(_:_:)``: the derived `==` expands `Optional`'s
/// comparison inline for every field, which at `-Onone` is about four times the compiled code.
/// The result is the same as the derived `==`; in an optimised build the call is inlined.
public enum ModelFields {
    /// Whether two optional values are equal: both nil, or both present and equal.
    @inlinable
    public static func equal<Value: Equatable>(_ lhs: Value?, _ rhs: Value?) -> Bool {
        lhs == rhs
    }
}
