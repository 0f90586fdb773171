import CourierSchema

// The methods beside an endpoint's: the pages of a paginated one, the updates of a polled one.
extension EndpointGenerator {
    /// `…Pages` and `…Updates`, when the endpoint has them.
    func writeCompanions(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        if endpoint.hasPageSequence {
            writer.line()
            writePages(endpoint, to: &writer)
        }
        if endpoint.poll != nil {
            writer.line()
            writeUpdates(endpoint, to: &writer)
        }
    }

    func forwardingCall(_ endpoint: Endpoint, cursor: String?) -> String {
        var labels = Self.arguments(endpoint).map { argument -> String in
            if let cursor, argument.label == "cursor", endpoint.parameters(.query).contains(where: { $0.name == "cursor" }) {
                return "cursor: \(cursor)"
            }
            return "\(argument.label): \(SwiftNames.argument(argument.label))"
        }
        labels.append("options: options")
        return "self.\(SwiftNames.identifier(endpoint.name))(\(labels.joined(separator: ", ")))"
    }

    /// The `…Pages` companion's result type, when the endpoint has one.
    static func pagesType(_ endpoint: Endpoint) -> String? {
        guard endpoint.hasPageSequence, case .page(let element) = endpoint.response else { return nil }
        return "AsyncThrowingStream<[\(SwiftNames.type(element))], any Error>"
    }

    /// The `…Updates` companion's result type and the path from a state to its response value,
    /// when the endpoint has one.
    static func updates(_ endpoint: Endpoint) -> (type: String, accessor: String)? {
        guard endpoint.poll != nil else { return nil }
        var (stateType, accessor): (String, String)
        switch endpoint.response {
        case .data(let type): (stateType, accessor) = ("DataResponse<\(SwiftNames.type(type))>", "$0.data.")
        case .value(let type): (stateType, accessor) = (SwiftNames.type(type), "$0.")
        default: return nil
        }
        if endpoint.includesResponseMetadata {
            (stateType, accessor) = ("APIResponse<\(stateType)>", accessor.replacingOccurrences(of: "$0.", with: "$0.value."))
        }
        return ("AsyncThrowingStream<\(stateType), any Error>", accessor)
    }

    func writePages(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        guard let type = Self.pagesType(endpoint) else { return }
        let arguments = Self.arguments(endpoint, omittingCursor: true)
        writeDocs(endpoint, summary: ["Every page of `\(endpoint.name)`, following the cursor from the first page to the last."], arguments: arguments, to: &writer)
        let parameters = arguments.map(\.declaration) + ["options: RequestOptions? = nil"]
        let suffix = ") -> \(type)"
        Layout.signature(&writer, prefix: "public func \(endpoint.name)Pages(", parameters: parameters, suffix: suffix) { writer in
            let value = endpoint.includesResponseMetadata ? ".value" : ""
            writer.line("pages { cursor in try await \(forwardingCall(endpoint, cursor: "cursor"))\(value) }")
        }
    }

    func writeUpdates(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        guard let poll = endpoint.poll, let (type, accessor) = Self.updates(endpoint) else { return }
        let arguments = Self.arguments(endpoint)
        let cases = poll.terminalCases.map { "." + SwiftNames.identifier($0) }.joined(separator: ", ")
        let field = accessor + SwiftNames.identifier(poll.field)
        writeDocs(
            endpoint,
            summary: ["Calls `\(endpoint.name)` every \(Self.number(poll.interval)) s and yields each state, until `\(poll.field)` is \(poll.terminalCases.joined(separator: ", "))."],
            arguments: arguments, to: &writer)
        let parameters = arguments.map(\.declaration) + ["options: RequestOptions? = nil"]
        Layout.signature(
            &writer, prefix: "public func \(endpoint.name)Updates(", parameters: parameters,
            suffix: ") -> \(type)"
        ) { writer in
            let terminal = poll.fieldIsOptional
                ? "{ \(field).map { [\(cases)].contains($0) } ?? false }"
                : "{ [\(cases)].contains(\(field)) }"
            writer.line("poll(every: \(Self.number(poll.interval)), until: \(terminal)) {")
            writer.indented { writer in writer.line("try await \(forwardingCall(endpoint, cursor: nil))") }
            writer.line("}")
        }
    }
}
