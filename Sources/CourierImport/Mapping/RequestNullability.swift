extension SchemaMapper {
    /// Where a request writes a model (a JSON body, and every model and union it contains), a
    /// field that the description allows to be `null` becomes `Nullable<T>` when its key is
    /// required, and `Nullable<T>?` when not, so that the client can send `null` (to clear a
    /// field in a PATCH) and never leaves out a required key. Models that only responses use
    /// keep `T?`, which reads `null` and an absent key alike; where their key is required it is
    /// `T? @writesNull`, so that a model encoded again still has it. Returns how many fields
    /// became `Nullable`.
    @discardableResult
    func useNullableWhereRequestsWrite(_ endpoints: [ImportedEndpoint]) -> Int {
        var pending: [String] = []
        for endpoint in endpoints {
            if case .json(let type)? = endpoint.body { pending += type.names }
        }
        var written: Set<String> = []
        while let name = pending.popLast() {
            guard let declaration = declarations[name], written.insert(name).inserted else { continue }
            pending += declaration.referencedNames
        }
        var changed = 0
        for (name, declaration) in declarations where !written.contains(name) {
            guard case .model(let model, let docs, var fields, let isDeprecated) = declaration else { continue }
            var marked = false
            for index in fields.indices where fields[index].isNullable && fields[index].isRequired && fields[index].type.isOptional {
                fields[index].writesNull = true
                marked = true
            }
            if marked { declarations[name] = .model(name: model, docs: docs, fields: fields, isDeprecated: isDeprecated) }
        }
        for name in written {
            guard case .model(let model, let docs, var fields, let isDeprecated)? = declarations[name] else { continue }
            for index in fields.indices where fields[index].isNullable {
                // A key a presence rule names is `Nullable<T>?` already.
                var base = fields[index].type.unwrapped
                if case .nullable(let inner) = base { base = inner }
                // JSON holds null itself.
                guard base != .json else { continue }
                fields[index].type = fields[index].isRequired ? .nullable(base) : .optional(.nullable(base))
                fields[index].defaultValue = nil
                changed += 1
            }
            declarations[name] = .model(name: model, docs: docs, fields: fields, isDeprecated: isDeprecated)
        }
        return changed
    }
}
