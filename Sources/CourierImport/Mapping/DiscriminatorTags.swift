extension SchemaMapper {
    /// A tag that a union gives a variant whose own tag property is an enum that does not list
    /// it: DigitalOcean maps `change_backup_policy` to a Droplet action whose `type` lists every
    /// action but that one; Okta maps `custom_otp` and others to `AuthenticatorBase`, whose `key`
    /// misses them. The description contradicts itself, and the tag is what the server sends, so
    /// the enum gains the value (with a warning that names the union), and each variant's field
    /// can hold its own tag. Runs once the mapping is done, since mapping a place again declares
    /// its enum again. Returns how many values were added.
    @discardableResult
    func admitDiscriminatorTags() -> Int {
        var added = 0
        for name in order {
            guard case .union(_, _, let tagKey?, let variants)? = declarations[name] else { continue }
            for variant in variants {
                guard let tag = variant.tagValue, case .named(let model) = variant.type,
                    case .model(_, _, let fields, _)? = declarations[model],
                    let field = fields.first(where: { ($0.wireName ?? keyStyle.wireName(for: $0.name)) == tagKey }),
                    case .named(let enumName) = Self.withoutNull(field.type),
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
                let base = isInteger ? (value.hasPrefix("-") ? "minus" + value.dropFirst() : "value" + value) : ImportNames.memberName(value)
                cases.append(ImportedEnumCase(name: ImportNames.unique(base.isEmpty ? "value\(cases.count + 1)" : base, in: &taken), value: value))
                declarations[enumName] = .enumeration(name: enumName, docs: docs, isInteger: isInteger, cases: cases, isDeprecated: isDeprecated)
                added += 1
                warn(
                    declarationLocations[name] ?? DocumentLocation(file: files.root, tokens: []), "discriminator",
                    "'\(name)' tags '\(model)' \(tag.literal), which its '\(tagKey)' (\(enumName)) does not list; \(tag.literal) is added to '\(enumName)'")
            }
        }
        return added
    }

    /// A type without `?` and `Nullable`.
    private static func withoutNull(_ type: ImportedType) -> ImportedType {
        switch type {
        case .optional(let wrapped), .nullable(let wrapped): withoutNull(wrapped)
        default: type
        }
    }
}
