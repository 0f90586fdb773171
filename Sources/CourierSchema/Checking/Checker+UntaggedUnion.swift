// Unions without a tag key: variants told apart by their JSON shape.
extension Checker {
    /// Checks `union Name { a: T, b: U }`: variants of any type but optional or an untagged
    /// union, none of them shadowed by one before it. A `File` or `[File]` variant makes the
    /// union a multipart part, which is only sent: its variants are never tried in order.
    func checkUntaggedUnion(_ syntax: UnionSyntax, attributes unionAttributes: [String: AttributeSyntax]) -> Union {
        if syntax.variants.isEmpty {
            log.error(syntax.name.location, "union '\(syntax.name.text)' has no variants", hint: "list one variant per line, as name: Type")
        }
        reportDuplicates(syntax.variants.map(\.name), what: "variant")
        var variants: [UnionVariant] = []
        for variant in syntax.variants {
            let variantAttributes = attributes(variant.attributes, at: .variant)
            if let tagValue = variant.tagValue {
                log.error(
                    tagValue.location, "a variant of an untagged union has no tag value",
                    hint: "add tag \"key\" after the union's name to tell variants apart by a key, or remove '= …'")
            }
            if variant.name.text == "unknown" {
                log.error(
                    variant.name.location, "variant name 'unknown' is taken by the fallback case of union '\(syntax.name.text)'",
                    hint: "rename it, as in unknownValue: Model")
            }
            guard let type = resolve(variant.type, allowFile: Self.isFileOrFiles(variant.type)) else { continue }
            if type.isOptional {
                log.error(
                    variant.type.location, "a variant cannot be optional",
                    hint: "a null matches no variant and becomes the union's unknown case")
                continue
            }
            if case .union(let inner) = type, untaggedUnionNames.contains(inner) {
                log.error(
                    variant.type.location, "an untagged union cannot hold another untagged union",
                    hint: "list the variants of '\(inner)' here instead")
                continue
            }
            variants.append(
                UnionVariant(
                    name: variant.name.text, tagValue: variant.name.text, type: type, docs: variant.docs,
                    deprecation: deprecation(variantAttributes), location: variant.name.location))
        }
        if !multipartPartUnionNames.contains(syntax.name.text) { reportShadowedVariants(variants) }
        return Union(
            name: syntax.name.text, docs: syntax.docs, tagKey: nil, deprecation: deprecation(unionAttributes),
            variants: variants, isRecursive: false, location: syntax.name.location)
    }

    /// Whether a written type is `File` or `[File]`, what a variant of a multipart part can be.
    static func isFileOrFiles(_ type: TypeSyntax) -> Bool {
        let written = if case .array(let element) = type.kind { element } else { type }
        guard case .named(let name, let arguments) = written.kind else { return false }
        return name.text == "File" && arguments.isEmpty
    }

    /// Variants are tried in order: one that could only take values an earlier one always takes
    /// would never be chosen.
    private func reportShadowedVariants(_ variants: [UnionVariant]) {
        let integerEnums = integerEnumNames
        let untagged = untaggedUnionNames
        func shape(_ type: TypeRef) -> JSONShapeKind {
            JSONShapeKind.of(
                type, dateStyle: settings.dateStyle, isIntegerEnum: integerEnums.contains, isTaggedUnion: { !untagged.contains($0) })
        }
        for (index, variant) in variants.enumerated() {
            guard let earlier = variants[..<index].first(where: { takesEveryValue(of: variant.type, $0.type, shape: shape) }) else { continue }
            log.error(
                variant.location, "variant '\(variant.name)' is never chosen: '\(earlier.name)' before it takes every value it could",
                hint: "put the more specific variant first",
                notes: [.init(location: earlier.location, message: "'\(earlier.name)' is declared here")])
        }
    }

    /// Whether a variant of type `earlier` decodes every value a later variant of type `later`
    /// could: the same type, `JSON`, or a type that takes any value of its shape (`String`,
    /// `Double`, `Bool`, `[JSON]`, `[String: JSON]`).
    ///
    /// A model is never shadowed by another type: an object goes first to the models that
    /// declare its keys, before a `JSON` or dictionary variant declared earlier.
    private func takesEveryValue(of later: TypeRef, _ earlier: TypeRef, shape: (TypeRef) -> JSONShapeKind) -> Bool {
        if earlier == later { return true }
        if case .model = later { return false }
        let anyOfItsShape: Bool
        switch earlier {
        case .scalar(.json), .scalar(.string), .scalar(.double), .scalar(.float), .scalar(.bool),
            .array(.scalar(.json)), .dictionary(.scalar(.json)):
            anyOfItsShape = true
        default:
            anyOfItsShape = false
        }
        return anyOfItsShape && shape(later).isWithin(shape(earlier))
    }
}
