extension Checker {
    /// `@poll(every: 2s, until: status in [completed, failed])`: the endpoint returns a model
    /// (plain or in `Data<…>`) whose `until` field is an enum holding the listed cases.
    func checkPoll(_ attribute: AttributeSyntax, response: Response) -> Poll? {
        let example = "@poll(every: 2s, until: status in [completed, failed])"
        var interval = 2.0
        var membership: (NameSyntax, [ValueSyntax])?
        for argument in attribute.arguments ?? [] {
            switch (argument.label?.text, argument.value.kind) {
            case ("every", .duration(let seconds, _)) where seconds > 0:
                interval = seconds
            case ("every", _):
                log.error(argument.value.location, "'every' takes a positive duration", hint: "write every: 2s")
                return nil
            case ("until", .membership(let field, let values)):
                membership = (field, values)
            case ("until", _):
                log.error(argument.value.location, "'until' takes a field and the values that end polling", hint: "write until: status in [completed, failed]")
                return nil
            default:
                log.error(argument.value.location, "'@poll' takes the arguments 'every:' and 'until:'", hint: "write \(example)")
                return nil
            }
        }
        guard let (fieldName, values) = membership else {
            log.error(attribute.location, "'@poll' needs an 'until:' condition", hint: "write \(example)")
            return nil
        }
        let modelName: String
        switch response {
        case .value(.model(let name)), .data(.model(let name)): modelName = name
        default:
            log.error(
                attribute.location, "'@poll' needs an endpoint that returns a model",
                hint: "polling reads a field of the returned model, as in 'returns ArchonTask'")
            return nil
        }
        guard let model = checkedModels[modelName] else { return nil }
        guard let field = model.fields.first(where: { $0.name == fieldName.text }) else {
            log.error(
                fieldName.location,
                "model '\(modelName)' has no field '\(fieldName.text)'\(Suggestion.didYouMean(fieldName.text, in: model.fields.map(\.name)))")
            return nil
        }
        guard case .enumeration(let enumName) = field.type.unwrapped else {
            log.error(
                fieldName.location, "'until' needs an enum field, but '\(modelName).\(fieldName.text)' is '\(field.type)'",
                hint: "polling ends when an enum field reaches one of the listed cases")
            return nil
        }
        let cases = enumCaseNames[enumName] ?? []
        var terminal: [String] = []
        for value in values {
            guard case .identifier(let name) = value.kind else {
                log.error(value.location, "expected a case of enum '\(enumName)'", hint: "write the case names without quotes")
                return nil
            }
            guard cases.contains(name) else {
                log.error(value.location, "enum '\(enumName)' has no case '\(name)'\(Suggestion.didYouMean(name, in: cases))")
                return nil
            }
            if !terminal.contains(name) { terminal.append(name) }
        }
        if terminal.isEmpty {
            log.error(fieldName.location, "'until' needs at least one value", hint: "write until: \(fieldName.text) in [completed]")
            return nil
        }
        return Poll(
            interval: interval, field: field.name, enumName: enumName, fieldIsOptional: field.type.isOptional,
            terminalCases: terminal)
    }
}
