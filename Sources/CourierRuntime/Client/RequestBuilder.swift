import Foundation

/// Turns an `APIRequest` into the `HTTPRequest` a transport sends.
enum RequestBuilder {
    static func build(
        _ request: APIRequest, baseURL: URL, clientHeaders: HTTPHeaders, apiKey: APIKey?,
        authorization: String?, timeout: TimeInterval, options: RequestOptions?, allowsInsecureHTTP: Bool
    ) throws -> HTTPRequest {
        try checkScheme(of: baseURL, allowsInsecureHTTP: allowsInsecureHTTP)
        var extraQuery = (options?.additionalQueryParameters ?? [:]).sorted { $0.key < $1.key }.map { QueryItem($0.key, $0.value) }
        extraQuery += options?.additionalQueryItems ?? []
        if let apiKey, apiKey.placement == .query { extraQuery.append(QueryItem(apiKey.name, apiKey.value)) }
        let url = try makeURL(baseURL: baseURL, request: request, extraQuery: extraQuery)

        var headers = HTTPHeaders()
        headers["Accept"] = request.responseMediaTypes.isEmpty ? request.accept : request.responseMediaTypes.joined(separator: ", ")
        for field in clientHeaders { headers[field.name] = field.value }
        for field in request.headers { headers[field.name] = field.value }
        for (name, value) in (options?.additionalHeaders ?? [:]).sorted(by: { $0.key < $1.key }) { headers[name] = value }
        if let apiKey, apiKey.placement == .header { headers[apiKey.name] = apiKey.value }
        if let authorization { headers["Authorization"] = authorization }

        var body: Data?
        switch request.body {
        case .none:
            break
        case .json(let value):
            do {
                body = try encodeJSON(value, dateStyle: request.dateStyle, extra: options?.additionalBodyParameters ?? [:])
            } catch {
                throw APIError.invalidRequest("the body of \(request.method.rawValue) \(request.path) could not be encoded: \(error)")
            }
            headers["Content-Type"] = "application/json"
        case .multipart(let form):
            let encoded = try form.encoded()
            body = encoded.body
            headers["Content-Type"] = encoded.contentType
        case .form(let items):
            body = Data(formEncode(items).utf8)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        case .raw(let data, let contentType):
            body = data
            headers["Content-Type"] = contentType
        }
        try HeaderFieldRules.check(headers, of: "\(request.method.rawValue) \(request.path)")
        return HTTPRequest(
            method: request.method, url: url, headers: headers, body: body,
            timeout: options?.timeout ?? request.timeout ?? timeout, uploadProgress: options?.uploadProgress,
            isIdempotent: request.isIdempotent)
    }

    /// Refuses plain HTTP except to loopback, unless allowed: tokens must not travel in clear.
    static func checkScheme(of baseURL: URL, allowsInsecureHTTP: Bool) throws {
        if baseURL == APIEnvironment.missingBaseURL {
            throw APIError.invalidRequest(
                "APIClient.shared has no base URL: set CourierBaseURL in Info.plist or COURIER_BASE_URL in the environment")
        }
        switch baseURL.scheme?.lowercased() {
        case "https": return
        case "http":
            if allowsInsecureHTTP || isLoopback(host: baseURL.host ?? "") { return }
            throw APIError.invalidRequest(
                "the base URL \(baseURL.absoluteString) uses plain HTTP; use https, or set allowsInsecureHTTP for a trusted network")
        default:
            throw APIError.invalidRequest("the base URL \(baseURL.absoluteString) is not an http or https URL")
        }
    }

    /// Whether a host is this machine for certain: `localhost`, `::1`, or a dotted-decimal IPv4
    /// address in 127.0.0.0/8 written in its one canonical form. `127.evil.com`,
    /// `127.0.0.1.nip.io`, hex, octal or leading-zero forms are names or ambiguous, and are not.
    static func isLoopback(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }),
                octet == "0" || !octet.hasPrefix("0"), let value = Int(octet), value <= 255
            else { return false }
        }
        return octets[0] == "127"
    }

    static func makeURL(baseURL: URL, request: APIRequest, extraQuery: [QueryItem]) throws -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        try PathSegment.checkNoRefusedValues(in: request)
        var text = base + (request.path.hasPrefix("/") ? request.path : "/" + request.path)
        let query = encodedQuery(request.query + extraQuery)
        if !query.isEmpty { text += (text.contains("?") ? "&" : "?") + query }
        guard let url = URL(string: text) else {
            throw APIError.invalidRequest("'\(request.path)' does not make a valid URL with the base URL")
        }
        return url
    }

    private static let queryAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~!$'()*,;:@/?")
        return set
    }()

    private static let listElementAllowed: CharacterSet = queryAllowed.subtracting(CharacterSet(charactersIn: ","))

    /// Percent-encodes a query name or value; `&`, `=`, `+` and `#` are always encoded.
    static func queryEncode(_ text: String) -> String {
        PathSegment.percentEncode(text, keeping: queryAllowed)
    }

    /// Percent-encodes an element of a delimited list: as a value, and a comma too.
    static func queryEncodeListElement(_ text: String) -> String {
        PathSegment.percentEncode(text, keeping: listElementAllowed)
    }

    /// `name=value&…` for the items that have a value.
    static func encodedQuery(_ items: [QueryItem]) -> String {
        items.compactMap { item in item.value.map { "\(queryEncode(item.name))=\(item.encodedValue ?? queryEncode($0))" } }.joined(separator: "&")
    }

    /// Text encoded by the strict `application/x-www-form-urlencoded` rules (WHATWG URL §5):
    /// ASCII letters, digits and `*-._` stay, a space becomes `+`, and every other byte is
    /// percent-encoded. OAuth 2.0 encodes client credentials so before basic authentication.
    static func formComponent(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                result.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    static func formEncode(_ items: [QueryItem]) -> String { encodedQuery(items) }

    private static func encodeJSON(_ value: any Encodable & Sendable, dateStyle: DateCodingStyle, extra: [String: JSONValue]) throws -> Data {
        let encoder = JSONCoding.encoder(for: dateStyle)
        let data = try encoder.encode(value)
        guard !extra.isEmpty else { return data }
        guard case .object(var object) = try JSONCoding.decoder(for: dateStyle).decode(JSONValue.self, from: data) else {
            throw APIError.invalidRequest("additionalBodyParameters need a JSON object body")
        }
        for (key, extraValue) in extra { object[key] = extraValue }
        return try encoder.encode(JSONValue.object(object))
    }
}
