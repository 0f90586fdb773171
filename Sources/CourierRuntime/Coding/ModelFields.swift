/// What generated models compare and hash their fields with.
///
/// A model with several optional fields writes its comparison out (``FieldwiseEquatable``),
/// comparing each optional field with ``equal(_:_:)``: the derived `==` expands `Optional`'s
/// comparison inline for every field, which at `-Onone` is about four times the compiled code.
/// The result is the same as the derived `==`. An optimised build specialises it once per field
/// type and calls that, rather than inlining `Optional`'s and `String`'s comparison into every
/// model's `fieldsEqual`: Twilio's core API then builds in 0.89× the time with the same speed of
/// `==` (`Benchmarks/README.md`). Such a model's `hash(into:)` feeds each field to
/// ``hash(_:into:)`` for the same reason.
public enum ModelFields {
    /// Whether two optional values are equal: both nil, or both present and equal.
    @inlinable @inline(never)
    public static func equal<Value: Equatable>(_ lhs: Value?, _ rhs: Value?) -> Bool {
        lhs == rhs
    }

    /// Feeds a field's value to `hasher`: what `Hasher.combine` does with an optional, so that
    /// `nil` and a present value hash apart.
    @inlinable @inline(never)
    public static func hash<Value: Hashable>(_ value: Value?, into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
