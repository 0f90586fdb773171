// Unions with a tag key: variants told apart by the tag's value.
extension Checker {
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
    static func hasIntegerTag(_ variant: UnionVariantSyntax) -> Bool {
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
