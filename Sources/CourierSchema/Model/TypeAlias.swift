/// `alias Name = Type`: another name for a type, generated as a `public typealias`.
///
/// The checker resolves every use of an alias to the type it stands for, so the rest of the
/// resolved model (fields, parameters, results) never names one; code generation declares the
/// alias so that code written against either name compiles.
public struct TypeAlias: Sendable, Hashable, Encodable {
    /// The Swift type name the alias declares.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the alias is deprecated.
    public var deprecation: Deprecation?
    /// The type the alias stands for, resolved through any alias it names.
    public var target: TypeRef
    /// Where it is declared.
    public var location: SourceLocation
}
