/// Turns the syntax of every file of a schema into a validated `API`. Each rule reports what it
/// finds and the checker goes on, so one run shows every problem; the API is returned only
/// when there is no error.
final class Checker {
    /// A declared type name.
    struct TypeSymbol {
        enum Kind: String { case model, enumeration = "enum", union, alias }
        let kind: Kind
        let location: SourceLocation
    }

    /// Names that schema types may not take: the built-in types, the envelopes, the runtime's
    /// public types and the Swift types generated code relies on.
    static let builtinTypeNames: Set<String> = Set(TypeRef.Scalar.allCases.map(\.rawValue)).union(["File", "Data", "Page", "Response", "Text", "Nullable"])
    static let reservedTypeNames: Set<String> = runtimeTypeNames.union([
        "Endpoint", "Optional", "Array", "Dictionary", "Set",
        "Error", "Result", "Task", "Never", "Any", "AnyObject", "Self",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "Character",
        "Decimal", "AsyncSequence", "AsyncThrowingStream", "CodingKey", "Encoder", "Decoder",
    ])

    /// Every type CourierRuntime declares at its top level: generated code names them
    /// unqualified, so a schema type of the same name would hide one (a test keeps the list
    /// whole).
    static let runtimeTypeNames: Set<String> = [
        "APIClient", "APIClientProtocol", "APIClock", "APIEnvironment", "APIError", "APIKey", "APIRequest", "APIResponse",
        "Attempt", "AttemptOutcome", "AttemptReason", "AuthSession", "AuthTokens", "BasicCredentials", "CallLog", "Credentials",
        "DataResponse", "DateCodingStyle", "EmptyResponse", "EndpointGroup", "EventStreamLimitExceeded", "EventStreamLimits",
        "FieldwiseEquatable", "FileTokenStore", "HTTPErrorResponse", "HTTPHeaders", "HTTPMethod", "HTTPRequest", "HTTPResponse", "HTTPStreamingResponse",
        "HTTPTransport", "ISO8601", "ImmediateClock", "InMemoryTokenStore", "Indirect", "IntEnum", "InterceptingTransport",
        "JSONCoding", "JSONLineDecodingError", "JSONLinesParser", "JSONShape", "JSONValue", "KeychainTokenStore",
        "LoggingInterceptor", "MockAPIClient", "ModelFields", "MultipartFile", "MultipartFormData", "MultipartPart", "Nullable", "PaginatedResponse", "PathSegment",
        "QueryItem", "RecordedCall", "Redaction", "RedirectPolicy", "RefreshStrategy", "RequestAuth", "RequestBody",
        "RequestInterceptor", "RequestOptions", "ResponseDecoding", "RetryPolicy", "ServerSentEvent", "ServerSentEventParser",
        "StringEnum", "SystemClock", "TaggedUnion", "TextDecoding", "TextDecodingError", "TokenStore", "TokenStoreError",
        "TransportError", "URLSessionTransport", "UntaggedUnion", "UploadProgress", "WireJSONEncoder", "WireKey",
        "WireList", "WireText", "WireTexts", "WireTextsConvertible", "WireValueConvertible",
    ]

    /// Every type CourierRealtime declares at its top level: the code of realtime members imports
    /// it, so a schema with one may not declare a type of the same name (a test keeps the list
    /// whole).
    static let realtimeTypeNames: Set<String> = [
        "BroadcastChannel", "BroadcastEvent", "BroadcastMessage", "ChannelEvent", "PhoenixMessage", "RealtimeCoding",
        "RealtimeConnectionState", "RealtimeError", "RealtimeOptions", "RealtimeSocket", "TableChange", "TableChanges", "TableEvent",
        "TableFilter", "URLSessionWebSocketConnection", "WebSocketClient", "WebSocketCloseCode", "WebSocketConnection", "WebSocketError",
        "WebSocketFrame", "WebSocketImplementation", "WebSocketMessage", "WebSocketMessages", "WebSocketOptions", "WebSocketSession",
    ]

    var log = DiagnosticLog()
    let files: [(file: SourceFile, declarations: [DeclarationSyntax])]
    var symbols: [String: TypeSymbol] = [:]
    var settings = APISettings()
    /// The case names of every enum, for checking defaults and `@poll` values.
    var enumCaseNames: [String: [String]] = [:]
    /// The checked models, for rules that look into a model's fields.
    var checkedModels: [String: Model] = [:]
    /// Every alias's declaration, by name, for resolving its uses.
    var aliasSyntax: [String: AliasSyntax] = [:]
    /// What each alias resolved to (nil after an error), so that each is resolved and reported once.
    var resolvedAliases: [String: TypeRef?] = [:]
    /// The aliases being resolved, innermost last, to find an alias that stands for itself.
    var aliasesInProgress: [String] = []
    /// Fields marked `@message`, checked against the error model once it is known.
    var messageMarks: [MessageMark] = []
    /// The names of the schema's unions without a tag key, collected once.
    lazy var untaggedUnionNames: Set<String> = Set(files.flatMap(\.declarations).compactMap { declaration -> String? in
        guard case .union(let union) = declaration, union.tag == nil else { return nil }
        return union.name.text
    })
    /// The names of the schema's untagged unions whose every variant is a text value or an
    /// array of them, which a parameter can send (OpenSearch's `Indices`: `String` or
    /// `[String]`), collected once.
    lazy var textListUnionNames: Set<String> = Set(files.flatMap(\.declarations).compactMap { declaration -> String? in
        guard case .union(let union) = declaration, union.tag == nil, !union.variants.isEmpty else { return nil }
        for variant in union.variants where !isTextValueSyntax(variant.type) {
            guard case .array(let element) = variant.type.kind, isTextValueSyntax(element) else { return nil }
        }
        return union.name.text
    })
    /// The names of the schema's untagged unions with a `File` or `[File]` variant, which are
    /// parts of a multipart body and allowed only there, collected once.
    lazy var multipartPartUnionNames: Set<String> = Set(files.flatMap(\.declarations).compactMap { declaration -> String? in
        guard case .union(let union) = declaration, union.tag == nil else { return nil }
        return union.variants.contains { Checker.isFileOrFiles($0.type) } ? union.name.text : nil
    })
    /// The names of the schema's enums of `Int` values, collected once.
    lazy var integerEnumNames: Set<String> = Set(files.flatMap(\.declarations).compactMap { declaration -> String? in
        guard case .enumeration(let enumSyntax) = declaration, enumSyntax.rawType?.text == "Int" else { return nil }
        return enumSyntax.name.text
    })

    init(files: [(file: SourceFile, declarations: [DeclarationSyntax])]) {
        self.files = files
    }

    /// Runs every rule; returns the API when the schema has no errors.
    func check() -> API? {
        let declarations = files.flatMap(\.declarations)
        collectTypeSymbols(declarations)
        let apiBlocks = declarations.compactMap { if case .api(let block) = $0 { block } else { nil } }
        let api = checkAPIBlocks(apiBlocks)

        var models: [Model] = []
        var enums: [EnumType] = []
        var unions: [Union] = []
        var aliases: [TypeAlias] = []
        var groups: [Group] = []
        var groupNames: [String: SourceLocation] = [:]
        for declaration in declarations {
            switch declaration {
            case .model(let syntax):
                let model = checkModel(syntax)
                models.append(model)
                if checkedModels[model.name] == nil { checkedModels[model.name] = model }
            case .enumeration(let syntax): enums.append(checkEnum(syntax))
            case .union(let syntax): unions.append(checkUnion(syntax))
            case .alias(let syntax): if let alias = checkAlias(syntax) { aliases.append(alias) }
            case .api, .group: break
            }
        }
        for declaration in declarations {
            switch declaration {
            case .api, .model, .enumeration, .union, .alias: break
            case .group(let syntax):
                if let first = groupNames[syntax.name.text] {
                    log.error(
                        syntax.name.location, "duplicate group '\(syntax.name.text)'",
                        hint: "merge the endpoints into one group or rename one of them",
                        notes: [.init(location: first, message: "'\(syntax.name.text)' is first declared here")])
                } else {
                    groupNames[syntax.name.text] = syntax.name.location
                }
                groups.append(checkGroup(syntax))
            }
        }
        checkUnionVariantKeys(unions, enums: enums)
        if let api {
            for group in groups where group.name == api.name.text {
                log.error(
                    group.location, "group '\(group.name)' has the API's name; both would generate '\(group.name)API'",
                    hint: "rename the group after its feature, such as '\(group.name)Core'")
            }
        }
        checkEndpointNames(groups)
        checkRealtimeNames(groups, declarations: declarations)
        checkRoutes(groups)
        let errorMessageKeys = checkMessageMarks()
        RecursionRule.apply(models: &models, unions: &unions, log: &log)
        InlineSizeRule.apply(models: &models, unions: unions)

        guard let api, !log.hasErrors else { return nil }
        return API(
            name: api.name.text, docs: api.docs, headers: settings.headers, auth: settings.auth,
            apiKeyHeader: settings.apiKeyHeader, apiKeyQuery: settings.apiKeyQuery, idempotencyKeyHeader: settings.idempotencyKeyHeader,
            keyStyle: settings.keyStyle, generatesTypedMocks: settings.generatesTypedMocks,
            dateStyle: settings.dateStyle, baseURL: settings.baseURL, realtimePath: settings.realtimePath, errorModel: settings.errorModel, errorMessageKeys: errorMessageKeys, models: models,
            enums: enums, unions: unions, aliases: aliases, groups: groups, location: api.name.location, files: files.map(\.file.path))
    }

    private func collectTypeSymbols(_ declarations: [DeclarationSyntax]) {
        for declaration in declarations {
            let name: NameSyntax
            let kind: TypeSymbol.Kind
            switch declaration {
            case .model(let syntax): (name, kind) = (syntax.name, .model)
            case .enumeration(let syntax):
                (name, kind) = (syntax.name, .enumeration)
                if enumCaseNames[name.text] == nil { enumCaseNames[name.text] = syntax.cases.map(\.name.text) }
            case .union(let syntax): (name, kind) = (syntax.name, .union)
            case .alias(let syntax):
                (name, kind) = (syntax.name, .alias)
                if aliasSyntax[name.text] == nil { aliasSyntax[name.text] = syntax }
            case .api, .group: continue
            }
            if Checker.builtinTypeNames.contains(name.text) {
                log.error(
                    name.location, "'\(name.text)' is a built-in type and cannot be redeclared",
                    hint: "choose another name")
            } else if Checker.reservedTypeNames.contains(name.text) {
                log.error(
                    name.location,
                    "type name '\(name.text)' would clash with a Swift or CourierRuntime type",
                    hint: "choose a more specific name, such as 'App\(name.text)'")
            } else if let first = symbols[name.text] {
                log.error(
                    name.location, "duplicate type '\(name.text)'",
                    hint: "type names are shared by every file of the schema",
                    notes: [.init(location: first.location, message: "'\(name.text)' is first declared here")])
            } else {
                symbols[name.text] = TypeSymbol(kind: kind, location: name.location)
            }
        }
    }

    /// Reports names declared twice within one scope, with a note at the first.
    func reportDuplicates(_ names: [NameSyntax], what: String, hint: String? = nil) {
        var seen: [String: SourceLocation] = [:]
        for name in names {
            if let first = seen[name.text] {
                log.error(
                    name.location, "duplicate \(what) '\(name.text)'", hint: hint,
                    notes: [.init(location: first, message: "'\(name.text)' is first declared here")])
            } else {
                seen[name.text] = name.location
            }
        }
    }
}
