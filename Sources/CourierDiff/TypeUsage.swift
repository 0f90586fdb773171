import CourierSchema

/// Which endpoints read a named type in responses and which write it in requests, directly or
/// through the fields and variants of other types. Installed apps are judged by the base
/// schema's usage: a type decoded from responses must keep decoding; a type sent in requests
/// must stay acceptable to the server.
struct TypeUsage {
    /// Endpoint names that decode the type from a response (the error model counts for all).
    private(set) var readers: [String: Set<String>] = [:]
    /// Endpoint names that send the type in a request.
    private(set) var writers: [String: Set<String>] = [:]

    /// The models and unions by name, for the walk.
    private let models: [String: Model]
    private let unions: [String: Union]

    init(_ api: API) {
        models = Dictionary(api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        unions = Dictionary(api.unions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for endpoint in api.endpoints {
            if let type = endpoint.response.valueType { visit(type, endpoint: endpoint.name, reading: true) }
            switch endpoint.body {
            case .json(let type): visit(type, endpoint: endpoint.name, reading: false)
            case .multipart(let fields), .form(let fields):
                for field in fields { visit(field.type, endpoint: endpoint.name, reading: false) }
            case .raw, nil: break
            }
            for parameter in endpoint.parameters { visit(parameter.type, endpoint: endpoint.name, reading: false) }
            if let errorModel = api.errorModel { visit(.model(errorModel), endpoint: endpoint.name, reading: true) }
        }
        // Realtime members read rows and messages, and write what they send.
        for member in api.groups.flatMap(\.realtime) {
            switch member.kind {
            case .tableChanges(let table):
                visit(table.row, endpoint: member.name, reading: true)
                if let old = table.old { visit(old, endpoint: member.name, reading: true) }
            case .broadcast(let channel):
                for event in channel.events {
                    visit(event.type, endpoint: member.name, reading: true)
                    visit(event.type, endpoint: member.name, reading: false)
                }
            case .webSocket(let socket):
                visit(socket.receives, endpoint: member.name, reading: true)
                if let sends = socket.sends { visit(sends, endpoint: member.name, reading: false) }
                for parameter in socket.parameters { visit(parameter.type, endpoint: member.name, reading: false) }
            }
        }
    }

    /// Whether any endpoint reads the named type.
    func isRead(_ name: String) -> Bool { !(readers[name] ?? []).isEmpty }
    /// Whether any endpoint writes the named type.
    func isWritten(_ name: String) -> Bool { !(writers[name] ?? []).isEmpty }

    /// The endpoints that read or write the type, sorted.
    func endpoints(of name: String, reading: Bool) -> [String] {
        (reading ? readers[name] : writers[name]).map { $0.sorted() } ?? []
    }

    private mutating func visit(_ type: TypeRef, endpoint: String, reading: Bool) {
        switch type {
        case .scalar, .file: return
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            visit(element, endpoint: endpoint, reading: reading)
        case .model(let name), .enumeration(let name), .union(let name):
            let inserted = reading ? readers[name, default: []].insert(endpoint).inserted : writers[name, default: []].insert(endpoint).inserted
            guard inserted else { return }
            if let model = models[name] {
                for field in model.fields { visit(field.type, endpoint: endpoint, reading: reading) }
            } else if let union = unions[name] {
                for variant in union.variants { visit(variant.type, endpoint: endpoint, reading: reading) }
            }
        }
    }
}
