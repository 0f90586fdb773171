import CourierSchema

extension TypeGenerator {
    /// An untagged union: each variant is tried when the value has its JSON shape, in the
    /// declared order except that an object goes first to the models that declare the most of
    /// its keys; a value no variant takes is kept whole in `unknown`.
    func writeUntagged(_ union: Union, to writer: inout SwiftWriter) {
        if union.isMultipartPart { return writeMultipartPart(union, to: &writer) }
        let indirect = union.isRecursive ? "indirect " : ""
        writer.block("nonisolated public \(indirect)enum \(union.name): Codable, Hashable, Sendable") { writer in
            for variant in union.variants {
                writer.docs(variant.docs + SwiftNames.deprecationNote(variant.deprecation))
                writer.line("case \(SwiftNames.identifier(variant.name))(\(SwiftNames.type(variant.type)))")
            }
            writer.line("/// A value no variant takes, as it came.")
            writer.line("case unknown(JSONValue)")
            writer.line()
            if choosesByKeys(union) {
                writeDecodingByKeys(union, to: &writer)
            } else {
                writer.line(Unoptimized.attribute)
                writer.block("public init(from decoder: any Decoder) throws") { writer in
                    // `JSON` variants take any shape: with only those, the shape is never asked.
                    if union.variants.contains(where: { shapeCondition($0.type) != nil }) {
                        writer.line("let shape = try JSONShape(of: decoder)")
                    }
                    for variant in union.variants {
                        writer.ifBlock(decodingConditions(variant), width: Layout.width) { writer in
                            writer.line("self = .\(SwiftNames.identifier(variant.name))(value)")
                            writer.line("return")
                        }
                    }
                    writer.line("self = .unknown(try JSONValue(from: decoder))")
                }
            }
            writer.line()
            writer.line(Unoptimized.attribute)
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.switchBlock("self") { writer in
                    for variant in union.variants {
                        writer.line("case .\(SwiftNames.identifier(variant.name))(let value): try UntaggedUnion.encode(value, to: encoder)")
                    }
                    writer.line("case .unknown(let value): try value.encode(to: encoder)")
                }
            }
        }
        if parameterUnions.contains(union.name) { writeWireTexts(union, to: &writer) }
    }

    /// What a parameter of a union of text values and arrays of them sends: one value, or
    /// a list's elements.
    private func writeWireTexts(_ union: Union, to writer: inout SwiftWriter) {
        writer.line()
        writer.block("nonisolated extension \(union.name): WireTextsConvertible") { writer in
            writer.line("/// What a parameter sends: one value's text, or a list's.")
            writer.block("public var wireTexts: WireTexts") { writer in
                writer.switchBlock("self") { writer in
                    for variant in union.variants {
                        let pattern = "case .\(SwiftNames.identifier(variant.name))"
                        if case .array = variant.type {
                            writer.line(pattern + "(let values): .list(values.map(\\.wireValue))")
                        } else {
                            writer.line(pattern + "(let value): .one(value.wireValue)")
                        }
                    }
                    writer.line("case .unknown(let value): WireTexts(json: value)")
                }
            }
        }
    }

    /// `shape.isObject`, `let value = UntaggedUnion.decode(Model.self, from: decoder)`: the
    /// conditions under which a variant takes the value.
    private func decodingConditions(_ variant: UnionVariant) -> [String] {
        let decoding = "let value = UntaggedUnion.decode(\(SwiftNames.type(variant.type)).self, from: decoder)"
        return (shapeCondition(variant.type).map { [$0] } ?? []) + [decoding] + constantConditions(variant.type)
    }

    /// `case .system = value.role`, for each field of a model variant that holds an enum of
    /// one case: the value must have that one value. An enum takes any text as `unknown`, so
    /// without this OpenAI's system message would take every user and assistant message (they
    /// differ only in `role`) and drop the keys only those have.
    ///
    /// Where such a field is optional, the value may leave the key out but not give another
    /// value: InfluxDB's template actions, `skipKind` and `skipResource`, each declare `action`
    /// and `properties` without requiring them, and the first took every action.
    ///
    /// The same holds one model down, through a field that is always there: Okta's connection
    /// requests differ only in `profile.authScheme`.
    private func constantConditions(_ type: TypeRef, at path: String = "value", depth: Int = 0) -> [String] {
        guard depth < 2, case .model(let name) = type, let model = models[name] else { return [] }
        return model.fields.flatMap { field -> [String] in
            let fieldPath = path + "." + SwiftNames.identifier(field.name)
            switch field.type {
            case .enumeration(let enumName):
                guard let only = onlyCase(of: enumName) else { return [] }
                return ["case .\(only) = \(fieldPath)"]
            case .optional(.enumeration(let enumName)):
                guard let only = onlyCase(of: enumName) else { return [] }
                return ["UntaggedUnion.isAbsent(\(fieldPath), or: .\(only))"]
            case .model: return constantConditions(field.type, at: fieldPath, depth: depth + 1)
            default: return []
            }
        }
    }

    /// The Swift name of the one case of an enum that takes other text as `unknown`.
    private func onlyCase(of enumName: String) -> String? {
        guard let enumType = api.enumType(named: enumName), !enumType.isFrozen, enumType.cases.count == 1 else { return nil }
        return SwiftNames.identifier(enumType.cases[0].name)
    }

    /// What a variant takes of an object, as `JSONShape.VariantKeys` spells it: a model's wire
    /// keys, `.anyObject` for `JSON` and dictionaries, `.other` for the rest.
    private func variantKeys(_ type: TypeRef) -> String {
        switch type {
        case .model(let name):
            let keys = models[name]?.fields.filter { !$0.holdsOtherKeys }.map(\.wireName) ?? []
            return ".model([" + keys.map(SwiftNames.string).joined(separator: ", ") + "])"
        case .scalar(.json), .dictionary: return ".anyObject"
        default: return ".other"
        }
    }

    /// Whether an object may be taken by more than one variant, one of them a model with keys,
    /// so that which one declares more of its keys decides (`JSONShape.tryingOrder`). Otherwise
    /// the declared order alone decides, and the generated code stays a plain sequence of tries.
    private func choosesByKeys(_ union: Union) -> Bool {
        let takesObjects = union.variants.filter { variant in
            let shape = JSONShapeKind.of(
                variant.type, dateStyle: api.dateStyle, isIntegerEnum: { api.enumType(named: $0)?.isInteger == true },
                isTaggedUnion: { api.union(named: $0)?.tagKey != nil })
            return shape == .object || shape == .any
        }
        let hasModelWithKeys = union.variants.contains { variant in
            guard case .model(let name) = variant.type else { return false }
            return models[name]?.fields.contains { !$0.holdsOtherKeys } == true
        }
        return takesObjects.count > 1 && hasModelWithKeys
    }

    /// Decoding that tries the variants in the order `JSONShape.tryingOrder` gives: on an
    /// object, the models that declare more of its keys first.
    private func writeDecodingByKeys(_ union: Union, to writer: inout SwiftWriter) {
        writer.line("/// What each variant takes of an object, in the order of the variants.")
        let kinds = union.variants.map { variantKeys($0.type) }
        writer.line("private static let variantKeys: [JSONShape.VariantKeys] = [\(kinds.joined(separator: ", "))]")
        writer.line()
        writer.line(Unoptimized.attribute)
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            writer.line("let shape = try JSONShape(of: decoder)")
            writer.block("for variant in shape.tryingOrder(Self.variantKeys)") { writer in
                writer.switchBlock("variant") { writer in
                    for (index, variant) in union.variants.enumerated() {
                        writer.line("case \(index):")
                        writer.indented { writer in
                            writer.ifBlock(decodingConditions(variant), width: Layout.width) { writer in
                                writer.line("self = .\(SwiftNames.identifier(variant.name))(value)")
                                writer.line("return")
                            }
                        }
                    }
                    writer.line("default: break")
                }
            }
            writer.line("self = .unknown(try JSONValue(from: decoder))")
        }
    }

    /// The test of the value's shape that comes before trying a variant: nil for `JSON`, which
    /// takes anything. A model needs its required keys, a tagged union its tag key.
    private func shapeCondition(_ type: TypeRef) -> String? {
        let shape = JSONShapeKind.of(
            type, dateStyle: api.dateStyle, isIntegerEnum: { api.enumType(named: $0)?.isInteger == true },
            isTaggedUnion: { api.union(named: $0)?.tagKey != nil })
        switch shape {
        case .string: return "shape.isString"
        case .integer: return "shape.isInteger"
        case .number: return "shape.isNumber"
        case .bool: return "shape.isBool"
        case .array: return "shape.isArray"
        case .any: return nil
        case .object:
            let keys: [String]
            switch type {
            case .model(let name):
                keys = models[name]?.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }.map(\.wireName) ?? []
            case .union(let name):
                keys = api.union(named: name)?.tagKey.map { [$0] } ?? []
            default:
                keys = []
            }
            guard !keys.isEmpty else { return "shape.isObject" }
            return "shape.isObject(withKeys: [\(keys.map(SwiftNames.string).joined(separator: ", "))])"
        }
    }
}
