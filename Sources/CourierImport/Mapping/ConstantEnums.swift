extension SchemaMapper {
    /// A schema of one text or whole number, `{type: string, const: message.input}`, read as the
    /// enum of that one value it is. Mistral writes 124 such constants, most with a default of
    /// the same value: as plain `String` any text would fit, and the constant was often the one
    /// thing that told a union's variants apart (its input and output conversation entries
    /// differ only in `type`). As an enum of one case it is declared once per value and shared,
    /// as an enum written in place is, and a variant takes only values that hold it.
    ///
    /// A constant that no enum can hold (`false`, `0.5`, an object) is left as it is, for
    /// `unkeptConstant` to name.
    static func constantAsEnum(_ node: DocumentNode) -> DocumentNode {
        guard let constant = loneConstant(of: node), isEnumerable(constant, in: node), let object = node.object else { return node }
        var rewritten = object.removing("const")
        rewritten.set("enum", .array([constant]))
        return .object(rewritten)
    }

    /// The constant of a schema whose type holds more than it (`{type: boolean, const: false}`),
    /// which the schema language cannot say: the type takes any value of its kind.
    static func unkeptConstant(_ node: DocumentNode) -> DocumentNode? {
        guard let constant = loneConstant(of: node), !isEnumerable(constant, in: node) else { return nil }
        return constant
    }

    /// The `const` of a schema that it alone decides: not `null` (which only lets null in), not
    /// beside an `enum`, and not narrowing an `allOf`, `oneOf` or `anyOf`, which those read.
    private static func loneConstant(of node: DocumentNode) -> DocumentNode? {
        guard let constant = node["const"], constant != .null, node["enum"] == nil,
            node["allOf"] == nil, node["oneOf"] == nil, node["anyOf"] == nil
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
