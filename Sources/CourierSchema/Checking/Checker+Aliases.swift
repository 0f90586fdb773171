/// `alias Name = Type`: each use of an alias resolves to the type it stands for.
extension Checker {
    /// Checks an alias declaration and returns it resolved; nil after an error.
    func checkAlias(_ syntax: AliasSyntax) -> TypeAlias? {
        let aliasAttributes = attributes(syntax.attributes, at: .alias)
        // A second declaration of the name was reported as a duplicate; only the first resolves.
        guard aliasSyntax[syntax.name.text] == syntax, let target = resolveAlias(named: syntax.name.text) else { return nil }
        return TypeAlias(
            name: syntax.name.text, docs: syntax.docs, deprecation: deprecation(aliasAttributes), target: target,
            location: syntax.name.location)
    }

    /// The type an alias stands for, resolved once: through the aliases it names, to a model,
    /// enum, union, scalar, array or dictionary. Reports an alias that stands for itself, or for
    /// an optional or `Nullable` type, at its declaration.
    func resolveAlias(named name: String) -> TypeRef? {
        if let resolved = resolvedAliases[name] { return resolved }
        guard let syntax = aliasSyntax[name] else { return nil }
        if let start = aliasesInProgress.firstIndex(of: name) {
            let cycle = aliasesInProgress[start...] + [name]
            log.error(
                syntax.name.location, "alias '\(name)' stands for itself (\(cycle.joined(separator: " → ")))",
                hint: "an alias names another type; declare a model to describe a value that contains itself")
            resolvedAliases[name] = .some(nil)
            return nil
        }
        aliasesInProgress.append(name)
        var resolved = resolve(syntax.target)
        aliasesInProgress.removeLast()
        // An error found while resolving a cycle is already recorded for the alias that closed it.
        if let earlier = resolvedAliases[name] { return earlier }
        switch resolved {
        case .optional?, .nullable?:
            log.error(
                syntax.target.location, "alias '\(name)' cannot stand for an optional type",
                hint: "alias the type without '?' or 'Nullable', and write those where the alias is used")
            resolved = nil
        default:
            break
        }
        resolvedAliases[name] = .some(resolved)
        return resolved
    }
}
