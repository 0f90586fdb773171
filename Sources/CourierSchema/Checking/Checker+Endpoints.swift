// Groups and endpoints.
extension Checker {
    func checkGroup(_ syntax: GroupSyntax) -> Group {
        let groupAuth = authOverride(attributes(syntax.attributes, at: .group), of: "group '\(syntax.name.text)'")
        let endpoints = syntax.endpoints.compactMap { checkEndpoint($0, groupAuth: groupAuth) }
        let realtime = syntax.realtime.compactMap { checkRealtime($0, groupAuth: groupAuth) }
        return Group(name: syntax.name.text, docs: syntax.docs, endpoints: endpoints, realtime: realtime, location: syntax.name.location)
    }

    private func checkEndpoint(_ syntax: EndpointSyntax, groupAuth: AuthScheme?) -> Endpoint? {
        let endpointAttributes = attributes(syntax.attributes, at: .endpoint)
        let method = checkMethod(syntax.method)
        let path = PathRules.parse(syntax.path, log: &log)

        var parameters: [Parameter] = []
        var body: Body?
        var bodyLocation: SourceLocation?
        var response: Response = .none
        var includesResponseMetadata = false
        var responseMediaTypes: [String] = []
        var responseLocation: SourceLocation?
        for member in syntax.members {
            switch member {
            case .parameter(let kind, let field, _):
                if let parameter = checkParameter(field, kind: kind) { parameters.append(parameter) }
            case .body(let bodySyntax, _, let keyword):
                if let first = bodyLocation {
                    log.error(
                        keyword, "endpoint '\(syntax.name.text)' has more than one body",
                        notes: [.init(location: first, message: "the first body is here")])
                    continue
                }
                bodyLocation = keyword
                body = checkBody(bodySyntax)
            case .returns(let type, let sequence, let mediaTypeSyntax, let keyword):
                if let first = responseLocation {
                    log.error(
                        keyword, "endpoint '\(syntax.name.text)' has more than one 'returns'",
                        notes: [.init(location: first, message: "the first 'returns' is here")])
                    continue
                }
                responseLocation = keyword
                if let checked = checkResponse(type, sequence: sequence) {
                    (response, includesResponseMetadata) = checked
                    responseMediaTypes = checkResponseMediaTypes(mediaTypeSyntax, of: checked.0)
                }
            }
        }
        if let method, let bodyLocation, method == .get || method == .head {
            log.error(
                bodyLocation, "a \(method.rawValue) request cannot have a body",
                hint: "send the values as query parameters, or use POST")
        }
        if let path { checkPlaceholders(path, written: syntax.path, parameters: parameters) }
        checkArgumentLabels(syntax, parameters: parameters, body: body)
        checkQueryKeys(parameters: parameters, path: path)

        let auth = authOverride(endpointAttributes, of: "endpoint '\(syntax.name.text)'") ?? groupAuth ?? settings.auth
        let markedIdempotent = flag("idempotent", in: endpointAttributes)
        if markedIdempotent, let method, method.isIdempotent, let attribute = endpointAttributes["idempotent"] {
            log.warning(
                attribute.location, "'@idempotent' is redundant: \(method.rawValue) is always idempotent",
                hint: "remove it")
        }
        let retries = endpointAttributes["retries"].flatMap(checkRetries)
        let timeout = endpointAttributes["timeout"].flatMap { checkDuration($0, name: "timeout") }
        let deadline = endpointAttributes["deadline"].flatMap { checkDuration($0, name: "deadline") }
        let poll = endpointAttributes["poll"].flatMap { checkPoll($0, response: response) }
        guard let method, let path else { return nil }
        return Endpoint(
            name: syntax.name.text, docs: syntax.docs, method: method, path: path,
            auth: auth,
            isIdempotent: method.isIdempotent || markedIdempotent, retries: retries, timeout: timeout, deadline: deadline,
            deprecation: deprecation(endpointAttributes), parameters: parameters, body: body,
            response: response, includesResponseMetadata: includesResponseMetadata, responseMediaTypes: responseMediaTypes, poll: poll,
            location: syntax.name.location)
    }

    /// What `@public` or `@auth(…)` says of how a group's or an endpoint's requests
    /// authenticate; nil when neither is given.
    func authOverride(_ attributes: [String: AttributeSyntax], of owner: String) -> AuthScheme? {
        let isPublic = flag("public", in: attributes)
        guard let attribute = attributes["auth"] else { return isPublic ? AuthScheme.none : nil }
        if isPublic {
            log.error(
                attribute.location, "'@public' and '@auth' both say how \(owner) authenticates",
                hint: "keep one: @public is @auth(none)")
            return AuthScheme.none
        }
        guard let value = singleArgument(of: attribute, example: "@auth(basic)") else { return nil }
        guard case .identifier(let word) = value.kind, let scheme = AuthScheme(rawValue: word) else {
            log.error(value.location, "'@auth' takes bearer, basic or none", hint: "write @auth(basic)")
            return nil
        }
        return scheme
    }

    private func checkMethod(_ name: NameSyntax) -> HTTPMethod? {
        if let method = HTTPMethod(rawValue: name.text) { return method }
        let names = HTTPMethod.allCases.map(\.rawValue)
        let upper = name.text.uppercased()
        let suggestion = names.contains(upper) ? " (did you mean '\(upper)'?)" : Suggestion.didYouMean(name.text, in: names)
        log.error(
            name.location, "unknown HTTP method '\(name.text)'\(suggestion)",
            hint: suggestion.isEmpty ? "use one of " + names.joined(separator: ", ") : nil)
        return nil
    }

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
    private static func saysDeepObject(_ attributes: [String: AttributeSyntax]) -> Bool {
        guard let arguments = attributes["style"]?.arguments, arguments.count == 1, case .identifier("deepObject") = arguments[0].value.kind else {
            return false
        }
        return true
    }

    private func checkBody(_ syntax: BodySyntax) -> Body? {
        switch syntax {
        case .json(let typeSyntax):
            guard let type = resolve(typeSyntax) else { return nil }
            switch type {
            case .model, .union, .array, .dictionary, .scalar(.json):
                return .json(type)
            case .optional:
                log.error(typeSyntax.location, "a body cannot be optional", hint: "remove the '?'; an empty body is a different endpoint")
            default:
                log.error(
                    typeSyntax.location, "type '\(type)' cannot be a JSON body",
                    hint: "a body is a model, union, array, dictionary or JSON; for files use body multipart { file: File }")
            }
            return nil
        case .raw(let typeSyntax, let mediaTypeSyntax):
            var isText = false
            if case .named(let name, _) = typeSyntax.kind { isText = name.text == "Text" }
            guard let mediaTypeSyntax else { return .raw(RawBody(isText: isText, mediaType: nil)) }
            guard case .string(let mediaType) = mediaTypeSyntax.kind, MediaType.isValid(mediaType) else {
                log.error(
                    mediaTypeSyntax.location, "\(Checker.spelling(of: mediaTypeSyntax)) is not a media type",
                    hint: "write a media type as type/subtype, such as \"image/png\" or \"text/csv; charset=utf-8\"")
                return nil
            }
            return .raw(RawBody(isText: isText, mediaType: mediaType))
        case .multipart(let fields, let location):
            if fields.isEmpty { log.error(location, "a multipart body needs at least one field") }
            return .multipart(checkFields(fields, owner: "the multipart body", allowFile: true))
        case .form(let fields, let location):
            if fields.isEmpty { log.error(location, "a form body needs at least one field") }
            let checked = checkFields(fields, owner: "the form body", allowFile: false, inForm: true)
            for (field, syntax) in zip(checked, fields) where !field.isDeepObject && !Checker.isFormValue(field.type) {
                log.error(
                    syntax.type.location, "type '\(field.type)' cannot be sent in a form body",
                    hint: "form fields are text values or arrays of them; with @style(deepObject), any value travels as address[city]=Paris")
            }
            return .form(checked)
        }
    }

    static func isFormValue(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .array(let element): return element.isTextValue
        case let single: return single.isTextValue
        }
    }

    /// The media types after `returns`: each a media type or a range (`image/*`), written once;
    /// none for a response without content or a sequence, whose media type is fixed.
    private func checkResponseMediaTypes(_ syntax: [ValueSyntax], of response: Response) -> [String] {
        guard let first = syntax.first else { return [] }
        switch response {
        case .none:
            log.error(first.location, "a response without content has no media type", hint: "remove the media type, or say what the response holds")
            return []
        case .stream, .lines:
            let fixed = response.kind == "stream" ? "text/event-stream" : "JSON Lines"
            log.error(first.location, "'returns \(response.kind)' is always \(fixed)", hint: "remove the media type")
            return []
        default:
            break
        }
        var mediaTypes: [String] = []
        for value in syntax {
            guard case .string(let mediaType) = value.kind, MediaType.isValid(mediaType) else {
                log.error(
                    value.location, "\(Checker.spelling(of: value)) is not a media type",
                    hint: "write a media type as type/subtype, such as \"image/png\", or a range such as \"image/*\"")
                continue
            }
            if mediaTypes.contains(where: { $0.lowercased() == mediaType.lowercased() }) {
                log.warning(value.location, "media type \"\(mediaType)\" is listed twice", hint: "remove one")
                continue
            }
            mediaTypes.append(mediaType)
        }
        return mediaTypes
    }

    /// What `returns` says: the response, and whether `Response<…>` asks for its status and
    /// headers too.
    private func checkResponse(_ syntax: TypeSyntax, sequence: SequenceKind?) -> (Response, includesMetadata: Bool)? {
        if let sequence {
            guard let type = resolve(syntax) else { return nil }
            if type.isOptional {
                let what = sequence == .stream ? "stream events" : "JSON Lines values"
                log.error(syntax.location, "\(what) cannot be optional", hint: "remove the '?'")
                return nil
            }
            return (sequence == .stream ? .stream(type) : .lines(type), false)
        }
        guard case .named(let name, let arguments) = syntax.kind else {
            return resolve(syntax).map { (.value($0), false) }
        }
        switch name.text {
        case "Response":
            guard arguments.count <= 1 else {
                log.error(
                    arguments[1].location, "'Response' takes one type argument",
                    hint: "write Response<Model>, or Response alone for a response without content")
                return nil
            }
            guard let inner = arguments.first else { return (.none, true) }
            if case .named(let innerName, _) = inner.kind, innerName.text == "Response" {
                log.error(innerName.location, "'Response' cannot hold another 'Response'", hint: "write Response<Model>")
                return nil
            }
            return checkResponse(inner, sequence: nil).map { ($0.0, true) }
        case "Data", "Page":
            guard arguments.count == 1 else {
                log.error(name.location, "'\(name.text)' takes one type argument", hint: "write \(name.text)<Model>")
                return nil
            }
            guard let element = resolve(arguments[0]) else { return nil }
            return (name.text == "Data" ? .data(element) : .page(element), false)
        case "Bytes" where arguments.isEmpty:
            return (.bytes, false)
        case "Text" where arguments.isEmpty:
            return (.text, false)
        default:
            return resolve(syntax).map { (.value($0), false) }
        }
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
    private func checkArgumentLabels(_ syntax: EndpointSyntax, parameters: [Parameter], body: Body?) {
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
    private func checkQueryKeys(parameters: [Parameter], path: PathTemplate?) {
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
    private func queryStyle(
        _ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef
    ) -> (map: QueryMapStyle?, array: QueryArrayStyle?, nested: Bool) {
        let textMap = kind == .query && { if case .dictionary(let value) = type.unwrapped { value.isTextValue } else { false } }()
        // Any other value, with deepObject, travels as bracketed keys to any depth.
        if kind == .query, !textMap, Self.saysDeepObject(attributes) { return (nil, nil, true) }
        let style = collectionStyle(attributes, kind: kind, type: type)
        return (style.map, style.array, false)
    }

    /// How a dictionary's entries or an array's elements travel in a query.
    private func collectionStyle(_ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef) -> (map: QueryMapStyle?, array: QueryArrayStyle?) {
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
    private func valuePrefix(_ attributes: [String: AttributeSyntax], kind: Parameter.Kind, type: TypeRef) -> String? {
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

    private func checkRetries(_ attribute: AttributeSyntax) -> Int? {
        guard let value = singleArgument(of: attribute, example: "@retries(2)") else { return nil }
        guard case .integer(let number?, _) = value.kind, (0...10).contains(number) else {
            log.error(value.location, "'@retries' takes a whole number from 0 to 10", hint: "write @retries(0) to turn retries off")
            return nil
        }
        return Int(number)
    }

    /// `@timeout(d)` or `@deadline(d)`: a positive duration up to a day.
    private func checkDuration(_ attribute: AttributeSyntax, name: String) -> Double? {
        guard let value = singleArgument(of: attribute, example: "@\(name)(15s)") else { return nil }
        guard case .duration(let seconds, _) = value.kind, seconds > 0, seconds <= 86_400 else {
            log.error(value.location, "'@\(name)' takes a positive duration up to 1 day", hint: "write @\(name)(15s) or @\(name)(500ms)")
            return nil
        }
        return seconds
    }
}
