// Models, enums and unions.
extension Checker {
    func checkModel(_ syntax: ModelSyntax) -> Model {
        let modelAttributes = attributes(syntax.attributes, at: .model)
        let fields = checkFields(syntax.fields, owner: "model '\(syntax.name.text)'", model: syntax.name.text, allowFile: false)
        return Model(
            name: syntax.name.text, docs: syntax.docs, deprecation: deprecation(modelAttributes),
            fields: fields, location: syntax.name.location)
    }

    /// Checks the fields of a model or of a multipart or form body: types, defaults,
    /// attributes, and that names and wire keys are unique.
    func checkFields(_ syntax: [FieldSyntax], owner: String, model: String? = nil, allowFile: Bool, inForm: Bool = false) -> [Field] {
        reportDuplicates(syntax.map(\.name), what: "field", hint: "each field of \(owner) needs its own name")
        var fields: [Field] = []
        var wireKeys: [String: NameSyntax] = [:]
        for field in syntax {
            let fieldAttributes = attributes(field.attributes, at: .field)
            let wire = wireName(fieldAttributes) ?? settings.keyStyle.wireName(for: field.name.text)
            guard let type = resolve(field.type, allowFile: allowFile) else { continue }
            if flag("message", in: fieldAttributes), let mark = fieldAttributes["message"] {
                messageMarks.append(MessageMark(model: model, field: field.name.text, wireName: wire, type: type, location: mark.location))
            }
            var defaultValue: Literal?
            if let value = field.defaultValue { defaultValue = literal(value, for: type) }
            let holdsOtherKeys = flag("otherKeys", in: fieldAttributes)
            if !holdsOtherKeys, let other = wireKeys[wire], other.text != field.name.text {
                log.error(
                    field.name.location,
                    "fields '\(other.text)' and '\(field.name.text)' of \(owner) both use the wire key '\(wire)'",
                    hint: "give one of them another key with @wire(\"…\")",
                    notes: [.init(location: other.location, message: "'\(other.text)' is declared here")])
            }
            if !holdsOtherKeys { wireKeys[wire] = wireKeys[wire] ?? field.name }
            var checked = Field(
                name: field.name.text, wireName: wire, type: type, defaultValue: defaultValue,
                docs: field.docs, deprecation: deprecation(fieldAttributes), isIndirect: false,
                location: field.name.location)
            if flag("writesNull", in: fieldAttributes), let mark = fieldAttributes["writesNull"] {
                checked.writesNull = checkWritesNull(checked, owner: owner, inModel: model != nil, at: mark.location)
            }
            if let style = fieldAttributes["style"] {
                checked.isDeepObject = checkFormFieldStyle(style, inForm: inForm)
            }
            if holdsOtherKeys, let mark = fieldAttributes["otherKeys"] {
                checked.holdsOtherKeys = checkOtherKeys(
                    checked, syntax: field, owner: owner, inModel: model != nil, earlier: fields.first(where: \.holdsOtherKeys), at: mark.location)
            }
            fields.append(checked)
        }
        return fields
    }

    /// `@style(deepObject)` on a field of a form body; true when it is one.
    private func checkFormFieldStyle(_ attribute: AttributeSyntax, inForm: Bool) -> Bool {
        guard inForm else {
            log.error(
                attribute.location, "'@style' applies to a field of a form body, or to a query parameter",
                hint: "a model's fields travel as JSON; write @style(deepObject) in body form { … }")
            return false
        }
        guard let value = singleArgument(of: attribute, example: "@style(deepObject)") else { return false }
        guard case .identifier("deepObject") = value.kind else {
            log.error(value.location, "'@style' of a form field takes deepObject", hint: "write @style(deepObject) for address[city]=Paris")
            return false
        }
        return true
    }

    /// `@otherKeys` needs one `[String: T]` field of a model, with no wire key or default of its
    /// own: it holds the keys no other field reads. (`@writesNull` needs an optional field, so
    /// the two never meet.)
    private func checkOtherKeys(
        _ field: Field, syntax: FieldSyntax, owner: String, inModel: Bool, earlier: Field?, at location: SourceLocation
    ) -> Bool {
        guard inModel else {
            log.error(location, "'@otherKeys' marks a field of a model", hint: "a form or multipart body names each of its fields; remove the attribute")
            return false
        }
        guard case .dictionary = field.type else {
            log.error(
                location, "'@otherKeys' needs a dictionary field, but '\(field.name)' of \(owner) is '\(field.type)'",
                hint: "write '[String: JSON]', or '[String: T]' when every other key holds a T; it is empty when there are none")
            return false
        }
        if let earlier {
            log.error(
                location, "\(owner) has two '@otherKeys' fields", hint: "one field holds every other key; remove the attribute from one",
                notes: [.init(location: earlier.location, message: "'\(earlier.name)' holds them already")])
            return false
        }
        if let wire = syntax.attributes.first(where: { $0.name.text == "wire" }) {
            log.error(wire.location, "'\(field.name)' holds the other keys, and has no wire key of its own", hint: "remove '@wire'")
            return false
        }
        if syntax.defaultValue != nil {
            log.error(location, "'\(field.name)' holds the other keys: it is empty when there are none", hint: "remove the default")
            return false
        }
        return true
    }

    /// `@writesNull` needs a model field of an optional type that is not already `Nullable`.
    private func checkWritesNull(_ field: Field, owner: String, inModel: Bool, at location: SourceLocation) -> Bool {
        guard inModel else {
            log.error(location, "'@writesNull' marks a field of a model", hint: "a form or multipart body has no null; remove the attribute")
            return false
        }
        guard case .optional(let wrapped) = field.type else {
            log.error(
                location, "'@writesNull' needs an optional field, but '\(field.name)' of \(owner) is '\(field.type)'",
                hint: "write '\(field.type)?', or remove the attribute: a field that is not optional is always written")
            return false
        }
        if case .nullable = wrapped {
            log.error(
                location, "'\(field.type)' already says when null is written",
                hint: "remove '@writesNull', or write 'Nullable<…>' alone for a key that is always there")
            return false
        }
        return true
    }

    func checkEnum(_ syntax: EnumSyntax) -> EnumType {
        let enumAttributes = attributes(syntax.attributes, at: .enumeration)
        let isFrozen = flag("frozen", in: enumAttributes)
        if syntax.cases.isEmpty {
            log.error(syntax.name.location, "enum '\(syntax.name.text)' has no cases", hint: "list one case per line")
        }
        reportDuplicates(syntax.cases.map(\.name), what: "case")
        var isInteger = false
        if let rawType = syntax.rawType {
            if rawType.text == "Int" {
                isInteger = true
            } else {
                log.error(
                    rawType.location, "an enum's values are strings or whole numbers, not '\(rawType.text)'",
                    hint: "write 'enum \(syntax.name.text): Int' for numbers, or leave the type out for strings")
            }
        }
        var wireValues: [String: NameSyntax] = [:]
        var cases: [EnumCase] = []
        for caseSyntax in syntax.cases {
            let caseAttributes = attributes(caseSyntax.attributes, at: .enumCase)
            guard let wireValue = enumWireValue(caseSyntax, of: syntax, isInteger: isInteger) else { continue }
            if !isFrozen, caseSyntax.name.text == "unknown" {
                log.error(
                    caseSyntax.name.location,
                    "case name 'unknown' is taken by the fallback case of enum '\(syntax.name.text)'",
                    hint: "rename it and keep its wire value, as in unknownValue = \"unknown\", or mark the enum @frozen")
            }
            if let other = wireValues[wireValue], other.text != caseSyntax.name.text {
                log.error(
                    caseSyntax.name.location,
                    "cases '\(other.text)' and '\(caseSyntax.name.text)' have the same wire value \(isInteger ? wireValue : "\"\(wireValue)\"")",
                    notes: [.init(location: other.location, message: "'\(other.text)' is declared here")])
            }
            wireValues[wireValue] = wireValues[wireValue] ?? caseSyntax.name
            cases.append(
                EnumCase(
                    name: caseSyntax.name.text, wireValue: wireValue, docs: caseSyntax.docs,
                    deprecation: deprecation(caseAttributes), location: caseSyntax.name.location))
        }
        return EnumType(
            name: syntax.name.text, docs: syntax.docs, isFrozen: isFrozen, isInteger: isInteger,
            deprecation: deprecation(enumAttributes), cases: cases, location: syntax.name.location)
    }

    /// A case's value on the wire: its string (the case name unless given), or for an integer
    /// enum its whole number, which every case must give.
    private func enumWireValue(_ caseSyntax: EnumCaseSyntax, of syntax: EnumSyntax, isInteger: Bool) -> String? {
        switch caseSyntax.wireValue?.kind {
        case nil:
            guard isInteger else { return caseSyntax.name.text }
            log.error(
                caseSyntax.name.location, "case '\(caseSyntax.name.text)' of integer enum '\(syntax.name.text)' needs a value",
                hint: "write \(caseSyntax.name.text) = 1")
            return nil
        case .string(let text)?:
            guard isInteger, let value = caseSyntax.wireValue else { return text }
            log.error(
                value.location, "case '\(caseSyntax.name.text)' of integer enum '\(syntax.name.text)' takes a whole number, not text",
                hint: "write \(caseSyntax.name.text) = 1")
            return nil
        case .integer(let number, _)?:
            guard let value = caseSyntax.wireValue else { return nil }
            guard isInteger else {
                log.error(
                    value.location, "case '\(caseSyntax.name.text)' of enum '\(syntax.name.text)' takes text in quotes",
                    hint: "write 'enum \(syntax.name.text): Int' for an enum of whole numbers")
                return nil
            }
            guard let number else {
                log.error(value.location, "the value of case '\(caseSyntax.name.text)' does not fit a 64-bit integer")
                return nil
            }
            return String(number)
        default:
            return nil
        }
    }

    func checkUnion(_ syntax: UnionSyntax) -> Union {
        let unionAttributes = attributes(syntax.attributes, at: .union)
        guard let tag = syntax.tag else { return checkUntaggedUnion(syntax, attributes: unionAttributes) }
        var tagKey = "type"
        if case .string(let text) = tag.kind {
            if text.isEmpty {
                log.error(tag.location, "the tag key of union '\(syntax.name.text)' cannot be empty")
            }
            tagKey = text
        }
        if syntax.variants.isEmpty {
            log.error(syntax.name.location, "union '\(syntax.name.text)' has no variants", hint: "list one variant per line, as name: Model")
        }
        reportDuplicates(syntax.variants.map(\.name), what: "variant")
        var tagValues: [String: NameSyntax] = [:]
        var variants: [UnionVariant] = []
        let tagsAreIntegers = syntax.variants.first.map(Self.hasIntegerTag) ?? false
        for variant in syntax.variants {
            let variantAttributes = attributes(variant.attributes, at: .variant)
            var tagValue = variant.name.text
            switch variant.tagValue?.kind {
            case .string(let text)?: tagValue = text
            case .integer(let number?, _)?: tagValue = String(number)
            case .integer(nil, let text)?:
                log.error(variant.tagValue!.location, "the tag \(text) does not fit in 64 bits", hint: "a number tag is a whole number from -2^63 to 2^63 - 1")
            default: break
            }
            if Self.hasIntegerTag(variant) != tagsAreIntegers {
                log.error(
                    variant.tagValue?.location ?? variant.name.location,
                    "the tags of union '\(syntax.name.text)' are \(tagsAreIntegers ? "numbers" : "text"), but the tag of '\(variant.name.text)' is \(tagsAreIntegers ? "text" : "a number")",
                    hint: tagsAreIntegers
                        ? "give every variant a number tag, as in \(variant.name.text) = 1: Model"
                        : "write every tag as text in quotes, or every one as a number")
            }
            if variant.name.text == "unknown" {
                log.error(
                    variant.name.location,
                    "variant name 'unknown' is taken by the fallback case of union '\(syntax.name.text)'",
                    hint: "rename it and keep its tag, as in unknownVariant = \"unknown\": Model")
            }
            if let other = tagValues[tagValue], other.text != variant.name.text {
                log.error(
                    variant.name.location,
                    "variants '\(other.text)' and '\(variant.name.text)' have the same tag \"\(tagValue)\"",
                    notes: [.init(location: other.location, message: "'\(other.text)' is declared here")])
            }
            tagValues[tagValue] = tagValues[tagValue] ?? variant.name
            guard let type = resolve(variant.type) else { continue }
            guard case .model(let modelName) = type else {
                log.error(
                    variant.type.location, "variant '\(variant.name.text)' must carry a model, not '\(type)'",
                    hint: "a tagged union's variants are JSON objects; wrap the value in a model")
                continue
            }
            variants.append(
                UnionVariant(
                    name: variant.name.text, tagValue: tagValue, type: .model(modelName), docs: variant.docs,
                    deprecation: deprecation(variantAttributes), location: variant.name.location))
        }
        return Union(
            name: syntax.name.text, docs: syntax.docs, tagKey: tagKey,
            deprecation: deprecation(unionAttributes), variants: variants, tagsAreIntegers: tagsAreIntegers, isRecursive: false,
            location: syntax.name.location)
    }

    /// Whether a variant's tag is written as a number (`button = 2: Button`).
    private static func hasIntegerTag(_ variant: UnionVariantSyntax) -> Bool {
        if case .integer? = variant.tagValue?.kind { return true }
        return false
    }

    /// Warns when a variant's model has a field on the union's tag key that cannot hold the
    /// variant's tag: the union writes the tag over it when encoding. A text or JSON field, or
    /// an enum with the tag among its values, is how OpenAPI's discriminators are written, and
    /// fine; where the tags are numbers, an integer or JSON field, or an integer enum with the
    /// tag among its values.
    func checkUnionVariantKeys(_ unions: [Union], enums: [EnumType]) {
        let enumValues = Dictionary(enums.map { ($0.name, Set($0.cases.map(\.wireValue))) }, uniquingKeysWith: { first, _ in first })
        for union in unions {
            guard let tagKey = union.tagKey else { continue }
            for variant in union.variants {
                guard let modelName = variant.model, let model = checkedModels[modelName],
                    let field = model.fields.first(where: { $0.wireName == tagKey })
                else { continue }
                switch field.type.unwrapped {
                case .scalar(.json): continue
                case .scalar(.string) where !union.tagsAreIntegers: continue
                case .scalar(.int), .scalar(.int32), .scalar(.int64), .scalar(.uint64): if union.tagsAreIntegers { continue }
                case .enumeration(let name) where enumValues[name]?.contains(variant.tagValue) == true: continue
                default: break
                }
                log.warning(
                    variant.location,
                    "model '\(model.name)' has a field '\(field.name)' on the tag key \"\(tagKey)\" of union '\(union.name)'",
                    hint: "the union writes the tag itself; remove the field or give the union another tag key",
                    notes: [.init(location: field.location, message: "'\(field.name)' is declared here")])
            }
        }
    }
}
