import CourierSchema

/// The Swift declarations that code calling a generated client sees: method signatures and
/// memberwise initialisers, as the generator writes them. `courier diff` compares two schemas'
/// surfaces to find the changes that stop callers from compiling.
public enum SwiftSurface {
    /// A generated method: an endpoint's, or its `…Pages` or `…Updates` companion.
    public struct Method: Sendable, Hashable {
        /// The method name.
        public var name: String
        /// The arguments before the trailing `options:`, in order.
        public var arguments: [Argument]
        /// What follows the argument list, such as `async throws -> Task`.
        public var result: String
        /// The protocol of the feature the method is declared on, such as `TasksAPI`.
        public var protocolName: String
    }

    /// One argument of a generated method or initialiser.
    public struct Argument: Sendable, Hashable {
        /// The argument label.
        public var label: String
        /// The Swift type.
        public var type: String
        /// Whether a call may leave it out.
        public var hasDefault: Bool
    }

    /// The methods an endpoint of `group` becomes: its own, then its companions.
    public static func methods(of endpoint: Endpoint, in group: Group) -> [Method] {
        let protocolName = group.name + "API"
        let arguments = EndpointGenerator.arguments(endpoint).map(\.surface)
        var methods = [
            Method(
                name: SwiftNames.identifier(endpoint.name), arguments: arguments,
                result: EndpointGenerator.returnType(endpoint).signature.trimmingPrefix(" "), protocolName: protocolName)
        ]
        if let type = EndpointGenerator.pagesType(endpoint) {
            let arguments = EndpointGenerator.arguments(endpoint, omittingCursor: true).map(\.surface)
            methods.append(Method(name: endpoint.name + "Pages", arguments: arguments, result: "-> " + type, protocolName: protocolName))
        }
        if let (type, _) = EndpointGenerator.updates(endpoint) {
            methods.append(Method(name: endpoint.name + "Updates", arguments: arguments, result: "-> " + type, protocolName: protocolName))
        }
        return methods
    }

    /// The method a realtime member becomes (on `RealtimeSocket`, or `APIClient` for a
    /// WebSocket endpoint), and for a broadcast channel its message enum's name.
    public static func method(of member: RealtimeEndpoint) -> (method: Method, messageType: String?) {
        let owner: String
        var messageType: String?
        switch member.kind {
        case .webSocket: owner = "APIClient"
        case .tableChanges: owner = "RealtimeSocket"
        case .broadcast: owner = "RealtimeSocket"; messageType = member.messageTypeName
        }
        let isAsync = if case .webSocket = member.kind { true } else { false }
        let method = Method(
            name: SwiftNames.identifier(member.name), arguments: RealtimeGenerator.arguments(member).map(\.surface),
            result: (isAsync ? "async throws -> " : "-> ") + RealtimeGenerator.resultType(member), protocolName: owner)
        return (method, messageType)
    }

    /// The memberwise initialiser's arguments: every field, in order.
    public static func initializerArguments(of model: Model) -> [Argument] {
        model.fields.map { SwiftArgument(field: $0).surface }
    }

    /// The factory, `<Name>API.client(…)`.
    public static func factory(of api: API) -> Method {
        Method(name: "\(api.name)API.client", arguments: CodeGenerator.factoryArguments(api).map(\.surface), result: "-> APIClient", protocolName: "\(api.name)API")
    }

    /// The other declarations the api block makes, by their qualified names, with their types:
    /// the namespace's static members and the error model's accessor on `APIError`.
    public static func apiMembers(of api: API) -> [String: String] {
        let namespace = "\(api.name)API"
        var members = ["\(namespace).headers": "HTTPHeaders"]
        if api.baseURL != nil { members["\(namespace).defaultBaseURL"] = "URL" }
        if api.apiKeyHeader != nil { members["\(namespace).apiKeyHeader"] = "String" }
        if api.apiKeyQuery != nil { members["\(namespace).apiKeyQuery"] = "String" }
        if api.apiKeyHeader != nil || api.apiKeyQuery != nil { members["\(namespace).apiKey(_:)"] = "(String) -> APIKey" }
        if api.idempotencyKeyHeader != nil { members["\(namespace).idempotencyKeyHeader"] = "String" }
        if !api.errorMessageKeys.isEmpty { members["\(namespace).errorMessageKeys"] = "[String]" }
        if let errorModel = api.errorModel { members["APIError.\(SwiftNames.lowerCamel(api.name))Error"] = "\(errorModel)?" }
        return members
    }

    /// The Swift spelling of a schema type, such as `[Task]?` or `JSONValue`.
    public static func typeName(_ type: TypeRef) -> String {
        SwiftNames.type(type)
    }
}

/// One argument of a generated method or initialiser, as the generator writes it.
struct SwiftArgument {
    /// The schema name, which is the argument label.
    let label: String
    /// The Swift type.
    let type: String
    /// The Swift default value, if the argument may be left out.
    let defaultValue: String?
    let docs: [String]

    init(label: String, type: String, defaultValue: String?, docs: [String]) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
        self.docs = docs
    }

    /// An argument for a schema value: its default, else `nil` when it is optional.
    init(name: String, type: TypeRef, defaultValue: Literal?, docs: [String], deprecation: Deprecation?) {
        let value = defaultValue.map { SwiftNames.literal($0, for: type) } ?? (type.isOptional ? "nil" : nil)
        self.init(label: name, type: SwiftNames.type(type), defaultValue: value, docs: docs + SwiftNames.deprecationNote(deprecation).dropFirst())
    }

    /// A model field's argument in the memberwise initialiser.
    /// The field that holds the other keys is empty unless given.
    init(field: Field) {
        if field.holdsOtherKeys {
            self.init(label: field.name, type: SwiftNames.type(field.type), defaultValue: "[:]", docs: [])
        } else {
            self.init(name: field.name, type: field.type, defaultValue: field.defaultValue, docs: [], deprecation: nil)
        }
    }

    /// `label: Type = default`.
    var declaration: String {
        "\(SwiftNames.parameter(label)): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
    }

    var surface: SwiftSurface.Argument {
        SwiftSurface.Argument(label: label, type: type, hasDefault: defaultValue != nil)
    }
}

extension String {
    fileprivate func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
