extension SchemaMapper {
    /// A schema of one text or whole number, `{type: string, const: message.input}`, read as the
    /// enum of that one value it is. Mistral writes 124 such constants, most with a default of
    /// the same value: as plain `String` any text would fit, and the constant was often the one
    /// thing that told a union's variants apart (its input and output conversation entries
    /// differ only in `type`). As an enum of one case it is declared once per value and shared,
    /// as an enum written in place is, and a variant takes only values that hold it.
    ///
    /// A schema whose `const` beside `allOf`, `oneOf` or `anyOf` narrows them is left to those;
    /// a constant that no enum can hold (`false`, `0.5`, an object) is returned as it is, for
    /// `unkeptConstant` to name.
    static func constantAsEnum(_ node: DocumentNode) -> DocumentNode {
        guard case .object(let object) = node, let constant = object["const"], object["enum"] == nil,
            object["allOf"] == nil, object["oneOf"] == nil, object["anyOf"] == nil, isEnumerable(constant, in: node)
        else { return node }
        var rewritten = DocumentObject()
        for (key, value) in object.members {
            rewritten.set(key == "const" ? "enum" : key, key == "const" ? .array([constant]) : value)
        }
        return .object(rewritten)
    }

    /// The constant of a schema whose type holds more than it (`{type: boolean, const: false}`),
    /// which the schema language cannot say: the type takes any value of its kind.
    static func unkeptConstant(_ node: DocumentNode) -> DocumentNode? {
        guard let constant = node["const"], constant != .null, node["enum"] == nil,
            node["allOf"] == nil, node["oneOf"] == nil, node["anyOf"] == nil, !isEnumerable(constant, in: node)
        else { return nil }
        return constant
    }

    /// Whether an enum can hold `constant`: a text, or a whole number, where the schema does not
    /// say its type is another.
    private static func isEnumerable(_ constant: DocumentNode, in node: DocumentNode) -> Bool {
        let declared = types(of: node).types
        switch constant {
        case .string: return declared.isEmpty || declared == ["string"]
        case .number: return constant.integer != nil && (declared.isEmpty || declared == ["integer"])
        default: return false
        }
    }
}
