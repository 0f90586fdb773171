extension SchemaMapper {
    /// A tag that a union gives a variant whose own tag property is an enum that does not list
    /// it: DigitalOcean maps `change_backup_policy` to a Droplet action whose `type` lists every
    /// action but that one; Okta maps `custom_otp` and others to `AuthenticatorBase`, whose `key`
    /// misses them. The description contradicts itself, and the tag is what the server sends, so
    /// the enum gains the value (with a warning that names the union), and each variant's field
    /// can hold its own tag. Runs once the mapping is done, since mapping a place again declares
    /// its enum again.
    func admitDiscriminatorTags() {
        for name in order {
            guard case .union(_, _, let tagKey?, let variants)? = declarations[name] else { continue }
            for variant in variants {
                guard let tag = variant.tagValue, case .named(let model) = variant.type,
                    case .model(_, _, let fields, _)? = declarations[model],
                    let field = fields.first(where: { $0.wireKey(keyStyle) == tagKey }),
                    case .named(let enumName) = field.type.withoutNull,
                    case .enumeration(_, let docs, let isInteger, var cases, let isDeprecated)? = declarations[enumName]
                else { continue }
                let value: String
                switch tag {
                case .text(let text) where !isInteger: value = text
                case .number(let number) where isInteger: value = String(number)
                default: continue
                }
                guard !cases.contains(where: { $0.value == value }) else { continue }
                var taken = Set(cases.map(\.name)).union(["unknown"])
                let made = Self.caseName(for: value, isInteger: isInteger, position: cases.count)
                cases.append(ImportedEnumCase(name: ImportNames.unique(made, in: &taken), value: value))
                declarations[enumName] = .enumeration(name: enumName, docs: docs, isInteger: isInteger, cases: cases, isDeprecated: isDeprecated)
                warn(
                    declarationLocations[name] ?? DocumentLocation(file: files.root, tokens: []), "discriminator",
                    "'\(name)' tags '\(model)' \(tag.literal), which its '\(tagKey)' (\(enumName)) does not list; \(tag.literal) is added to '\(enumName)'")
            }
        }
    }
}
