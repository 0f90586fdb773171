/// A generated model that compares its fields itself: its `==` is ``fieldsEqual(_:_:)``.
///
/// A model of several optional fields writes its comparison out, which compiles to a quarter of
/// the derived `==`'s code at `-Onone` (`Docs/CodeGeneration.md`). It writes it as
/// `fieldsEqual`, not as a `==` of its own: every `==` a module declares is one more overload
/// that the type checker weighs at every `==` in that module, so a client of 300 such models
/// would slow each comparison down. This one generic `==` serves them all, and it is what a
/// caller's `a == b` runs.
public protocol FieldwiseEquatable: Equatable {
    /// Whether every field of `lhs` equals the same field of `rhs`.
    static func fieldsEqual(_ lhs: Self, _ rhs: Self) -> Bool
}

extension FieldwiseEquatable {
    /// Whether the two values are equal, field by field.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        fieldsEqual(lhs, rhs)
    }
}
