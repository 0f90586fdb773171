import CourierSchema

/// A group's realtime members: table subscriptions and broadcast channels as methods of the
/// API's `RealtimeSocket`, each broadcast channel's message enum, and WebSocket endpoints as
/// methods of `APIClient` that open a typed session.
struct RealtimeGenerator {
    let api: API
    let endpoints: EndpointGenerator

    func write(_ group: Group, to writer: inout SwiftWriter) {
        let onSocket = group.realtime.filter { if case .webSocket = $0.kind { false } else { true } }
        let sockets = group.realtime.compactMap { member -> (RealtimeEndpoint, WebSocketEndpoint)? in
            if case .webSocket(let endpoint) = member.kind { (member, endpoint) } else { nil }
        }
        if !onSocket.isEmpty {
            writer.line()
            writer.block("nonisolated extension RealtimeSocket") { writer in
                for (index, member) in onSocket.enumerated() {
                    if index > 0 { writer.line() }
                    switch member.kind {
                    case .tableChanges(let subscription): writeTableChanges(member, subscription, to: &writer)
                    case .broadcast(let channel): writeBroadcast(member, channel, to: &writer)
                    case .webSocket: break
                    }
                }
            }
        }
        for member in onSocket {
            if case .broadcast(let channel) = member.kind { writeMessages(member, channel, to: &writer) }
        }
        if !sockets.isEmpty {
            writer.line()
            writer.block("nonisolated extension APIClient") { writer in
                for (index, (member, endpoint)) in sockets.enumerated() {
                    if index > 0 { writer.line() }
                    writeWebSocket(member, endpoint, to: &writer)
                }
            }
        }
    }

    private var dates: String {
        switch api.dateStyle {
        case .iso8601: ".iso8601"
        case .unixSeconds: ".unixSeconds"
        case .unixMillis: ".unixMillis"
        }
    }

    private func writeDocs(_ member: RealtimeEndpoint, arguments: [SwiftArgument], extra: [String] = [], to writer: inout SwiftWriter) {
        var docs = member.docs.isEmpty ? ["`\(member.name)`."] : member.docs
        docs += extra
        let documented = arguments.filter { !$0.docs.isEmpty }
        if !documented.isEmpty {
            docs.append("")
            docs += documented.map { "- Parameter \($0.label): " + $0.docs.joined(separator: " ") }
        }
        writer.docs(docs)
    }

    // MARK: - Signatures

    /// The method's arguments, in order.
    static func arguments(_ member: RealtimeEndpoint) -> [SwiftArgument] {
        func argument(_ parameter: Parameter) -> SwiftArgument {
            SwiftArgument(name: parameter.name, type: parameter.type, defaultValue: parameter.defaultValue, docs: parameter.docs, deprecation: parameter.deprecation)
        }
        switch member.kind {
        case .tableChanges(let subscription):
            return subscription.filter.map { [argument($0)] } ?? []
        case .broadcast(let channel):
            return channel.parameters.map(argument) + [
                SwiftArgument(label: "receivesOwnMessages", type: "Bool", defaultValue: "false", docs: ["Whether this member also receives what it sends."])
            ]
        case .webSocket(let socket):
            return EndpointGenerator.arguments(socket.handshake(of: member)) + [
                SwiftArgument(label: "options", type: "WebSocketOptions", defaultValue: "WebSocketOptions()", docs: [])
            ]
        }
    }

    /// The type the method returns.
    static func resultType(_ member: RealtimeEndpoint) -> String {
        switch member.kind {
        case .tableChanges(let subscription):
            "TableChanges<\(SwiftNames.type(subscription.row)), \(subscription.old.map(SwiftNames.type) ?? "Never")>"
        case .broadcast: "BroadcastChannel<\(member.messageTypeName)>"
        case .webSocket(let socket): "WebSocketSession<\(socket.sends.map(SwiftNames.type) ?? "Never"), \(SwiftNames.type(socket.receives))>"
        }
    }

    // MARK: - CHANGES

    private func writeTableChanges(_ member: RealtimeEndpoint, _ subscription: TableSubscription, to writer: inout SwiftWriter) {
        let arguments = Self.arguments(member)
        writeDocs(member, arguments: arguments, to: &writer)
        let type = Self.resultType(member)
        var parts = ["socket: self"]
        if subscription.schema != "public" { parts.append("schema: \(SwiftNames.string(subscription.schema))") }
        parts.append("table: \(SwiftNames.string(subscription.table))")
        if subscription.events != TableChangeKind.allCases { parts.append("events: [\(subscription.events.map { "." + $0.rawValue }.joined(separator: ", "))]") }
        if let filter = subscription.filter {
            let value = SwiftNames.argument(filter.name)
            parts.append(
                filter.type.isOptional
                    ? "filter: \(value).map { .equal(\(SwiftNames.string(filter.wireName)), $0) }"
                    : "filter: .equal(\(SwiftNames.string(filter.wireName)), \(value))")
        }
        if api.dateStyle != .iso8601 { parts.append("dates: \(dates)") }
        Layout.signature(&writer, prefix: "public func \(SwiftNames.identifier(member.name))(", parameters: arguments.map(\.declaration), suffix: ") -> \(type)") { writer in
            let call = "\(type)(\(parts.joined(separator: ", ")))"
            if call.count + 8 <= Layout.width {
                writer.line(call)
            } else {
                writer.line("\(type)(")
                writer.indented { writer in for line in Layout.packed(parts, indent: 12, closing: ")") { writer.line(line) } }
            }
        }
    }

    // MARK: - BROADCAST


    private func writeBroadcast(_ member: RealtimeEndpoint, _ channel: BroadcastChannelSpec, to writer: inout SwiftWriter) {
        let arguments = Self.arguments(member)
        writeDocs(member, arguments: arguments, to: &writer)
        var topic = "realtime:"
        for part in channel.topic.parts {
            switch part {
            case .literal(let text): topic += String(SwiftNames.string(text).dropFirst().dropLast())
            case .parameter(let name): topic += "\\(\(SwiftNames.argument(name)).wireValue)"
            }
        }
        let type = Self.resultType(member)
        Layout.signature(&writer, prefix: "public func \(SwiftNames.identifier(member.name))(", parameters: arguments.map(\.declaration), suffix: ") -> \(type)") { writer in
            writer.line("\(type)(socket: self, topic: \"\(topic)\", receivesOwnMessages: receivesOwnMessages)")
        }
    }

    /// The channel's messages: a case per event, and `unknown` for the others.
    private func writeMessages(_ member: RealtimeEndpoint, _ channel: BroadcastChannelSpec, to writer: inout SwiftWriter) {
        let name = member.messageTypeName
        writer.line()
        writer.docs(["A message of the `\(member.name)` channel."])
        writer.block("nonisolated public enum \(name): BroadcastMessage, Hashable") { writer in
            for event in channel.events {
                writer.docs(event.docs.isEmpty ? ["The `\(event.wireName)` event."] : event.docs)
                writer.line("case \(SwiftNames.identifier(event.name))(\(SwiftNames.type(event.type)))")
            }
            writer.docs(["An event this version of the client does not know, kept as it came."])
            writer.line("case unknown(event: String, payload: JSONValue)")
            writer.line()
            writer.docs(["The message of `event` carrying `payload`."])
            writer.block("public init(event: String, payload: JSONValue) throws") { writer in
                writer.switchBlock("event") { writer in
                    for event in channel.events {
                        writer.line("case \(SwiftNames.string(event.wireName)):")
                        writer.indented { writer in
                            writer.line("self = .\(SwiftNames.identifier(event.name))(try RealtimeCoding.decode(\(SwiftNames.type(event.type)).self, from: payload, dates: \(dates)))")
                        }
                    }
                    writer.line("default:")
                    writer.indented { writer in writer.line("self = .unknown(event: event, payload: payload)") }
                }
            }
            writer.line()
            writer.docs(["The event's name."])
            writer.block("public var event: String") { writer in
                writer.switchBlock("self") { writer in
                    for event in channel.events {
                        writer.line("case .\(SwiftNames.identifier(event.name)): \(SwiftNames.string(event.wireName))")
                    }
                    writer.line("case .unknown(let event, _): event")
                }
            }
            writer.line()
            writer.docs(["The payload as JSON."])
            writer.block("public func payload() throws -> JSONValue") { writer in
                writer.switchBlock("self") { writer in
                    for event in channel.events {
                        writer.line("case .\(SwiftNames.identifier(event.name))(let value): try RealtimeCoding.encode(value, dates: \(dates))")
                    }
                    writer.line("case .unknown(_, let payload): payload")
                }
            }
        }
    }

    // MARK: - WEBSOCKET

    private func writeWebSocket(_ member: RealtimeEndpoint, _ socket: WebSocketEndpoint, to writer: inout SwiftWriter) {
        let handshake = socket.handshake(of: member)
        let arguments = Self.arguments(member)
        let type = Self.resultType(member)
        writeDocs(
            member, arguments: arguments,
            extra: ["", "Opens the connection (the client's base URL, headers, API key and token); `send(_:)` sends, iterating reads."],
            to: &writer)
        Layout.signature(
            &writer, prefix: "public func \(SwiftNames.identifier(member.name))(", parameters: arguments.map { $0.declaration }, suffix: ") async throws -> \(type)"
        ) { writer in
            let requestArguments = endpoints.requestArguments(handshake, form: "form", query: "query")
            writer.line("let request = APIRequest(")
            writer.indented { writer in for line in Layout.packed(requestArguments, indent: 12, closing: ")") { writer.line(line) } }
            writer.line("return try await \(type).open(request, client: self, dates: \(dates), options: options)")
        }
    }
}
