import CourierSchema

// Models' written equality: field by field, for models with many fields.
extension TypeGenerator {
    /// How many optional fields make a model write its `==` out rather than derive it.
    static let writtenEqualityThreshold = 3

    /// Whether a model writes its comparison out rather than derive it.
    func writesEquality(_ model: Model) -> Bool {
        model.fields.filter { $0.type.isOptional && !$0.isIndirect }.count >= Self.writtenEqualityThreshold
    }

    /// A model of several optional fields compares them through `ModelFields.equal`, which
    /// compiles to a quarter of the code of the derived `==` (`Docs/CodeGeneration.md`), and
    /// hashes them through `ModelFields.hash`, which a release build optimises once per field
    /// type rather than once per field. Every stored field takes part, as in the derived ones.
    /// The comparison is `FieldwiseEquatable.fieldsEqual`, whose one generic `==` in the runtime
    /// serves every model: a `==` per model would be an overload that each `==` in the module
    /// is checked against.
    func writeEquality(_ model: Model, to writer: inout SwiftWriter) {
        guard writesEquality(model) else { return }
        writer.line()
        writer.line("/// Whether every field is equal: what `==` compares.")
        writer.block("public static func fieldsEqual(_ lhs: Self, _ rhs: Self) -> Bool") { writer in
            for field in model.fields {
                let name = storedName(field)
                if field.type.isOptional && !field.isIndirect {
                    writer.line("guard ModelFields.equal(lhs.\(name), rhs.\(name)) else { return false }")
                } else {
                    writer.line("guard lhs.\(name) == rhs.\(name) else { return false }")
                }
            }
            writer.line("return true")
        }
        writer.line()
        writer.line("/// Hashes every field that `==` compares.")
        writer.block("public func hash(into hasher: inout Hasher)") { writer in
            for field in model.fields {
                writer.line("ModelFields.hash(self.\(storedName(field)), into: &hasher)")
            }
        }
    }
}
