import CourierSchema
import Foundation

// A string beside the values it is known to take: an open enum.

extension SchemaMapper {
    /// "Any string, and these are the ones we know" (how Stainless- and Speakeasy-made
    /// descriptions write model ids, voices, regions): a plain string beside string constants
    /// or enums, `anyOf: [{type: string}, {type: string, enum: [a, b]}]` or `anyOf: [{type:
    /// string}, {const: "x", description: …}, …]`, is an open enum of the documented values,
    /// whose `unknown` case takes any other string. A string enum component (`$ref`) is open
    /// already, so it stands for the plain string too: beside more values (OpenAI's
    /// `ModelIdsResponses`, its shared ids and those of its own), the enum holds them all; alone
    /// beside a plain string, it is that enum. Nil for any other union.
    func openEnum(
        _ variants: [(node: DocumentNode, location: DocumentLocation)], of node: DocumentNode, at location: DocumentLocation, name: String,
        docs: [String], context: Context
    ) -> ImportedType? {
        let isPlain = Self.isPlainString
        // Decided from the description alone before any variant is mapped: mapping a `$ref`
        // declares its types, which must not happen for a union that is not this.
        func isStringEnumComponent(_ variant: DocumentNode, at location: DocumentLocation, depth: Int = 0) -> Bool {
            guard depth < 8, variant["$ref"] != nil, let (resolved, resolvedLocation) = try? files.resolve(variant, at: location) else { return false }
            if let listed = Self.documentedText(resolved)?.values { return listed.allSatisfy { $0.value.string != nil } }
            // An open enum component itself: a plain string or another such component beside
            // documented values (OpenAI's `ModelIdsResponses` over `ModelIdsShared`).
            let keyword = resolved["anyOf"] != nil ? "anyOf" : "oneOf"
            let inner = resolved[keyword]?.array ?? []
            let open = inner.enumerated().map { index, node in
                isPlain(node) || isStringEnumComponent(node, at: resolvedLocation.appending(keyword).appending(index), depth: depth + 1)
            }
            // Or an enum written as a `oneOf` of documented constants (OpenSearch's `BuiltinHighlighterType`).
            return !inner.isEmpty && zip(inner, open).allSatisfy { node, isOpen in
                isOpen || Self.documentedText(node)?.values.allSatisfy { $0.value.string != nil } == true
            }
        }
        guard variants.allSatisfy({ isPlain($0.node) || Self.documentedText($0.node) != nil || isStringEnumComponent($0.node, at: $0.location) }) else {
            return nil
        }
        var isOpen = variants.contains { isPlain($0.node) }
        var values: [EnumValue] = []
        var components: [ImportedType] = []
        var allowsNull = false
        for (variant, variantLocation) in variants where !isPlain(variant) {
            if let (listed, withNull) = Self.documentedText(variant), listed.allSatisfy({ $0.value.string != nil }) {
                values += listed
                allowsNull = allowsNull || withNull
            } else if variant["$ref"] != nil {
                let type = variantType(variant, at: variantLocation, hint: name, context: context, merging: nil).unwrapped
                guard case .named(let enumName) = type, case .enumeration(_, _, false, let cases, _)? = declarations[enumName] else { return nil }
                isOpen = true
                components.append(type)
                values += cases.map { EnumValue(value: .string($0.value), title: nil, docs: $0.docs, isDeprecated: $0.isDeprecated) }
            } else {
                return nil
            }
        }
        guard isOpen, !values.isEmpty else { return nil }
        if components.count == 1, values.count == Set(values.map(\.value)).count,
            case .named(let enumName) = components[0], case .enumeration(_, _, _, let cases, _)? = declarations[enumName], cases.count == values.count
        {
            return components[0]
        }
        // Values both a component and the union list are one case, without a warning: the
        // description repeats nothing, the merge does.
        var seen: Set<DocumentNode> = []
        values = values.filter { seen.insert($0.value).inserted }
        var stringSchema = DocumentObject()
        stringSchema.set("type", .string("string"))
        let type = enumType(values, of: .object(stringSchema), at: location, name: name, docs: docs)
        return allowsNull ? type.optional : type
    }

    /// A string that says nothing but its type (and maybe null): any text.
    static func isPlainString(_ variant: DocumentNode) -> Bool {
        variant["format"] == nil && types(of: variant).types == ["string"] && onlyStatesItsType(variant)
    }

    /// A variant's documented values, and whether it lets null in besides them: Speakeasy
    /// writes `{type: [string, "null"], enum: [a, b, null]}` beside a plain string.
    static func documentedText(_ variant: DocumentNode) -> (values: [EnumValue], allowsNull: Bool)? {
        guard var object = variant.object, let listed = object["enum"]?.array, listed.contains(.null) else {
            return documentedValues(variant).map { ($0, false) }
        }
        object.set("enum", .array(listed.filter { $0 != .null }))
        if let types = object["type"]?.array { object.set("type", .array(types.filter { $0 != .string("null") })) }
        return documentedValues(.object(object)).map { ($0, true) }
    }
}
