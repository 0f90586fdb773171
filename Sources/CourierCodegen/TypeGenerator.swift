import CourierSchema

/// Models, enums, unions and aliases.
struct TypeGenerator {
    let api: API
    /// Types that other generated declarations mention: deprecating them with an attribute
    /// would make the generated code itself warn, so they get a doc note instead.
    let referencedTypes: Set<String>
    /// The unions that parameters send as one text value or a list of them.
    let parameterUnions: Set<String>
    /// Every model by name: untagged unions look their variants' fields up many times.
    let models: [String: Model]

    init(api: API) {
        self.api = api
        models = Dictionary(api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        parameterUnions = Set(api.endpoints.flatMap(\.parameters).compactMap { parameter -> String? in
            guard !parameter.isDeepObject, case .union(let name) = parameter.type.unwrapped else { return nil }
            return name
        })
        var referenced: Set<String> = []
        func collect(_ type: TypeRef) {
            switch type {
            case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner): collect(inner)
            case .model(let name), .enumeration(let name), .union(let name): referenced.insert(name)
            case .scalar, .file: break
            }
        }
        for model in api.models { model.fields.forEach { collect($0.type) } }
        for union in api.unions { union.variants.forEach { collect($0.type) } }
        for alias in api.aliases { collect(alias.target) }
        for endpoint in api.endpoints {
            endpoint.parameters.forEach { collect($0.type) }
            switch endpoint.body {
            case .json(let type): collect(type)
            case .multipart(let fields), .form(let fields): fields.forEach { collect($0.type) }
            case .raw, nil: break
            }
            switch endpoint.response {
            case .value(let type), .data(let type), .page(let type), .stream(let type), .lines(let type): collect(type)
            case .none, .bytes, .text: break
            }
        }
        referencedTypes = referenced
    }

    private func typeHeader(_ writer: inout SwiftWriter, name: String, docs: [String], deprecation: Deprecation?) {
        if let deprecation, !referencedTypes.contains(name) {
            writer.docs(docs)
            writer.line(SwiftNames.deprecatedAttribute(deprecation))
        } else {
            writer.docs(docs + SwiftNames.deprecationNote(deprecation))
        }
    }

    // MARK: - Aliases

    /// `public typealias Name = Target`: the schema resolves each use of an alias to its
    /// target, so no generated declaration names it, and deprecating it never warns.
    func write(_ alias: TypeAlias, to writer: inout SwiftWriter) {
        typeHeader(&writer, name: alias.name, docs: alias.docs, deprecation: alias.deprecation)
        writer.line("public typealias \(alias.name) = \(SwiftNames.type(alias.target))")
    }

    // MARK: - Models

    func write(_ model: Model, to writer: inout SwiftWriter) {
        typeHeader(&writer, name: model.name, docs: model.docs, deprecation: model.deprecation)
        let conformances = writesEquality(model) ? "Codable, Hashable, Sendable, FieldwiseEquatable" : "Codable, Hashable, Sendable"
        writer.block("nonisolated public struct \(model.name): \(conformances)") { writer in
            for field in model.fields { writeProperty(field, to: &writer) }
            if !model.fields.isEmpty { writer.line() }
            writeInitializer(model, to: &writer)
            writer.line()
            writeDecoder(model, to: &writer)
            writer.line()
            writeEncoder(model, to: &writer)
            writeEquality(model, to: &writer)
        }
    }

    /// A deprecated field is stored privately behind a deprecated accessor, so that the
    /// generated initialisers and coding keys do not use a deprecated declaration. A field on a
    /// cycle of models is stored privately in an `Indirect` box behind a plain accessor (not as a
    /// property wrapper, whose hidden storage a `nonisolated` struct cannot hold).
    func storedName(_ field: Field) -> String {
        field.deprecation == nil && !field.isIndirect ? SwiftNames.identifier(field.name) : "_" + field.name
    }

    /// The field's value as stored, read through `self.`.
    func storedValue(_ field: Field) -> String {
        "self.\(storedName(field))" + (field.isIndirect ? ".wrappedValue" : "")
    }

    /// An expression to store in the field: boxed when the field is indirect.
    func storable(_ expression: String, for field: Field) -> String {
        field.isIndirect ? "Indirect(wrappedValue: \(expression))" : expression
    }

    private func writeProperty(_ field: Field, to writer: inout SwiftWriter) {
        let type = SwiftNames.type(field.type)
        guard field.deprecation != nil || field.isIndirect else {
            writer.docs(field.docs)
            writer.line("public var \(SwiftNames.identifier(field.name)): \(type)")
            return
        }
        let storage = storedName(field)
        writer.line("private var \(storage): \(field.isIndirect ? "Indirect<\(type)>" : type)")
        writer.docs(field.docs)
        if let deprecation = field.deprecation { writer.line(SwiftNames.deprecatedAttribute(deprecation)) }
        let getter = field.isIndirect ? "\(storage).wrappedValue" : storage
        writer.line("public var \(SwiftNames.identifier(field.name)): \(type) { get { \(getter) } set { \(storage) = \(storable("newValue", for: field)) } }")
    }

    private func writeInitializer(_ model: Model, to writer: inout SwiftWriter) {
        writer.line("/// Creates a value with every field; optional and defaulted fields may be left out.")
        let parameters = model.fields.map { SwiftArgument(field: $0).declaration }
        Layout.signature(&writer, prefix: "public init(", parameters: parameters, suffix: ")") { writer in
            for field in model.fields {
                writer.line("self.\(storedName(field)) = \(storable(SwiftNames.argument(field.name), for: field))")
            }
        }
    }

    /// Decoding with wire-name keys: an absent optional is nil, an absent defaulted field
    /// takes its default (a `null` in an optional one is nil), any other absent field is an
    /// error naming the key path.
    private func writeDecoder(_ model: Model, to writer: inout SwiftWriter) {
        writer.line(Unoptimized.attribute)
        writer.block("public init(from decoder: any Decoder) throws") { writer in
            guard !model.fields.isEmpty else {
                writer.line("_ = try decoder.container(keyedBy: WireKey.self)")
                return
            }
            writer.line("let container = try decoder.container(keyedBy: WireKey.self)")
            for field in model.fields {
                let key = SwiftNames.string(field.wireName)
                let target = "self.\(storedName(field))"
                let type = SwiftNames.type(field.type.unwrapped)
                let read: String
                if field.holdsOtherKeys, case .dictionary(let value) = field.type {
                    read = "try container.readOtherKeys(\(SwiftNames.type(value)).self, besides: \(declaredKeys(of: model)))"
                } else if let value = field.defaultValue, field.type.isOptional, value != .null {
                    // A present `null` is nil; only an absent key takes the default.
                    read = "try container.readIfPresent(\(type).self, at: \(key), orIfAbsent: \(SwiftNames.literal(value, for: field.type)))"
                } else if let value = field.defaultValue, !(value == .null && field.type.isOptional) {
                    read = "try container.readIfPresent(\(type).self, at: \(key)) ?? \(SwiftNames.literal(value, for: field.type))"
                } else if field.type.isOptional {
                    read = "try container.readIfPresent(\(type).self, at: \(key))"
                } else {
                    read = "try container.read(\(type).self, at: \(key))"
                }
                writer.line("\(target) = \(storable(read, for: field))")
            }
        }
    }

    /// Encoding with wire-name keys; nil optionals are left out.
    private func writeEncoder(_ model: Model, to writer: inout SwiftWriter) {
        writer.line(Unoptimized.attribute)
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            guard !model.fields.isEmpty else {
                writer.line("_ = encoder.container(keyedBy: WireKey.self)")
                return
            }
            writer.line("var container = encoder.container(keyedBy: WireKey.self)")
            for field in model.fields {
                // Always `self.`: a property named `self` written alone would be the instance.
                if field.holdsOtherKeys {
                    writer.line("try container.writeOtherKeys(\(storedValue(field)), besides: \(declaredKeys(of: model)))")
                    continue
                }
                let method = field.type.isOptional && !field.writesNull ? "writeIfPresent" : "write"
                writer.line("try container.\(method)(\(storedValue(field)), at: \(SwiftNames.string(field.wireName)))")
            }
        }
    }

    /// The wire keys of a model's fields but the one that holds the other keys, as a literal.
    private func declaredKeys(of model: Model) -> String {
        "[" + model.fields.filter { !$0.holdsOtherKeys }.map { SwiftNames.string($0.wireName) }.joined(separator: ", ") + "]"
    }

    // MARK: - Enums

    func write(_ enumType: EnumType, to writer: inout SwiftWriter) {
        typeHeader(&writer, name: enumType.name, docs: enumType.docs, deprecation: enumType.deprecation)
        // An integer enum's wire values are written as numbers, a string enum's as strings.
        let rawType = enumType.isInteger ? "Int" : "String"
        let literal: (EnumCase) -> String = { enumType.isInteger ? $0.wireValue : SwiftNames.string($0.wireValue) }
        if enumType.isFrozen {
            writer.block("nonisolated public enum \(enumType.name): \(rawType), Codable, Hashable, Sendable, CaseIterable, WireValueConvertible") { writer in
                for enumCase in enumType.cases {
                    writer.docs(enumCase.docs + SwiftNames.deprecationNote(enumCase.deprecation))
                    let name = SwiftNames.identifier(enumCase.name)
                    writer.line(!enumType.isInteger && enumCase.wireValue == enumCase.name ? "case \(name)" : "case \(name) = \(literal(enumCase))")
                }
            }
            return
        }
        writer.block("nonisolated public enum \(enumType.name): \(enumType.isInteger ? "IntEnum" : "StringEnum")") { writer in
            for enumCase in enumType.cases {
                writer.docs(enumCase.docs + SwiftNames.deprecationNote(enumCase.deprecation))
                writer.line("case \(SwiftNames.identifier(enumCase.name))")
            }
            writer.line("/// A value this version of the client does not know; it encodes back as it came.")
            writer.line("case unknown(\(rawType))")
            writer.line()
            writer.line("/// The case for a wire value.")
            writer.line(Unoptimized.attribute)
            writer.block("public init(rawValue: \(rawType))") { writer in
                if !enumType.isInteger {
                    // Comparisons rather than a `switch`, whose string patterns go through the
                    // generic `~=`: the same tests in order, in less than half the compiled code.
                    // `WireText.equal`, not `==`, which the type checker would weigh against
                    // every `==` overload for each case.
                    for (index, enumCase) in enumType.cases.enumerated() {
                        let condition = "if WireText.equal(rawValue, \(literal(enumCase))) { self = .\(SwiftNames.identifier(enumCase.name)) }"
                        writer.line(index == 0 ? condition : "else " + condition)
                    }
                    writer.line(enumType.cases.isEmpty ? "self = .unknown(rawValue)" : "else { self = .unknown(rawValue) }")
                } else {
                    writer.switchBlock("rawValue") { writer in
                        for enumCase in enumType.cases {
                            writer.line("case \(literal(enumCase)): self = .\(SwiftNames.identifier(enumCase.name))")
                        }
                        writer.line("default: self = .unknown(rawValue)")
                    }
                }
            }
            writer.line()
            writer.line("/// The wire value.")
            writer.line(Unoptimized.attribute)
            writer.block("public var rawValue: \(rawType)") { writer in
                writer.switchBlock("self") { writer in
                    for enumCase in enumType.cases {
                        writer.line("case .\(SwiftNames.identifier(enumCase.name)): \(literal(enumCase))")
                    }
                    writer.line("case .unknown(let value): value")
                }
            }
        }
    }

    // MARK: - Unions

    func write(_ union: Union, to writer: inout SwiftWriter) {
        typeHeader(&writer, name: union.name, docs: union.docs, deprecation: union.deprecation)
        guard let tagKey = union.tagKey else { return writeUntagged(union, to: &writer) }
        let key = SwiftNames.string(tagKey)
        let indirect = union.isRecursive ? "indirect " : ""
        writer.block("nonisolated public \(indirect)enum \(union.name): Codable, Hashable, Sendable") { writer in
            for variant in union.variants {
                writer.docs(variant.docs + SwiftNames.deprecationNote(variant.deprecation))
                writer.line("case \(SwiftNames.identifier(variant.name))(\(SwiftNames.type(variant.type)))")
            }
            writer.line("/// A variant this version of the client does not know: its tag and its whole content.")
            writer.line("case unknown(tag: String, JSONValue)")
            writer.line()
            // A number tag is written as the number, and kept as its digits in `unknown`; an
            // object without its tag is kept in `unknown` with an empty one.
            let tag = { (variant: UnionVariant) in union.tagsAreIntegers ? variant.tagValue : SwiftNames.string(variant.tagValue) }
            writer.line(Unoptimized.attribute)
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                writer.switchBlock("try TaggedUnion.\(union.tagsAreIntegers ? "integerTag" : "tag")(in: decoder, key: \(key))") { writer in
                    for variant in union.variants {
                        writer.line("case \(tag(variant))?: self = .\(SwiftNames.identifier(variant.name))(try \(SwiftNames.type(variant.type))(from: decoder))")
                    }
                    let unknownTag = union.tagsAreIntegers ? "tag.map(String.init) ?? \"\"" : "tag ?? \"\""
                    writer.line("case let tag: self = .unknown(tag: \(unknownTag), try JSONValue(from: decoder))")
                }
            }
            writer.line()
            writer.line(Unoptimized.attribute)
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.switchBlock("self") { writer in
                    for variant in union.variants {
                        writer.line("case .\(SwiftNames.identifier(variant.name))(let value): try TaggedUnion.encode(value, tag: \(tag(variant)), key: \(key), to: encoder)")
                    }
                    writer.line("case .unknown(_, let value): try value.encode(to: encoder)")
                }
            }
        }
    }
}
