import CourierSchema

/// Installed apps and the types on the wire: models read from responses and sent in requests,
/// enums and unions.
extension Comparison {
    mutating func compareTypesOnTheWire() {
        for model in base.models {
            guard let other = headModels[model.name] else { continue }
            if usage.isRead(model.name) { compareResponseFields(model, other) }
            if usage.isWritten(model.name) {
                compareRequestFields(
                    model.fields, other.fields, owner: model.name, endpoints: usage.endpoints(of: model.name, reading: false),
                    ownerLocation: other.location)
            }
        }
        for enumType in base.enums {
            guard let other = headEnums[enumType.name] else { continue }
            compareEnum(enumType, other)
        }
        for union in base.unions {
            guard let other = headUnions[union.name] else { continue }
            compareUnion(union, other)
        }
    }

    /// A model the app decodes: every field it needs must still come, as a type it reads.
    private mutating func compareResponseFields(_ model: Model, _ other: Model) {
        let endpoints = usage.endpoints(of: model.name, reading: true)
        var wire = WireCompatibility(reader: base, values: head)
        for field in model.fields {
            let subject = "\(model.name).\(field.name)"
            guard let newField = other.fields.first(where: { $0.wireName == field.wireName }) else {
                let renamed = other.fields.first { $0.name == field.name }.map { " It is now sent as `\($0.wireName)`." } ?? ""
                if Self.isRequired(field.type, default: field.defaultValue) {
                    report(
                        .responseFieldRemoved, at: other.location, subject, endpoints: endpoints, removedFrom: field.location,
                        "`\(field.wireName)` of `\(model.name)` is no longer sent; installed apps need it and fail to decode `\(model.name)`.\(renamed)")
                } else {
                    report(
                        .responseOptionalFieldRemoved, at: other.location, subject, endpoints: endpoints, removedFrom: field.location,
                        "`\(field.wireName)` of `\(model.name)` is no longer sent; installed apps read it as absent and lose what it said.\(renamed)")
                }
                continue
            }
            // A default in the head says the server may leave the field out, as `?` does.
            if Self.isRequired(field.type, default: field.defaultValue), !Self.isRequired(newField.type, default: newField.defaultValue) {
                report(
                    .responseFieldBecameOptional, at: newField.location, subject, endpoints: endpoints,
                    "`\(field.wireName)` of `\(model.name)` may now be \(newField.type.isOptional ? "absent or null" : "absent"); installed apps need it and fail to decode `\(model.name)` without it.")
            }
            if !wire.accepts(field.type.unwrapped, newField.type.unwrapped) {
                report(
                    .responseFieldTypeChanged, at: newField.location, subject, endpoints: endpoints,
                    "`\(field.wireName)` of `\(model.name)` is \(Self.describe(newField.type.unwrapped)) instead of \(Self.describe(field.type.unwrapped)); installed apps fail to decode it.")
            }
        }
        let known = Set(model.fields.map(\.wireName))
        for field in other.fields where !known.contains(field.wireName) {
            report(
                .responseFieldAdded, at: field.location, "\(model.name).\(field.name)", endpoints: endpoints,
                "`\(field.wireName)` of `\(model.name)` is new; installed apps ignore it.")
        }
    }

    /// Fields the app sends, in a model or a form: the server must accept what old apps send.
    mutating func compareRequestFields(_ fields: [Field], _ newFields: [Field], owner: String, endpoints: [String], ownerLocation: SourceLocation) {
        var wire = WireCompatibility(reader: head, values: base)
        for newField in newFields {
            let subject = "\(owner).\(newField.name)"
            guard let field = fields.first(where: { $0.wireName == newField.wireName }) else {
                if Self.isRequired(newField.type, default: newField.defaultValue) {
                    report(
                        .requestFieldAddedRequired, at: newField.location, subject, endpoints: endpoints,
                        "`\(newField.wireName)` of `\(owner)` is new and required; installed apps do not send it.")
                } else {
                    report(
                        .requestFieldAddedOptional, at: newField.location, subject, endpoints: endpoints,
                        "`\(newField.wireName)` of `\(owner)` is new and optional; installed apps leave it out.")
                }
                continue
            }
            if Self.mayBeOmitted(field.type), Self.isRequired(newField.type, default: newField.defaultValue) {
                report(
                    .requestFieldBecameRequired, at: newField.location, subject, endpoints: endpoints,
                    "`\(newField.wireName)` of `\(owner)` is now required; installed apps may leave it out.")
            }
            if !wire.accepts(newField.type.unwrapped, field.type.unwrapped) {
                report(
                    .requestFieldTypeChanged, at: newField.location, subject, endpoints: endpoints,
                    "`\(newField.wireName)` of `\(owner)` is \(Self.describe(newField.type.unwrapped)) instead of \(Self.describe(field.type.unwrapped)); the server may refuse what installed apps send.")
            }
        }
        let known = Set(newFields.map(\.wireName))
        for field in fields where !known.contains(field.wireName) {
            let renamed = newFields.first { $0.name == field.name }.map { " It is now read as `\($0.wireName)`." } ?? ""
            report(
                .requestFieldRemoved, at: ownerLocation, "\(owner).\(field.name)", endpoints: endpoints, removedFrom: field.location,
                "`\(field.wireName)` of `\(owner)` is no longer read; installed apps still send it, and the server must ignore it.\(renamed)")
        }
    }

    private mutating func compareEnum(_ enumType: EnumType, _ other: EnumType) {
        let oldValues = Set(enumType.cases.map(\.wireValue))
        let newValues = Set(other.cases.map(\.wireValue))
        if usage.isRead(enumType.name) {
            let endpoints = usage.endpoints(of: enumType.name, reading: true)
            for newCase in other.cases where !oldValues.contains(newCase.wireValue) {
                let subject = "\(enumType.name).\(newCase.name)"
                let renamedFrom = enumType.cases.first { $0.name == newCase.name }
                if enumType.isFrozen {
                    report(
                        .responseFrozenEnumValueAdded, at: newCase.location, subject, endpoints: endpoints,
                        "`\(enumType.name)` may now be `\(newCase.wireValue)`; it is @frozen, so installed apps fail to decode it.")
                } else if let renamedFrom {
                    report(
                        .responseEnumValueRenamed, at: newCase.location, subject, endpoints: endpoints,
                        "`\(enumType.name).\(newCase.name)` is now sent as `\(newCase.wireValue)`, not `\(renamedFrom.wireValue)`; installed apps read it as an unknown value.")
                } else {
                    report(
                        .responseEnumValueAdded, at: newCase.location, subject, endpoints: endpoints,
                        "`\(enumType.name)` may now be `\(newCase.wireValue)`; installed apps read it as an unknown value.")
                }
            }
        }
        if usage.isWritten(enumType.name) {
            let endpoints = usage.endpoints(of: enumType.name, reading: false)
            for oldCase in enumType.cases where !newValues.contains(oldCase.wireValue) {
                let renamed = other.cases.first { $0.name == oldCase.name }.map { " It is now `\($0.wireValue)`." } ?? ""
                report(
                    .requestEnumValueRemoved, at: other.location, "\(enumType.name).\(oldCase.name)", endpoints: endpoints,
                    removedFrom: oldCase.location,
                    "the server no longer accepts `\(oldCase.wireValue)` for `\(enumType.name)`; installed apps may send it.\(renamed)")
            }
        }
    }

    private mutating func compareUnion(_ union: Union, _ other: Union) {
        let reading = usage.isRead(union.name)
        let writing = usage.isWritten(union.name)
        guard reading || writing else { return }
        let endpoints = (usage.endpoints(of: union.name, reading: true) + usage.endpoints(of: union.name, reading: false)).uniqueSorted()
        if union.tagKey != other.tagKey {
            let describe = { (key: String?) in key.map { "`\($0)`" } ?? "no tag (untagged)" }
            report(
                .unionTagChanged, at: other.location, union.name, endpoints: endpoints,
                "`\(union.name)` is told apart by \(describe(other.tagKey)) instead of \(describe(union.tagKey)); installed apps cannot read or write it.")
            return
        }
        if union.tagsAreIntegers != other.tagsAreIntegers {
            let describe = { (integers: Bool) in integers ? "numbers" : "text" }
            report(
                .unionTagChanged, at: other.location, union.name, endpoints: endpoints,
                "the tags of `\(union.name)` are \(describe(other.tagsAreIntegers)) instead of \(describe(union.tagsAreIntegers)); installed apps cannot read or write it.")
            return
        }
        let newTags = Set(other.variants.map(\.tagValue))
        for variant in union.variants {
            guard let newVariant = other.variants.first(where: { $0.name == variant.name }), newVariant.tagValue != variant.tagValue,
                union.tagKey != nil
            else { continue }
            report(
                .unionTagChanged, at: newVariant.location, "\(union.name).\(variant.name)", endpoints: endpoints,
                "the `\(variant.name)` variant of `\(union.name)` is tagged `\(newVariant.tagValue)`, not `\(variant.tagValue)`; installed apps read and write the old tag.")
        }
        if reading {
            var wire = WireCompatibility(reader: base, values: head)
            for newVariant in other.variants {
                let subject = "\(union.name).\(newVariant.name)"
                guard let variant = union.variants.first(where: { $0.tagValue == newVariant.tagValue }) else {
                    if !union.variants.contains(where: { $0.name == newVariant.name }) {
                        report(
                            .responseUnionVariantAdded, at: newVariant.location, subject, endpoints: usage.endpoints(of: union.name, reading: true),
                            "`\(union.name)` has the new variant `\(newVariant.name)`; installed apps read it as unknown.")
                    }
                    continue
                }
                if !wire.accepts(variant.type, newVariant.type) {
                    report(
                        .responseTypeChanged, at: newVariant.location, subject, endpoints: usage.endpoints(of: union.name, reading: true),
                        "the `\(newVariant.name)` variant of `\(union.name)` carries \(Self.describe(newVariant.type)) instead of \(Self.describe(variant.type)); installed apps fail to decode it.")
                }
            }
        }
        if writing {
            for variant in union.variants where !newTags.contains(variant.tagValue) {
                report(
                    .requestUnionVariantRemoved, at: other.location, "\(union.name).\(variant.name)", endpoints: usage.endpoints(of: union.name, reading: false),
                    removedFrom: variant.location,
                    "the server no longer accepts the `\(variant.name)` variant of `\(union.name)`; installed apps may send it.")
            }
        }
    }
}

extension Array where Element == String {
    func uniqueSorted() -> [String] { Array(Set(self)).sorted() }
}
