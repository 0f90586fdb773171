extension SchemaMapper {
    /// Makes one field optional in each cycle of required model fields. A schema that requires
    /// itself again and again (prance's `Recursive` requires `foo`, a `Bar` that requires `baz`,
    /// a `Recursive`) has no finite value, and the schema language refuses such a model; with
    /// one key of the cycle optional, every value a server can really send still fits. Runs once
    /// every declaration is known.
    func breakRequiredCycles() {
        while let cycle = firstRequiredCycle() {
            let (model, fieldIndex) = cycle.first!
            guard case .model(let name, let docs, var fields, let isDeprecated)? = declarations[model] else { return }
            fields[fieldIndex].type = fields[fieldIndex].type.optional
            fields[fieldIndex].defaultValue = nil
            declarations[model] = .model(name: name, docs: docs, fields: fields, isDeprecated: isDeprecated)
            let path = (cycle.map(\.model) + [model]).joined(separator: " → ")
            warn(
                declarationLocations[model] ?? DocumentLocation(file: files.root, tokens: []), "required cycle",
                "'\(model).\(fields[fieldIndex].name)' is required, but then \(path) would hold itself without end and no value could be sent; it is optional")
        }
    }

    /// The fields of a cycle of required model fields, each as its model and the field's index,
    /// starting from the model declared first; nil when there is none.
    private func firstRequiredCycle() -> [(model: String, field: Int)]? {
        func requiredModelFields(of model: String) -> [(field: Int, target: String)] {
            guard case .model(_, _, let fields, _)? = declarations[model] else { return [] }
            return fields.indices.compactMap { index in
                guard case .named(let target) = fields[index].type, case .model? = declarations[target] else { return nil }
                return (index, target)
            }
        }
        // Depth-first, iteratively: `path` is the chain of required fields from the start.
        var finished: Set<String> = []
        for start in order where !finished.contains(start) {
            var path: [(model: String, field: Int)] = []
            var onPath: [String: Int] = [start: 0]
            var pending: [[(field: Int, target: String)]] = [requiredModelFields(of: start)]
            var current = start
            while !pending.isEmpty {
                guard let (field, target) = pending[pending.count - 1].popLast() else {
                    pending.removeLast()
                    finished.insert(current)
                    onPath[current] = nil
                    if let last = path.popLast() { current = last.model }
                    continue
                }
                if let position = onPath[target] {
                    return Array((path + [(current, field)])[position...])
                }
                guard !finished.contains(target) else { continue }
                path.append((current, field))
                current = target
                onPath[target] = path.count
                pending.append(requiredModelFields(of: target))
            }
        }
        return nil
    }
}
