import CourierSchema

extension TypeGenerator {
    /// An untagged union: each variant is tried in order when the value has its JSON shape,
    /// and a value no variant takes is kept whole in `unknown`.
    func writeUntagged(_ union: Union, to writer: inout SwiftWriter) {
        let indirect = union.isRecursive ? "indirect " : ""
        writer.block("nonisolated public \(indirect)enum \(union.name): Codable, Hashable, Sendable") { writer in
            for variant in union.variants {
                writer.docs(variant.docs + SwiftNames.deprecationNote(variant.deprecation))
                writer.line("case \(SwiftNames.identifier(variant.name))(\(SwiftNames.type(variant.type)))")
            }
            writer.line("/// A value no variant takes, as it came.")
            writer.line("case unknown(JSONValue)")
            writer.line()
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                writer.line("let shape = try JSONShape(of: decoder)")
                for variant in union.variants {
                    let type = SwiftNames.type(variant.type)
                    let condition = shapeCondition(variant.type).map { "\($0), " } ?? ""
                    writer.line("if \(condition)let value = UntaggedUnion.decode(\(type).self, from: decoder) {")
                    writer.indented { writer in
                        writer.line("self = .\(SwiftNames.identifier(variant.name))(value)")
                        writer.line("return")
                    }
                    writer.line("}")
                }
                writer.line("self = .unknown(try JSONValue(from: decoder))")
            }
            writer.line()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.switchBlock("self") { writer in
                    for variant in union.variants {
                        writer.line("case .\(SwiftNames.identifier(variant.name))(let value): try UntaggedUnion.encode(value, to: encoder)")
                    }
                    writer.line("case .unknown(let value): try value.encode(to: encoder)")
                }
            }
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
                keys = api.model(named: name)?.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }.map(\.wireName) ?? []
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
