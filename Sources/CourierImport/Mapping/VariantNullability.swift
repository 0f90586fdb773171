extension SchemaMapper {
    /// In a union without a tag, a variant's optional key that may be `null`, where another
    /// variant declares the same key and refuses `null`, becomes `Nullable<T>?`. Only the `null`
    /// may tell such variants apart (Vonage's advanced insight: `roaming` is a nullable object in
    /// one variant and the text `unknown` in the other, and a value without the key meets both),
    /// so the client keeps `null` and an absent key apart and writes back what it read.
    func keepNullWhereItTellsVariantsApart() {
        var nullKept: [String: Set<String>] = [:]
        for declaration in declarations.values {
            guard case .union(_, _, nil, let variants) = declaration else { continue }
            let models = variants.compactMap { variant -> (name: String, fields: [ImportedField])? in
                guard case .named(let name) = variant.type, case .model(_, _, let fields, _)? = declarations[name] else { return nil }
                return (name, fields)
            }
            for model in models {
                let refusingNull = Set(models.filter { $0.name != model.name }.flatMap(\.fields)
                    .filter { !$0.isNullable && $0.type.unwrapped != .json }.map { $0.wireKey(keyStyle) })
                for field in model.fields where field.isNullable && !field.isRequired && refusingNull.contains(field.wireKey(keyStyle)) {
                    nullKept[model.name, default: []].insert(field.name)
                }
            }
        }
        for (name, fieldNames) in nullKept {
            guard case .model(let model, let docs, var fields, let isDeprecated)? = declarations[name] else { continue }
            for index in fields.indices where fieldNames.contains(fields[index].name) {
                // A field a request writes, or that a presence rule names, is `Nullable<T>?` already.
                guard case .optional(let base) = fields[index].type, base != .json else { continue }
                if case .nullable = base { continue }
                fields[index].type = .optional(.nullable(base))
                fields[index].defaultValue = nil
            }
            declarations[name] = .model(name: model, docs: docs, fields: fields, isDeprecated: isDeprecated)
        }
    }
}
