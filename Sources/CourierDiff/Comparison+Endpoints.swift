import CourierSchema

/// Installed apps and endpoints: routes, credentials, parameters, bodies and responses.
extension Comparison {
    mutating func compareEndpoints() {
        var matched: Set<String> = []
        for endpoint in base.endpoints {
            guard let other = headEndpoint(for: endpoint) else {
                let note = endpoint.deprecation == nil ? "" : " It was deprecated, but installed apps still call it."
                report(
                    .endpointRemoved, at: headAnchor(forEndpoint: endpoint.name), endpoint.name, endpoints: [endpoint.name],
                    removedFrom: endpoint.location,
                    "`\(endpoint.name)` (\(endpoint.method.rawValue) \(endpoint.path.template)) is gone; installed apps that call it get an error.\(note)")
                continue
            }
            matched.insert(other.name)
            compare(endpoint, other)
        }
        for endpoint in head.endpoints where !matched.contains(endpoint.name) {
            report(.endpointAdded, at: endpoint.location, endpoint.name, "`\(endpoint.name)` (\(endpoint.method.rawValue) \(endpoint.path.template)) is new.")
            if head.generatesTypedMocks, let group = head.groups.first(where: { $0.endpoints.contains { $0.name == endpoint.name } }) {
                report(
                    .requirementAdded, at: endpoint.location, endpoint.name,
                    "`\(endpoint.name)` is a new requirement of `\(group.name)API`: a type of yours that conforms needs the method, and a `switch` over `\(group.name)APIMock.Call` needs the case.")
            }
        }
    }

    private mutating func compare(_ old: Endpoint, _ new: Endpoint) {
        let name = old.name
        if old.method != new.method {
            report(
                .endpointMethodChanged, at: new.location, name, endpoints: [name],
                "`\(name)` changed from \(old.method.rawValue) to \(new.method.rawValue); installed apps still send \(old.method.rawValue).")
        }
        if old.path.sentRouteKey != new.path.sentRouteKey {
            report(
                .endpointPathChanged, at: new.location, name, endpoints: [name],
                "`\(name)` moved from \(old.path.template) to \(new.path.template); installed apps still call the old path.")
        }
        compareAuth(old, new)
        if old.deprecation == nil, new.deprecation != nil {
            report(
                .endpointDeprecated, at: new.location, name, endpoints: [name],
                "`\(name)` is deprecated; installed apps keep calling it, so the server must keep serving it.")
        }
        compareResponse(old, new)
        compareBody(old, new)
        compareParameters(old, new)
    }

    private mutating func compareAuth(_ old: Endpoint, _ new: Endpoint) {
        let name = old.name
        switch (old.auth, new.auth) {
        case let (before, after) where before == after: return
        case (.none, let after):
            report(
                .endpointAuthAdded, at: new.location, name, endpoints: [name],
                "`\(name)` was public and now needs \(after.rawValue) credentials; installed apps call it without them.")
        case (let before, .none):
            report(.endpointAuthRemoved, at: new.location, name, endpoints: [name], "`\(name)` no longer needs \(before.rawValue) credentials.")
        case let (before, after):
            report(
                .endpointAuthChanged, at: new.location, name, endpoints: [name],
                "`\(name)` takes \(after.rawValue) credentials instead of \(before.rawValue); installed apps send \(before.rawValue).")
        }
    }

    /// A response's kind in words, for messages.
    private static func words(_ response: Response) -> String {
        switch response {
        case .none: "nothing"
        case .value: "a value"
        case .data: "`{\"data\": …}`"
        case .page: "a page"
        case .stream: "a server-sent event stream"
        case .lines: "JSON Lines"
        case .bytes: "bytes"
        case .text: "text"
        }
    }

    private mutating func compareResponse(_ old: Endpoint, _ new: Endpoint) {
        let name = old.name
        if old.response.kind != new.response.kind {
            if old.response == .none {
                report(.responseBodyAdded, at: new.location, name, endpoints: [name], "`\(name)` now returns \(Self.words(new.response)); installed apps ignore it.")
            } else {
                report(
                    .responseKindChanged, at: new.location, name, endpoints: [name],
                    "`\(name)` returns \(Self.words(new.response)) instead of \(Self.words(old.response)); installed apps cannot read the new response.")
            }
            return
        }
        guard let oldType = old.response.valueType, let newType = new.response.valueType else { return }
        var wire = WireCompatibility(reader: base, values: head)
        if !wire.accepts(oldType, newType) {
            report(
                .responseTypeChanged, at: new.location, name, endpoints: [name],
                "`\(name)` returns \(Self.describe(newType)) instead of \(Self.describe(oldType)); installed apps fail to decode it.")
        }
    }

    private mutating func compareBody(_ old: Endpoint, _ new: Endpoint) {
        let name = old.name
        switch (old.body, new.body) {
        case (nil, nil): return
        case (nil, let body?):
            if case .form(let fields) = body, fields.allSatisfy({ $0.type.isOptional }) { return }
            if case .multipart(let fields) = body, fields.allSatisfy({ $0.type.isOptional }) { return }
            report(.requestBodyAdded, at: new.location, "\(name).body", endpoints: [name], "`\(name)` now needs a body; installed apps send none.")
        case (.some, nil):
            report(
                .requestBodyRemoved, at: new.location, "\(name).body", endpoints: [name],
                "`\(name)` no longer takes a body; installed apps still send one, which the server must ignore.")
        case (let oldBody?, let newBody?):
            guard oldBody.contentKind == newBody.contentKind else {
                report(
                    .requestBodyKindChanged, at: new.location, "\(name).body", endpoints: [name],
                    "`\(name)` takes a \(newBody.contentKind) body instead of \(oldBody.contentKind); installed apps send \(oldBody.contentKind).")
                return
            }
            switch (oldBody, newBody) {
            case (.json(let oldType), .json(let newType)):
                var wire = WireCompatibility(reader: head, values: base)
                if !wire.accepts(newType, oldType) {
                    report(
                        .requestBodyTypeChanged, at: new.location, "\(name).body", endpoints: [name],
                        "`\(name)` takes \(Self.describe(newType)) instead of \(Self.describe(oldType)); the server may refuse what installed apps send.")
                }
            case (.form(let oldFields), .form(let newFields)), (.multipart(let oldFields), .multipart(let newFields)):
                compareRequestFields(oldFields, newFields, owner: "\(name).body", endpoints: [name], ownerLocation: new.location)
            default: return
            }
        }
    }

    /// What the server reads a parameter by: its kind and name, a header's name in any case.
    /// How a query parameter's value is written, in words: its style and its prefix.
    private static func encoding(of parameter: Parameter) -> String {
        var words: String
        switch (parameter.mapStyle, parameter.arrayStyle) {
        case (.form?, _): words = "as one item per entry (`key=value`)"
        case (.deepObject?, _): words = "as `name[key]=value`"
        case (_, .commaDelimited?): words = "comma-separated"
        case (_, .spaceDelimited?): words = "space-separated"
        case (_, .pipeDelimited?): words = "separated by `|`"
        case (nil, nil):
            if case .array = parameter.type.unwrapped { words = "with its name repeated" } else { words = "as one value" }
        }
        if let prefix = parameter.valuePrefix { words += " after `\(prefix)`" }
        return words
    }

    private static func wireKey(_ parameter: Parameter) -> String {
        "\(parameter.kind.rawValue) \(parameter.kind == .header ? parameter.wireName.lowercased() : parameter.wireName)"
    }

    private mutating func compareParameters(_ old: Endpoint, _ new: Endpoint) {
        let name = old.name
        var wire = WireCompatibility(reader: head, values: base)
        // Path parameters: by position, as the route places them.
        for (oldParameter, newParameter) in zip(old.parameters(.path), new.parameters(.path))
        where !wire.accepts(newParameter.type, oldParameter.type) {
            report(
                .parameterTypeChanged, at: newParameter.location, "\(name).\(oldParameter.name)", endpoints: [name],
                "the path parameter `\(newParameter.name)` of `\(name)` is \(Self.describe(newParameter.type)), not \(Self.describe(oldParameter.type)); the server may refuse what installed apps send.")
        }
        let others = new.parameters.filter { $0.kind != .path }
        var matched: Set<String> = []
        for parameter in old.parameters where parameter.kind != .path {
            let subject = "\(name).\(parameter.name)"
            guard let other = others.first(where: { Self.wireKey($0) == Self.wireKey(parameter) }) else {
                if let renamed = others.first(where: { $0.name == parameter.name && !matched.contains(Self.wireKey($0)) }),
                    !old.parameters.contains(where: { Self.wireKey($0) == Self.wireKey(renamed) })
                {
                    // The same argument in Swift, another name or place on the wire: installed apps
                    // keep sending the old one, which the server now ignores.
                    matched.insert(Self.wireKey(renamed))
                    report(
                        .parameterRenamedOnWire, at: renamed.location, subject, endpoints: [name],
                        "`\(name)` now reads \(renamed.kind.rawValue) `\(renamed.wireName)` instead of \(parameter.kind.rawValue) `\(parameter.wireName)`; installed apps send `\(parameter.wireName)`, which the server will ignore.")
                    continue
                }
                report(
                    .parameterRemoved, at: new.location, subject, endpoints: [name], removedFrom: parameter.location,
                    "`\(name)` no longer reads the \(parameter.kind.rawValue) parameter `\(parameter.wireName)` that installed apps send.")
                continue
            }
            matched.insert(Self.wireKey(other))
            if Self.mayBeOmitted(parameter.type), Self.isRequired(other.type, default: other.defaultValue) {
                report(
                    .parameterBecameRequired, at: other.location, subject, endpoints: [name],
                    "the \(parameter.kind.rawValue) parameter `\(parameter.wireName)` of `\(name)` is now required; installed apps may leave it out.")
            }
            if !wire.accepts(other.type.unwrapped, parameter.type.unwrapped) {
                report(
                    .parameterTypeChanged, at: other.location, subject, endpoints: [name],
                    "the \(parameter.kind.rawValue) parameter `\(parameter.wireName)` of `\(name)` is \(Self.describe(other.type.unwrapped)), not \(Self.describe(parameter.type.unwrapped)); the server may refuse what installed apps send.")
            } else if parameter.kind == .query, Self.encoding(of: other) != Self.encoding(of: parameter) {
                report(
                    .parameterEncodingChanged, at: other.location, subject, endpoints: [name],
                    "the query parameter `\(parameter.wireName)` of `\(name)` is now sent \(Self.encoding(of: other)), not \(Self.encoding(of: parameter)); the server may misread what installed apps send.")
            }
        }
        for parameter in others where !matched.contains(Self.wireKey(parameter)) {
            let subject = "\(name).\(parameter.name)"
            if Self.isRequired(parameter.type, default: parameter.defaultValue) {
                report(
                    .parameterAddedRequired, at: parameter.location, subject, endpoints: [name],
                    "`\(name)` needs the new \(parameter.kind.rawValue) parameter `\(parameter.wireName)`; installed apps do not send it.")
            } else {
                report(
                    .parameterAddedOptional, at: parameter.location, subject, endpoints: [name],
                    "`\(name)` takes the new optional \(parameter.kind.rawValue) parameter `\(parameter.wireName)`.")
            }
        }
    }
}
