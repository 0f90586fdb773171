/// A model: a JSON object with named fields.
public struct Model: Sendable, Hashable, Encodable {
    /// The Swift type name.
    public var name: String
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the model is deprecated.
    public var deprecation: Deprecation?
    /// The fields in schema order.
    public var fields: [Field]
    /// Where it is declared.
    public var location: SourceLocation
}

/// A model field, or a field of a multipart or form body.
public struct Field: Sendable, Hashable, Encodable {
    /// The Swift property name, as written.
    public var name: String
    /// The key on the wire.
    public var wireName: String
    /// The resolved type.
    public var type: TypeRef
    /// Used when the key is absent; also the memberwise initialiser's default.
    public var defaultValue: Literal?
    /// Doc comment lines.
    public var docs: [String]
    /// Set when the field is deprecated.
    public var deprecation: Deprecation?
    /// Whether the generated struct keeps the field's value in a box: the field closes a cycle
    /// of models stored inline (a Swift struct cannot contain itself), or its model or union
    /// holds many values inline (`InlineSizeRule`), which every copy would copy one by one.
    public var isIndirect: Bool
    /// `@writesNull`: an optional field whose key is always written, `nil` as `null` (a key
    /// the API requires but allows `null` in). Reading is as for any optional.
    public var writesNull = false
    /// `@otherKeys`: a `[String: T]` field that holds every key of the object that no other
    /// field reads, and writes its entries back as keys. It has no wire key of its own.
    public var holdsOtherKeys = false
    /// `@style(deepObject)`, on a field of a form body: the value travels as bracketed keys, the
    /// way Stripe, Rails and PHP read nested forms (`address[city]=Paris`, `expand[0]=customer`).
    public var isDeepObject = false
    /// Where it is declared.
    public var location: SourceLocation
}
