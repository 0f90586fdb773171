extension SchemaMapper {
    /// Puts the variants of an untagged union that is a variant of another untagged union into
    /// the outer one (`oneOf` inside `oneOf` takes the same values as one `oneOf` of all), since
    /// the schema language does not nest them. Runs once every declaration is known, because a
    /// union's variants may be declared after it (or contain it).
    func flattenNestedUnions() {
        for name in order {
            guard case .union(_, let docs, nil, let variants)? = declarations[name],
                variants.contains(where: { isUntaggedUnion($0.type) })
            else { continue }
            var flat: [(name: String, tagValue: UnionTag?, type: ImportedType)] = []
            var taken: Set<String> = ["unknown"]
            var dropped: [String] = []
            var visited: Set<String> = [name]
            func add(_ variants: [(name: String, tagValue: UnionTag?, type: ImportedType)]) {
                for variant in variants {
                    if case .named(let inner) = variant.type, case .union(_, _, nil, let innerVariants)? = declarations[inner] {
                        if visited.insert(inner).inserted { add(innerVariants) } else { dropped.append(inner) }
                        continue
                    }
                    if flat.contains(where: { takesEveryValue(of: variant.type, $0.type) }) {
                        dropped.append(variant.type.spelling)
                        continue
                    }
                    flat.append((ImportNames.unique(variant.name, in: &taken), nil, variant.type))
                }
            }
            add(variants)
            declarations[name] = .union(name: name, docs: docs, tagKey: nil, variants: flat)
            warn(
                declarationLocations[name] ?? DocumentLocation(file: files.root, tokens: []), "nested union",
                "the unions inside the union '\(name)' are merged into it"
                    + (dropped.isEmpty ? "" : "; left out, as earlier variants take their values: \(dropped.joined(separator: ", "))"))
        }
    }

    private func isUntaggedUnion(_ type: ImportedType) -> Bool {
        guard case .named(let name) = type, case .union(_, _, nil, _)? = declarations[name] else { return false }
        return true
    }
}
