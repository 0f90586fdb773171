/// Component schemas that are identical in all but their name and description become aliases
/// of the first: Twilio's core API declares the nine usage-record schemas field for field alike,
/// and 39 of its component schemas repeat another. Each declaration is a struct or an enum the
/// compiler builds with its value witnesses, coding, comparison and hashing; an alias costs
/// nothing, and keeps the description's name for code that uses it.
///
/// Two declarations are identical when their kind and everything the generated type holds are:
/// fields (names, wire keys, types, defaults, docs, attributes), cases (names, values, docs),
/// variants (names, tags, types), and deprecation. Their own descriptions may differ, and each
/// alias keeps its own. A type that refers to two identical ones counts them as one, so the pass
/// repeats until nothing more is found.
extension SchemaMapper {
    /// Makes each declaration identical to an earlier one (in the files' order) an alias of it;
    /// returns how many became aliases.
    @discardableResult
    func aliasIdenticalDeclarations() -> Int {
        var canonical: [String: String] = [:]
        func resolved(_ name: String) -> String {
            var name = name
            while let next = canonical[name] { name = next }
            return name
        }
        // The unions that name each type in a variant: two of a union's variants must not become
        // one type, or the later would never be chosen.
        var unionsNaming: [String: [String]] = [:]
        for name in order {
            guard case .union(_, _, _, let variants)? = declarations[name] else { continue }
            for typeName in Set(variants.flatMap(\.type.names)) { unionsNaming[typeName, default: []].append(name) }
        }
        func keepsVariantsApart(_ union: String) -> Bool {
            guard case .union(_, _, _, let variants)? = declarations[union] else { return true }
            let spellings = variants.map { $0.type.renamingTypes(resolved).spelling }
            return Set(spellings).count == spellings.count
        }
        // The declarations that name each type, to find whose shape an alias changes.
        var namedBy: [String: [String]] = [:]
        for name in order {
            for typeName in Set(declarations[name]?.referencedNames ?? []) { namedBy[typeName, default: []].append(name) }
        }
        var firstOfShape: [DeclarationShape: String] = [:]
        firstOfShape.reserveCapacity(order.count)
        let position = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // Every declaration in the first round; then only those that name a type made an alias in
        // the round before, since no other's shape changed.
        var pending = order
        // The names some alias stands for.
        var targets: Set<String> = []
        while !pending.isEmpty {
            var aliased: [String] = []
            for name in pending where canonical[name] == nil {
                guard let declaration = declarations[name], let shape = DeclarationShape(declaration, naming: resolved) else { continue }
                guard let first = firstOfShape[shape], first != name else {
                    firstOfShape[shape] = name
                    continue
                }
                // The earlier of the two in the files' order stays; a declaration whose shape
                // changed may meet one after it.
                let (alias, target) = position[first]! < position[name]! ? (name, first) : (first, name)
                // The unions to check name the new alias, or an older alias that now resolves through it.
                let renamed = [alias] + (targets.contains(alias) ? canonical.keys.filter { resolved($0) == alias } : [])
                canonical[alias] = target
                if renamed.allSatisfy({ unionsNaming[$0, default: []].allSatisfy(keepsVariantsApart) }) {
                    aliased.append(alias)
                    targets.insert(target)
                    firstOfShape[shape] = target
                } else {
                    canonical[alias] = nil
                }
            }
            var next: Set<String> = []
            for name in aliased { next.formUnion(namedBy[name, default: []]) }
            pending = order.filter { next.contains($0) }
        }
        for (name, target) in canonical {
            guard let declaration = declarations[name] else { continue }
            declarations[name] = .alias(name: name, docs: declaration.docs, target: .named(resolved(target)), isDeprecated: declaration.isDeprecated)
        }
        return canonical.count
    }

}

/// What a declaration holds besides its name and doc comment, with the names of the types it
/// refers to made canonical.
private struct DeclarationShape: Hashable {
    var kind: String
    var members: [String]
    var fields: [ImportedField]
    var cases: [ImportedEnumCase]
    var isDeprecated: Bool

    init?(_ declaration: ImportedDeclaration, naming resolved: (String) -> String) {
        func canonical(_ type: ImportedType) -> ImportedType { type.renamingTypes(resolved) }
        switch declaration {
        case .model(_, _, let fields, let isDeprecated):
            kind = "model"
            members = []
            self.fields = fields.map { field in
                var field = field
                field.type = canonical(field.type)
                return field
            }
            cases = []
            self.isDeprecated = isDeprecated
        case .enumeration(_, _, let isInteger, let cases, let isDeprecated):
            kind = isInteger ? "enum: Int" : "enum"
            members = []
            fields = []
            self.cases = cases
            self.isDeprecated = isDeprecated
        case .union(_, _, let tagKey, let variants):
            kind = "union " + (tagKey.map { "tag \($0)" } ?? "untagged")
            members = variants.map { "\($0.name) \($0.tagValue.map(\.literal) ?? "-") \(canonical($0.type).spelling)" }
            fields = []
            cases = []
            isDeprecated = false
        case .alias:
            return nil
        }
    }
}

extension ImportedDeclaration {
    /// Whether the declaration is deprecated.
    var isDeprecated: Bool {
        switch self {
        case .model(_, _, _, let isDeprecated), .enumeration(_, _, _, _, let isDeprecated), .alias(_, _, _, let isDeprecated): isDeprecated
        case .union: false
        }
    }

    /// The declaration's doc comment lines.
    var docs: [String] {
        switch self {
        case .model(_, let docs, _, _), .enumeration(_, let docs, _, _, _), .union(_, let docs, _, _), .alias(_, let docs, _, _): docs
        }
    }
}
