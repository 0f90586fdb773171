/// An enum whose values travel as strings.
public struct EnumType: Sendable, Hashable, Encodable {
    /// The Swift type name.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// `@frozen`: no `unknown` fallback case.
    public var isFrozen: Bool
    /// `enum X: Int`: the values travel as whole numbers, not strings.
    public var isInteger: Bool
    /// Set when the enum is deprecated.
    public var deprecation: Deprecation?
    /// The cases in schema order.
    public var cases: [EnumCase]
    /// Where it is declared.
    public var location: SourceLocation
}

/// One case of an enum.
public struct EnumCase: Sendable, Hashable, Encodable {
    /// The Swift case name, as written.
    public var name: String
    /// The value on the wire: a string, or for an integer enum the number in decimal.
    public var wireValue: String
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the case is deprecated.
    public var deprecation: Deprecation?
    /// Where it is declared.
    public var location: SourceLocation
}

/// A tagged union: a JSON object whose tag key says which model it holds.
public struct Union: Sendable, Hashable, Encodable {
    /// The Swift type name.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// The key holding the tag, such as `type`; nil for an untagged union, whose variants are
    /// told apart by their JSON shape.
    public var tagKey: String?
    /// Set when the union is deprecated.
    public var deprecation: Deprecation?
    /// The variants in schema order.
    public var variants: [UnionVariant]
    /// Whether the tags are whole numbers on the wire (`button = 2: Button`), not text.
    public var tagsAreIntegers = false
    /// Whether the union takes part in a cycle of inline values (generate it `indirect`).
    public var isRecursive: Bool
    /// Where it is declared.
    public var location: SourceLocation

    /// Whether a variant is a `File` or `[File]`: the union is one part of a multipart body
    /// (a file, or a value in its place), sent and never decoded.
    public var isMultipartPart: Bool {
        variants.contains { $0.type == .file || $0.type == .array(.file) }
    }
}

/// One variant of a union.
public struct UnionVariant: Sendable, Hashable, Encodable {
    /// The Swift case name, as written.
    public var name: String
    /// The tag value on the wire (for an untagged union, the variant's name); the number's
    /// decimal digits where the union's tags are numbers.
    public var tagValue: String
    /// What the variant carries: a model in a tagged union, any type in an untagged one.
    public var type: TypeRef
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the variant is deprecated.
    public var deprecation: Deprecation?
    /// Where it is declared.
    public var location: SourceLocation

    /// The model the variant carries, if it carries one.
    public var model: String? {
        if case .model(let name) = type { return name }
        return nil
    }
}
