import CourierSchema

extension TypeGenerator {
    /// A union with a `File` variant: one part of a multipart body, a file or a value in its
    /// place. It is only sent, so it is not `Codable` and has no `unknown` case; each variant
    /// adds itself as a field of its type would.
    func writeMultipartPart(_ union: Union, to writer: inout SwiftWriter) {
        writer.block("nonisolated public enum \(union.name): Hashable, Sendable, MultipartPart") { writer in
            for variant in union.variants {
                writer.docs(variant.docs + SwiftNames.deprecationNote(variant.deprecation))
                writer.line("case \(SwiftNames.identifier(variant.name))(\(SwiftNames.type(variant.type)))")
            }
            writer.line()
            writer.line("/// Adds the value as a part named `name`: a file, or the value in its place.")
            writer.block("public func append(to form: inout MultipartFormData, name: String) throws") { writer in
                writer.switchBlock("self") { writer in
                    for variant in union.variants {
                        let statement = MultipartAppend.statement("name", "value", type: variant.type, to: "form", api: api)
                        writer.line("case .\(SwiftNames.identifier(variant.name))(let value): \(statement)")
                    }
                }
            }
        }
    }
}
