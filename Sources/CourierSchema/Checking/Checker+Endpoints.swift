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
