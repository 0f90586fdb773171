import Foundation

/// The api block's settings with their defaults.
struct APISettings {
    var headers: [StaticHeader] = []
    var auth: AuthScheme = .bearer
    var apiKeyHeader: String?
    var apiKeyQuery: String?
    var idempotencyKeyHeader: String?
    /// Where the idempotency key's header is named, for the check against the other headers.
    var idempotencyKeyLocation: SourceLocation?
    var keyStyle: KeyStyle = .snakeCase
    var dateStyle: DateStyle = .iso8601
    var errorModel: String?
    var baseURL: String?
    var generatesTypedMocks = false
    /// `realtime "/realtime/v1/websocket"`: the path of the API's Supabase Realtime socket.
    var realtimePath: String?
}

extension Checker {
    /// Headers that the client sets itself and a schema may not set.
    static let clientOwnedHeaders: Set<String> = ["authorization", "content-type", "content-length", "host"]

    /// Checks that there is exactly one api block and reads its settings.
    func checkAPIBlocks(_ blocks: [APIBlockSyntax]) -> APIBlockSyntax? {
        guard let block = blocks.first else {
            let location = SourceLocation(file: files.first?.file.path ?? "schema", line: 1, column: 1)
            log.error(
                location, "the schema has no api block",
                hint: "add 'api ModuleName { }' to one of the schema's files")
            return nil
        }
        for extra in blocks.dropFirst() {
            log.error(
                extra.name.location, "a schema has exactly one api block",
                hint: "merge the settings into one block",
                notes: [.init(location: block.name.location, message: "the api block is declared here")])
        }
        _ = attributes(block.attributes, at: .api)
        var seen: [String: SourceLocation] = [:]
        var headerNames: [String: SourceLocation] = [:]
        for setting in block.settings {
            let keyword = setting.keyword
            if keyword.text != "header" {
                if let first = seen[keyword.text] {
                    log.error(
                        keyword.location, "'\(keyword.text)' is set twice in the api block",
                        notes: [.init(location: first, message: "first set here")])
                    continue
                }
                seen[keyword.text] = keyword.location
            }
            applySetting(setting, headerNames: &headerNames)
        }
        checkIdempotencyKeyHeader()
        return block
    }

    /// The idempotency key's header carries nothing else: no client-set, fixed or API key header.
    private func checkIdempotencyKeyHeader() {
        guard let name = settings.idempotencyKeyHeader, let location = settings.idempotencyKeyLocation else { return }
        let taken = Self.clientOwnedHeaders.union(settings.headers.map { $0.name.lowercased() })
            .union([settings.apiKeyHeader?.lowercased()].compactMap { $0 })
        guard taken.contains(name.lowercased()) else { return }
        log.error(
            location, "the idempotency key cannot travel in '\(name)', which carries something else",
            hint: "name a header of its own, such as \"Idempotency-Key\"")
        settings.idempotencyKeyHeader = nil
    }

    private func applySetting(_ setting: APISettingSyntax, headerNames: inout [String: SourceLocation]) {
        let values = setting.values
        func word(_ index: Int) -> (String, SourceLocation)? {
            guard index < values.count else { return nil }
            switch values[index].kind {
            case .identifier(let text), .string(let text): return (text, values[index].location)
            default: return nil
            }
        }
        switch setting.keyword.text {
        case "header":
            guard let (name, nameLocation) = word(0), let (value, valueLocation) = word(1) else { return }
            guard checkHeaderName(name, at: nameLocation) else { return }
            if Checker.clientOwnedHeaders.contains(name.lowercased()) {
                log.error(
                    nameLocation, "header '\(name)' is set by the client and cannot be fixed in the schema",
                    hint: "authentication and content headers are added to each request automatically")
                return
            }
            guard checkHeaderValue(value, at: valueLocation) else { return }
            if let first = headerNames[name.lowercased()] {
                log.error(
                    nameLocation, "duplicate header '\(name)'",
                    notes: [.init(location: first, message: "first set here")])
                return
            }
            headerNames[name.lowercased()] = nameLocation
            settings.headers.append(StaticHeader(name: name, value: value))
        case "auth":
            guard let (value, location) = word(0) else { return }
            if let scheme = AuthScheme(rawValue: value) {
                settings.auth = scheme
            } else {
                log.error(
                    location,
                    "unknown auth scheme '\(value)'\(Suggestion.didYouMean(value, in: AuthScheme.allCases.map(\.rawValue)))",
                    hint: "use 'auth bearer', 'auth basic' or 'auth none'")
            }
        case "apikey":
            guard let (placement, placementLocation) = word(0), let (name, nameLocation) = word(1) else { return }
            switch placement {
            case "header":
                if checkHeaderName(name, at: nameLocation) { settings.apiKeyHeader = name }
            case "query":
                if name.isEmpty {
                    log.error(nameLocation, "the API key's query item needs a name", hint: "write apikey query \"api_key\"")
                } else {
                    settings.apiKeyQuery = name
                }
            default:
                log.error(
                    placementLocation, "an API key is sent in a header or the query, not '\(placement)'",
                    hint: "write apikey header \"X-API-Key\" or apikey query \"api_key\"")
            }
        case "idempotency":
            guard let (placement, placementLocation) = word(0), let (name, nameLocation) = word(1) else { return }
            guard placement == "header" else {
                log.error(
                    placementLocation, "an idempotency key is sent in a header, not '\(placement)'",
                    hint: "write idempotency header \"Idempotency-Key\"")
                return
            }
            guard checkHeaderName(name, at: nameLocation) else { return }
            settings.idempotencyKeyHeader = name
            settings.idempotencyKeyLocation = nameLocation
        case "keys":
            guard let (value, location) = word(0) else { return }
            if let style = KeyStyle(rawValue: value) {
                settings.keyStyle = style
            } else {
                let names = KeyStyle.allCases.map(\.rawValue)
                log.error(
                    location, "unknown key style '\(value)'\(Suggestion.didYouMean(value, in: names))",
                    hint: "use one of " + names.joined(separator: ", "))
            }
        case "dates":
            guard let (value, location) = word(0) else { return }
            if let style = DateStyle(rawValue: value) {
                settings.dateStyle = style
            } else {
                let names = DateStyle.allCases.map(\.rawValue)
                log.error(
                    location, "unknown date style '\(value)'\(Suggestion.didYouMean(value, in: names))",
                    hint: "use one of " + names.joined(separator: ", "))
            }
        case "mocks":
            guard let (value, location) = word(0) else { return }
            guard value == "typed" else {
                log.error(location, "unknown mocks style '\(value)'", hint: "write 'mocks typed' for a typed test double per group")
                return
            }
            settings.generatesTypedMocks = true
        case "realtime":
            guard let (text, location) = word(0) else { return }
            guard text.hasPrefix("/"), !text.contains("?"), !text.contains(" ") else {
                log.error(
                    location, "\"\(text)\" is not the path of a realtime socket",
                    hint: "write the path from the base URL, such as realtime \"/realtime/v1/websocket\" for Supabase")
                return
            }
            settings.realtimePath = text
        case "baseURL":
            guard let (text, location) = word(0) else { return }
            guard SchemaCompiler.isBaseURL(text) else {
                log.error(
                    location, "\"\(text)\" is not a base URL",
                    hint: "write an http or https URL with a host and no query, such as \"https://api.example.com/v1\"")
                return
            }
            settings.baseURL = text
        case "error":
            guard let (name, location) = word(0) else { return }
            switch symbols[name]?.kind {
            case .model:
                settings.errorModel = name
            case .alias:
                switch resolveAlias(named: name) {
                case .model(let model)?: settings.errorModel = model
                case nil: break  // the alias's own error is reported
                case let other?:
                    let what: String
                    switch other {
                    case .enumeration(let target): what = "an alias of enum '\(target)'"
                    case .union(let target): what = "an alias of union '\(target)'"
                    default: what = "an alias of '\(other)'"
                    }
                    log.error(location, "the error body must be a model, but '\(name)' is \(what)")
                }
            case .some(let kind):
                log.error(
                    location, "the error body must be a model, but '\(name)' is \(kind == .union ? "a union" : "an enum")")
            case nil:
                log.error(location, "unknown type '\(name)'\(Suggestion.didYouMean(name, in: modelNames))")
            }
        default:
            break
        }
    }

    var modelNames: [String] { symbols.filter { $0.value.kind == .model }.map(\.key) }

    /// RFC 9110 token characters.
    func checkHeaderName(_ name: String, at location: SourceLocation) -> Bool {
        if !HeaderName.isValid(name) {
            log.error(
                location, "'\(name)' is not a valid header name",
                hint: "header names use letters, digits and -, without spaces")
            return false
        }
        return true
    }

    func checkHeaderValue(_ value: String, at location: SourceLocation) -> Bool {
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            log.error(location, "a header value cannot contain a line break or NUL")
            return false
        }
        return true
    }
}
