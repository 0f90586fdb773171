import CourierSchema

/// One group's endpoint methods, with their `…Pages` and `…Updates` companions.
struct EndpointGenerator {
    let api: API
    let namespace: String

    func write(_ group: Group, to writer: inout SwiftWriter) {
        if api.generatesTypedMocks {
            writeWithRequirements(group, to: &writer)
            return
        }
        let protocolName = group.name + "API"
        writer.docs(group.docs.isEmpty ? ["The \(group.name) endpoints."] : group.docs)
        writer.docs(["", "`APIClient` and `MockAPIClient` conform, so a view model can depend on just this feature."])
        writer.line("public protocol \(protocolName): APIClientProtocol {}")
        writer.line()
        writer.line("nonisolated extension APIClient: \(protocolName) {}")
        writer.line("nonisolated extension MockAPIClient: \(protocolName) {}")
        writer.line()
        writer.block("nonisolated extension \(protocolName)") { writer in
            for (index, endpoint) in group.endpoints.enumerated() {
                if index > 0 { writer.line() }
                writeRequest(endpoint, userFacing: true, to: &writer)
                writeCompanions(endpoint, to: &writer)
            }
        }
    }

    /// With `mocks typed`: the endpoints are the protocol's requirements, which clients implement
    /// by sending requests and the typed test double by calling its handlers.
    private func writeWithRequirements(_ group: Group, to writer: inout SwiftWriter) {
        let protocolName = group.name + "API"
        writer.docs(group.docs.isEmpty ? ["The \(group.name) endpoints."] : group.docs)
        writer.docs([
            "", "`APIClient` and `MockAPIClient` conform by sending requests; `\(protocolName)Mock` answers each",
            "endpoint from a closure, for tests and previews. A view model can depend on just this feature.",
        ])
        writer.block("nonisolated public protocol \(protocolName): EndpointGroup") { writer in
            for (index, endpoint) in group.endpoints.enumerated() {
                if index > 0 { writer.line() }
                writeRequirement(endpoint, to: &writer)
            }
        }
        writer.line()
        writer.line("nonisolated extension APIClient: \(protocolName) {}")
        writer.line("nonisolated extension MockAPIClient: \(protocolName) {}")
        writer.line()
        writer.block("nonisolated extension \(protocolName)") { writer in
            for (index, endpoint) in group.endpoints.enumerated() {
                if index > 0 { writer.line() }
                writeMethod(endpoint, to: &writer)
                writeCompanions(endpoint, to: &writer)
            }
        }
        writer.line()
        writer.block("nonisolated extension \(protocolName) where Self: APIClientProtocol") { writer in
            for (index, endpoint) in group.endpoints.enumerated() {
                if index > 0 { writer.line() }
                writeRequest(endpoint, userFacing: false, to: &writer)
            }
        }
        writer.line()
        MockGenerator(protocolName: protocolName).write(group, to: &writer)
    }

    // MARK: - Parameters

    /// Path parameters, then the body, then query and header parameters, in schema order.
    static func arguments(_ endpoint: Endpoint, omittingCursor: Bool = false) -> [SwiftArgument] {
        let argument = SwiftArgument.init(name:type:defaultValue:docs:deprecation:)
        var result = endpoint.parameters(.path).map { argument($0.name, $0.type, nil, $0.docs, $0.deprecation) }
        switch endpoint.body {
        case .json(let type):
            result.append(SwiftArgument(label: "body", type: SwiftNames.type(type), defaultValue: nil, docs: ["The request body."]))
        case .multipart(let fields), .form(let fields):
            result += fields.map { argument($0.name, $0.type, $0.defaultValue, $0.docs, $0.deprecation) }
        case .raw(let raw):
            result.append(
                SwiftArgument(
                    label: "body", type: raw.isText ? "String" : "Data", defaultValue: nil,
                    docs: [raw.isText ? "The request body, sent as UTF-8 text." : "The request body, sent as it is."]))
            if raw.mediaType == nil {
                result.append(
                    SwiftArgument(label: "contentType", type: "String", defaultValue: SwiftNames.string(raw.defaultMediaType), docs: ["The body's media type."]))
            }
        case nil: break
        }
        for parameter in endpoint.parameters where parameter.kind != .path {
            if omittingCursor, parameter.kind == .query, parameter.name == "cursor" { continue }
            result.append(argument(parameter.name, parameter.type, parameter.defaultValue, parameter.docs, parameter.deprecation))
        }
        return result
    }

    func writeDocs(_ endpoint: Endpoint, summary: [String], arguments: [SwiftArgument], to writer: inout SwiftWriter) {
        var docs = summary
        let documented = arguments.filter { !$0.docs.isEmpty }
        if !documented.isEmpty {
            if !docs.isEmpty { docs.append("") }
            docs += documented.map { "- Parameter \($0.label): " + $0.docs.joined(separator: " ") }
        }
        writer.docs(docs)
        if let deprecation = endpoint.deprecation { writer.line(SwiftNames.deprecatedAttribute(deprecation)) }
    }

    // MARK: - The method

    /// The method's result type, and the runtime method that sends the request and reads it.
    static func returnType(_ endpoint: Endpoint) -> (signature: String, call: String) {
        let (value, call): (String?, String)
        switch endpoint.response {
        case .none: (value, call) = (nil, "send")
        case .value(let type): (value, call) = (SwiftNames.type(type), "send")
        case .data(let type): (value, call) = ("DataResponse<\(SwiftNames.type(type))>", "send")
        case .page(let type): (value, call) = ("PaginatedResponse<\(SwiftNames.type(type))>", "send")
        case .bytes: (value, call) = ("Data", "sendForBytes")
        case .text: (value, call) = ("String", "sendForText")
        case .stream(let type): return (" -> AsyncThrowingStream<\(SwiftNames.type(type)), any Error>", "events")
        case .lines(let type): return (" -> AsyncThrowingStream<\(SwiftNames.type(type)), any Error>", "jsonLines")
        }
        guard endpoint.includesResponseMetadata else { return (" async throws" + (value.map { " -> \($0)" } ?? ""), call) }
        return (" async throws -> APIResponse<\(value ?? "Void")>", call == "send" ? "sendForResponse" : call + "Response")
    }

    /// The endpoint as conforming types implement it: every argument, and `options` unlabelled
    /// last, so that the method with defaults below can never stand in for it.
    static func requirementParameters(_ endpoint: Endpoint) -> [String] {
        arguments(endpoint).map { "\(SwiftNames.parameter($0.label)): \($0.type)" } + ["_ options: RequestOptions?"]
    }

    /// Whether the endpoint's method is `async throws` (a stream or lines method returns its
    /// sequence at once).
    static func isAsync(_ endpoint: Endpoint) -> Bool {
        let call = returnType(endpoint).call
        return call != "events" && call != "jsonLines"
    }

    private func writeRequirement(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        writer.docs(["`\(endpoint.name)` as conforming types implement it; callers use the method with defaults."])
        if let deprecation = endpoint.deprecation { writer.line(SwiftNames.deprecatedAttribute(deprecation)) }
        Layout.declaration(
            &writer, prefix: "func \(SwiftNames.identifier(endpoint.name))(", parameters: Self.requirementParameters(endpoint),
            suffix: ")" + Self.returnType(endpoint).signature)
    }

    /// The method callers use: defaults filled in, then the requirement.
    private func writeMethod(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        let arguments = Self.arguments(endpoint)
        writeDocs(endpoint, summary: endpoint.docs, arguments: arguments, to: &writer)
        let parameters = arguments.map(\.declaration) + ["options: RequestOptions? = nil"]
        let passed = arguments.map { "\($0.label): \(SwiftNames.argument($0.label))" } + ["options"]
        let tryAwait = Self.isAsync(endpoint) ? "try await " : ""
        writer.line(Unoptimized.attribute)
        Layout.signature(
            &writer, prefix: "public func \(SwiftNames.identifier(endpoint.name))(", parameters: parameters, suffix: ")" + Self.returnType(endpoint).signature
        ) { writer in
            let oneLine = "\(tryAwait)\(SwiftNames.identifier(endpoint.name))(\(passed.joined(separator: ", ")))"
            if oneLine.count + 8 <= Layout.width {
                writer.line(oneLine)
            } else {
                writer.line("\(tryAwait)\(SwiftNames.identifier(endpoint.name))(")
                writer.indented { writer in
                    for line in Layout.packed(passed, indent: 12, closing: ")") { writer.line(line) }
                }
            }
        }
    }

    /// The method that sends the request and reads the response: the method callers use, with
    /// its defaults (`userFacing`), or the requirement's implementation for a client.
    private func writeRequest(_ endpoint: Endpoint, userFacing: Bool, to writer: inout SwiftWriter) {
        let arguments = Self.arguments(endpoint)
        let parameters: [String]
        if userFacing {
            writeDocs(endpoint, summary: endpoint.docs, arguments: arguments, to: &writer)
            parameters = arguments.map(\.declaration) + ["options: RequestOptions? = nil"]
        } else {
            writer.docs(["Sends `\(endpoint.name)`."])
            if let deprecation = endpoint.deprecation { writer.line(SwiftNames.deprecatedAttribute(deprecation)) }
            parameters = Self.requirementParameters(endpoint)
        }
        let (signature, call) = Self.returnType(endpoint)
        let isAsync = Self.isAsync(endpoint)
        writer.line(Unoptimized.attribute)
        Layout.signature(
            &writer, prefix: "public func \(SwiftNames.identifier(endpoint.name))(", parameters: parameters, suffix: ")" + signature
        ) { writer in
            // The form is built in a local that no field's argument can be named.
            let form = SwiftNames.local("form", avoiding: arguments.map { SwiftNames.argument($0.label) })
            let query = SwiftNames.local("query", avoiding: arguments.map { SwiftNames.argument($0.label) })
            var lines: [String] = []
            // Nested values are encoded first, each into the items of its bracketed keys.
            let queryParameters = endpoint.parameters(.query)
            if queryParameters.contains(where: \.isDeepObject) {
                writer.line("var \(query): [QueryItem] = []")
                lines = queryParameters.map { parameter in
                    itemsAppend((parameter.wireName, parameter.name, parameter.type, parameter.valuePrefix, parameter.mapStyle, parameter.arrayStyle),
                        nested: parameter.isDeepObject, to: query)
                }
            }
            if case .multipart(let fields) = endpoint.body {
                writer.line("var \(form) = MultipartFormData()")
                lines += fields.map { MultipartAppend.statement(SwiftNames.string($0.wireName), SwiftNames.argument($0.name), type: $0.type, to: form, api: api) }
            } else if case .form(let fields) = endpoint.body, fields.contains(where: \.isDeepObject) {
                writer.line("var \(form): [QueryItem] = []")
                lines += fields.map { itemsAppend(($0.wireName, $0.name, $0.type, nil, nil, nil), nested: $0.isDeepObject, to: form) }
            }
            if !lines.isEmpty {
                if isAsync || !lines.contains(where: { $0.hasPrefix("try ") || $0.contains(" += try ") }) {
                    for line in lines { writer.line(line) }
                } else {
                    // A stream is returned at once: a part that cannot be encoded ends it.
                    writer.line("do {")
                    writer.indented { writer in for line in lines { writer.line(line) } }
                    writer.line("} catch {")
                    writer.indented { writer in writer.line("return AsyncThrowingStream { $0.finish(throwing: error) }") }
                    writer.line("}")
                }
            }
            let requestArguments = self.requestArguments(endpoint, form: form, query: query)
            let tryAwait = isAsync ? "try await " : ""
            let oneLine = "\(tryAwait)\(call)(APIRequest(\(requestArguments.joined(separator: ", "))), options: options)"
            if oneLine.count + 8 <= Layout.width {
                writer.line(oneLine)
            } else {
                writer.line("let request = APIRequest(")
                writer.indented { writer in
                    for line in Layout.packed(requestArguments, indent: 12, closing: ")") { writer.line(line) }
                }
                writer.line("return \(tryAwait)\(call)(request, options: options)")
            }
        }
    }

    /// The arguments of `APIRequest(…)`, in its parameter order, leaving out defaults.
    func requestArguments(_ endpoint: Endpoint, form: String, query local: String) -> [String] {
        var result = [
            "name: " + SwiftNames.string(endpoint.name), "method: .\(endpoint.method.rawValue.lowercased())",
            "path: " + SwiftNames.pathLiteral(endpoint.path),
        ]
        let query = endpoint.parameters(.query).contains(where: \.isDeepObject) ? local : queryItems(endpoint.parameters(.query))
        if !query.isEmpty { result.append("query: " + query) }
        let headers = endpoint.parameters(.header).map { header -> String in
            // An array travels as its elements joined by commas.
            let value = SwiftNames.argument(header.name)
            let list = header.type.isOptional ? "\(value).map(WireList.init)" : "WireList(\(value))"
            return "\(SwiftNames.string(header.wireName)): " + ({ if case .array = header.type.unwrapped { list } else { value } }())
        }
        let base = api.headers.isEmpty ? "HTTPHeaders()" : "\(namespace).headers"
        if !headers.isEmpty {
            result.append("headers: \(base).merging([\(headers.joined(separator: ", "))])")
        } else if !api.headers.isEmpty {
            result.append("headers: \(base)")
        }
        switch endpoint.body {
        case .json: result.append("body: .json(body)")
        case .multipart: result.append("body: .multipart(\(form))")
        case .form(let fields) where fields.contains(where: \.isDeepObject):
            result.append("body: .form(\(form))")
        case .form(let fields):
            let items = queryItems(fields.map { (wire: $0.wireName, name: $0.name, type: $0.type, prefix: String?.none, mapStyle: QueryMapStyle?.none, arrayStyle: QueryArrayStyle?.none) })
            result.append("body: .form(\(items))")
        case .raw(let raw):
            let contentType = raw.mediaType.map(SwiftNames.string) ?? "contentType"
            result.append(raw.isText ? "body: .text(body, contentType: \(contentType))" : "body: .raw(body, contentType: \(contentType))")
        case nil: break
        }
        switch endpoint.auth {
        case .bearer: break
        case .basic: result.append("auth: .basic")
        case .none: result.append("auth: .none")
        }
        if endpoint.isIdempotent != endpoint.method.isIdempotent { result.append("isIdempotent: \(endpoint.isIdempotent)") }
        if let retries = endpoint.retries { result.append("maxRetries: \(retries)") }
        if let timeout = endpoint.timeout { result.append("timeout: \(Self.number(timeout))") }
        if let deadline = endpoint.deadline { result.append("deadline: \(Self.number(deadline))") }
        switch api.dateStyle {
        case .iso8601: break
        case .unixSeconds: result.append("dateStyle: .unixSeconds")
        case .unixMillis: result.append("dateStyle: .unixMillis")
        }
        // The runtime method that reads the response sets the `Accept` it can read, unless the
        // schema names the media types.
        if !endpoint.responseMediaTypes.isEmpty {
            result.append("responseMediaTypes: [\(endpoint.responseMediaTypes.map(SwiftNames.string).joined(separator: ", "))]")
        }
        return result
    }
}
