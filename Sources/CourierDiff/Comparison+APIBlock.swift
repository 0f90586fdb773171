import CourierSchema

/// Installed apps and the api block: key and date styles, the API key, headers, base URL and
/// error model, all fixed in the app when it was built.
extension Comparison {
    mutating func compareAPIBlock() {
        let location = head.location
        let all = base.endpoints.map(\.name)
        if base.keyStyle != head.keyStyle {
            report(
                .keyStyleChanged, at: location, "api.keys", endpoints: all,
                "`keys` changed from \(base.keyStyle.rawValue) to \(head.keyStyle.rawValue): every key without `@wire` is spelled differently on the wire, and installed apps use the old spelling.")
        }
        if base.dateStyle != head.dateStyle, Self.usesDates(base) {
            report(
                .dateStyleChanged, at: location, "api.dates", endpoints: all,
                "`dates` changed from \(base.dateStyle.rawValue) to \(head.dateStyle.rawValue); installed apps read and write dates the old way.")
        }
        if base.apiKeyHeader != head.apiKeyHeader || base.apiKeyQuery != head.apiKeyQuery {
            let describe = { (api: API) -> String in
                if let header = api.apiKeyHeader { return "the header `\(header)`" }
                if let query = api.apiKeyQuery { return "the query item `\(query)`" }
                return "nothing"
            }
            report(
                .apiKeyChanged, at: location, "api.apikey", endpoints: all,
                "the API key travels in \(describe(head)) instead of \(describe(base)); installed apps send it the old way.")
        }
        if let old = base.idempotencyKeyHeader, old != head.idempotencyKeyHeader {
            let now = head.idempotencyKeyHeader.map { "are now read from `\($0)`" } ?? "are no longer part of the API"
            let calls = base.endpoints.filter { !$0.isIdempotent }.map(\.name)
            report(
                .idempotencyKeyChanged, at: location, "api.idempotency", endpoints: calls,
                "idempotency keys \(now); installed apps send them in `\(old)` and retry calls that are not idempotent on the promise that the server does each key's work once.")
        }
        if base.baseURL != head.baseURL {
            report(
                .baseURLChanged, at: location, "api.baseURL",
                "the default base URL changed from \(base.baseURL ?? "none") to \(head.baseURL ?? "none"); installed apps that use the default keep calling the old one.")
        }
        let oldHeaders = Dictionary(base.headers.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let newHeaders = Dictionary(head.headers.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for (key, header) in oldHeaders.sorted(by: { $0.key < $1.key }) where newHeaders[key]?.value != header.value {
            let now = newHeaders[key].map { "is now \"\($0.value)\"" } ?? "is no longer sent"
            report(
                .staticHeaderChanged, at: location, "api.header.\(header.name)", endpoints: all,
                "the header `\(header.name)` \(now); installed apps still send \"\(header.value)\".")
        }
        for (key, header) in newHeaders.sorted(by: { $0.key < $1.key }) where oldHeaders[key] == nil {
            report(
                .staticHeaderChanged, at: location, "api.header.\(header.name)", endpoints: all,
                "the header `\(header.name)` is new; installed apps do not send it.")
        }
        if base.errorModel != head.errorModel {
            report(
                .errorModelChanged, at: location, "api.error",
                "error bodies are \(head.errorModel.map { "`\($0)`" } ?? "not modelled") instead of \(base.errorModel.map { "`\($0)`" } ?? "not modelled"); installed apps show less detail for errors they cannot read.")
        }
    }

    /// Whether any model, parameter or body of the schema holds a `Date`.
    static func usesDates(_ api: API) -> Bool {
        func holdsDate(_ type: TypeRef) -> Bool {
            switch type {
            case .scalar(let scalar): scalar == .date
            case .array(let element), .dictionary(let element), .optional(let element): holdsDate(element)
            default: false
            }
        }
        if api.models.contains(where: { $0.fields.contains { holdsDate($0.type) } }) { return true }
        return api.endpoints.contains { endpoint in
            if endpoint.parameters.contains(where: { holdsDate($0.type) }) { return true }
            switch endpoint.body {
            case .form(let fields), .multipart(let fields): return fields.contains { holdsDate($0.type) }
            default: return false
            }
        }
    }
}
