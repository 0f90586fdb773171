import CourierSchema

// Multipart parts that are a file or a value in its place: unions that are only sent.
extension SchemaMapper {
    /// Whether a type is a file or a list of files, what makes a union a multipart part.
    static func isFileOrFiles(_ type: ImportedType) -> Bool {
        type == .named("File") || type == .array(.named("File"))
    }

    /// A component union with a binary variant, as a multipart part: every component is first
    /// mapped for JSON, where its file is base64 `Bytes`, so a part needs a union of its own,
    /// `<Component>Part`, declared once. Nil for any other component.
    func multipartPart(ofComponent location: DocumentLocation) -> ImportedType? {
        if let known = multipartComponentTypes[location] { return known }
        guard let (node, resolved) = try? files.resolve(try files.node(at: location), at: location),
            node["discriminator"] == nil, hasBinaryVariant(node, at: resolved, depth: 0)
        else { return nil }
        let type = declaredType(of: node, at: resolved, name: reserveTypeName(Self.componentHint(resolved) + "Part"), context: .multipart)
        multipartComponentTypes[location] = type
        return type
    }

    /// Whether a `oneOf` or `anyOf` has a variant that is binary or a list of it, looking
    /// through `$ref`s and unions inside it.
    private func hasBinaryVariant(_ node: DocumentNode, at location: DocumentLocation, depth: Int) -> Bool {
        guard depth < 4, let keyword = node["oneOf"] != nil ? "oneOf" : node["anyOf"] != nil ? "anyOf" : nil else { return false }
        for (index, variant) in (node[keyword]?.array ?? []).enumerated() {
            guard let (resolved, resolvedLocation) = try? files.resolve(variant, at: location.appending(keyword).appending(index)) else { continue }
            var single = resolved
            if resolved["type"]?.string == "array", let items = resolved["items"] {
                single = (try? files.resolve(items, at: resolvedLocation.appending("items")))?.node ?? items
            }
            if single["format"]?.string == "binary" || hasBinaryVariant(resolved, at: resolvedLocation, depth: depth + 1) { return true }
        }
        return false
    }
}
