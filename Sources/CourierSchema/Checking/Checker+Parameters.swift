// Endpoint parameters: their kinds, styles and prefixes, placeholders, argument labels and query keys.
extension Checker {
    func checkParameter(_ field: FieldSyntax, kind: Parameter.Kind) -> Parameter? {
        let parameterAttributes = attributes(field.attributes, at: kind == .path ? .pathParameter : .parameter)
        guard let type = resolve(field.type) else { return nil }
        let valid: Bool
        let expectation: String
        switch kind {
        case .path:
            valid = type.isTextValue || isTextList(type)
            expectation = "a path parameter must be a non-optional String, number, Bool, UUID, Date or enum, an array of them, "
                + "or a union of them and arrays of them"
        case .header:
            valid = type.unwrapped.isTextValue || isTextList(type.unwrapped)
            expectation = "a header must be a String, number, Bool, UUID, URL, Date or enum, an array of them, "
                + "or a union of them and arrays of them, optionally '?'"
        case .query:
            switch type.unwrapped {
            case _ where Self.saysDeepObject(parameterAttributes): valid = true
            case .array(let element), .dictionary(let element): valid = element.isTextValue
            case let single: valid = single.isTextValue || isTextList(single)
            }
            expectation = "a query parameter must be a text value, an array or dictionary of them, or a union of them and "
                + "arrays of them, optionally '?'; with @style(deepObject), any value travels as created[gt]=5"
        }
        if !valid {
            log.error(field.type.location, "type '\(type)' cannot be sent as a \(kind.rawValue) parameter", hint: expectation)
            return nil
        }
        var defaultValue: Literal?
        if let value = field.defaultValue {
            if kind == .path {
                log.error(value.location, "a path parameter cannot have a default value", hint: "every path placeholder needs a value")
            } else {
                defaultValue = literal(value, for: type)
            }
        }
        var wire: String
        switch kind {
        case .path: wire = field.name.text
        case .query: wire = wireName(parameterAttributes) ?? settings.keyStyle.wireName(for: field.name.text)
        case .header:
            wire = wireName(parameterAttributes) ?? field.name.text
            if checkHeaderName(wire, at: field.name.location), Checker.clientOwnedHeaders.contains(wire.lowercased()) {
                log.error(
                    field.name.location, "header '\(wire)' is set by the client",
                    hint: "authentication and content headers are added to each request automatically")
            }
        }
        let style = queryStyle(parameterAttributes, kind: kind, type: type)
        var parameter = Parameter(
            name: field.name.text, kind: kind, wireName: wire, type: type, defaultValue: defaultValue,
            valuePrefix: valuePrefix(parameterAttributes, kind: kind, type: type),
            mapStyle: style.map, arrayStyle: style.array, docs: field.docs,
            deprecation: deprecation(parameterAttributes), location: field.name.location)
        parameter.isDeepObject = style.nested
        return parameter
    }

    /// Whether a parameter's attributes say `@style(deepObject)`.
    static func saysDeepObject(_ attributes: [String: AttributeSyntax]) -> Bool {
        guard let arguments = attributes["style"]?.arguments, arguments.count == 1, case .identifier("deepObject") = arguments[0].value.kind else {
            return false
        }
        return true
    }

    /// Every `{name}` needs one `path` parameter, and every `path` parameter a `{name}`.
    func checkPlaceholders(_ path: PathTemplate, written: NameSyntax, parameters: [Parameter]) {
        let pathParameters = parameters.filter { $0.kind == .path }
        var placeholders: [String: SourceLocation] = [:]
        for (name, location) in PathRules.placeholders(in: written) {
            if placeholders[name] != nil {
                log.error(location, "placeholder '{\(name)}' appears twice in the path", hint: "give each placeholder its own name")
                continue
            }
            placeholders[name] = location
            if !pathParameters.contains(where: { $0.name == name }) {
                let candidates = pathParameters.map(\.name)
                log.error(
                    location, "placeholder '{\(name)}' has no 'path \(name)' parameter\(Suggestion.didYouMean(name, in: candidates))",
                    hint: Suggestion.closest(to: name, in: candidates) == nil ? "add 'path \(name): String' to the endpoint" : nil)
            }
        }
        for parameter in pathParameters where placeholders[parameter.name] == nil {
            log.error(
                parameter.location, "path parameter '\(parameter.name)' does not appear in the path '\(path.template)'",
                hint: "add '{\(parameter.name)}' to the path, or make it a query parameter")
        }
    }

    /// Method argument labels must be unique, and `options` is the runtime's.
    func checkArgumentLabels(_ syntax: EndpointSyntax, parameters: [Parameter], body: Body?) {
        var labels: [NameSyntax] = []
        var hasBody = false
        for member in syntax.members {
            switch member {
            case .parameter(_, let field, _): labels.append(field.name)
            case .body(let body, _, let keyword):
                // A second body is reported on its own; its labels would only repeat that.
                guard !hasBody else { continue }
                hasBody = true
                switch body {
                case .json: labels.append(NameSyntax(text: "body", location: keyword))
                case .raw(_, let mediaType):
                    labels.append(NameSyntax(text: "body", location: keyword))
                    if mediaType == nil { labels.append(NameSyntax(text: "contentType", location: keyword)) }
                case .multipart(let fields, _), .form(let fields, _): labels += fields.map(\.name)
                }
            case .returns: break
            }
        }
        reportDuplicates(labels, what: "parameter", hint: "each argument of '\(syntax.name.text)' needs its own name")
        for label in labels where label.text == "options" {
            log.error(
                label.location, "parameter name 'options' is reserved for the request options",
                hint: "rename it and keep its wire name with @wire(\"options\")")
        }
    }

    /// Query keys, fixed and declared, must be unique.
    func checkQueryKeys(parameters: [Parameter], path: PathTemplate?) {
        var keys: [String: SourceLocation] = [:]
        // A map's keys are chosen by the caller.
        for parameter in parameters where parameter.kind == .query && parameter.mapStyle == nil {
            if let first = keys[parameter.wireName] {
                log.error(
                    parameter.location, "query key '\(parameter.wireName)' is used twice",
                    hint: "an array parameter repeats its key by itself",
                    notes: [.init(location: first, message: "first used here")])
            }
            keys[parameter.wireName] = parameter.location
            if let path, path.fixedQuery.contains(where: { $0.name == parameter.wireName }) {
                log.error(parameter.location, "query key '\(parameter.wireName)' is already fixed in the path '\(path.template)'")
            }
        }
        var headers: [String: SourceLocation] = [:]
        for parameter in parameters where parameter.kind == .header {
            let key = parameter.wireName.lowercased()
            if let first = headers[key] {
                log.error(
                    parameter.location, "header '\(parameter.wireName)' is sent twice",
                    notes: [.init(location: first, message: "first used here")])
            }
            headers[key] = parameter.location
        }
    }

    /// Reads `@style(…)`, which only a query parameter holding a dictionary or an array takes. A
    /// dictionary is `form` (each entry an item) or `deepObject`, `form` without it; an array
    /// repeats its key (`form`) or is one delimited item.
    func queryStyle(
        _ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef
    ) -> (map: QueryMapStyle?, array: QueryArrayStyle?, nested: Bool) {
        let textMap = kind == .query && { if case .dictionary(let value) = type.unwrapped { value.isTextValue } else { false } }()
        // Any other value, with deepObject, travels as bracketed keys to any depth.
        if kind == .query, !textMap, Self.saysDeepObject(attributes) { return (nil, nil, true) }
        let style = collectionStyle(attributes, kind: kind, type: type)
        return (style.map, style.array, false)
    }

    /// How a dictionary's entries or an array's elements travel in a query.
    func collectionStyle(_ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef) -> (map: QueryMapStyle?, array: QueryArrayStyle?) {
        let isMap = kind == .query && { if case .dictionary = type.unwrapped { true } else { false } }()
        let isArray = kind == .query && { if case .array = type.unwrapped { true } else { isTextList(type.unwrapped) } }()
        let defaults: (QueryMapStyle?, QueryArrayStyle?) = (isMap ? .form : nil, nil)
        guard let attribute = attributes["style"] else { return defaults }
        guard isMap || isArray else {
            log.error(
                attribute.location,
                "'@style' applies only to a query parameter holding an array (or a union of values and arrays) or a dictionary, "
                    + "or to any with deepObject",
                hint: "write query ids: [Int] @style(commaDelimited), or query created: Range? @style(deepObject)")
            return defaults
        }
        guard let value = singleArgument(of: attribute, example: isMap ? "@style(deepObject)" : "@style(commaDelimited)") else { return defaults }
        let word: String? = if case .identifier(let word) = value.kind { word } else { nil }
        if isMap {
            guard let word, let style = QueryMapStyle(rawValue: word) else {
                log.error(value.location, "'@style' of a dictionary takes form or deepObject", hint: "write @style(deepObject) for filter[key]=value")
                return defaults
            }
            return (style, nil)
        }
        if word == "form" { return defaults }
        guard let word, let style = QueryArrayStyle(rawValue: word) else {
            log.error(
                value.location, "'@style' of an array takes form, commaDelimited, spaceDelimited, pipeDelimited or deepObject",
                hint: "write @style(commaDelimited) for ids=1,2,3, or @style(deepObject) for ids[0]=1&ids[1]=2")
            return defaults
        }
        return (nil, style)
    }

    /// Reads `@prefix("eq.")`, which only a query parameter with one text value can take.
    func valuePrefix(_ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef) -> String? {
        guard let attribute = attributes["prefix"] else { return nil }
        guard kind == .query, type.unwrapped.isTextValue else {
            log.error(
                attribute.location, "'@prefix' applies only to a query parameter holding one value",
                hint: "PostgREST filters look like: query projectId: UUID @wire(\"project_id\") @prefix(\"eq.\")")
            return nil
        }
        guard let value = singleArgument(of: attribute, example: "@prefix(\"eq.\")") else { return nil }
        guard case .string(let text) = value.kind, !text.isEmpty else {
            log.error(value.location, "'@prefix' takes a non-empty string", hint: "write @prefix(\"eq.\")")
            return nil
        }
        return text
    }
}
