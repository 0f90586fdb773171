extension SchemaMapper {
    /// An enum that a schema narrows: `{enum: [4], allOf: [{$ref: AutomodTriggerType}]}`, as
    /// Discord writes 153 times to say which of a shared enum's values a place takes. The `allOf`
    /// part alone would be the shared enum, and the narrowing would be lost without a word: a
    /// keyword rule's `trigger_type` could not be told from a spam rule's. It becomes an enum of
    /// its own with the values the schema keeps, named and documented as the shared enum's cases
    /// are, under `declaredName` when the schema is a component. Nil when the schema is not such
    /// a narrowing, or narrows what it cannot (a type that is not an enum, a value the enum does
    /// not have), which a warning then names.
    func narrowedEnum(_ node: DocumentNode, at location: DocumentLocation, hint: String, named declaredName: String? = nil) -> ImportedType? {
        guard let values = Self.narrowingValues(of: node), let parts = node["allOf"]?.array else { return nil }
        let referenced = parts.indices.filter { parts[$0]["$ref"] != nil }
        guard referenced.count == 1, parts.indices.allSatisfy({ referenced.contains($0) || Self.onlyAnnotates(parts[$0]) }) else { return nil }
        let place = InlinePlace(location: location, context: .json)
        if let known = inlineTypes[place] { return known }
        let index = referenced[0]
        let baseType = type(of: parts[index], at: location.appending("allOf").appending(index), hint: hint)
        guard case .named(let base) = baseType, case .enumeration(_, _, let isInteger, let cases, let isDeprecated)? = declarations[base] else {
            warn(location, "enum", "the values listed beside 'allOf' narrow \(baseType.spelling), which is not an enum; they are not checked")
            return nil
        }
        let wireValues = values.compactMap { value -> String? in isInteger ? value.integer.map(String.init) : value.string }
        let kept = cases.filter { wireValues.contains($0.value) }
        guard kept.count == values.count else {
            warn(location, "enum", "some values listed beside 'allOf' are not cases of '\(base)'; the place takes any '\(base)'")
            return nil
        }
        if kept.count == cases.count { return .named(base) }
        let name = declaredName ?? reserveTypeName(hint)
        let docs = ImportDocs.lines(ImportDocs.title(node["title"]?.string, of: name), node["description"]?.string)
        declare(.enumeration(name: name, docs: docs, isInteger: isInteger, cases: kept, isDeprecated: isDeprecated || node["deprecated"]?.bool == true))
        declarationLocations[name] = location
        inlineTypes[place] = .named(name)
        return .named(name)
    }

    /// The values a schema beside an `allOf` keeps: its `enum` without `null`, or its `const`.
    static func narrowingValues(of node: DocumentNode) -> [DocumentNode]? {
        guard node["allOf"] != nil else { return nil }
        if let constant = node["const"], constant != .null { return [constant] }
        guard let values = node["enum"]?.array?.filter({ $0 != .null }), !values.isEmpty else { return nil }
        return values
    }
}
