// Models and enums.
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
}
