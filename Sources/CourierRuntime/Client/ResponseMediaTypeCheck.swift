import Foundation

/// Checks a successful response against the media types the schema says it has
/// (`returns Bytes "image/png"`), so that an HTML error page or another representation never
/// passes for the value asked for.
enum ResponseMediaTypeCheck {
    /// The most of a refused body kept for the error.
    static let keptBodyBytes = 64 * 1024

    /// Throws `invalidResponse` when the response's `Content-Type` matches none of the request's
    /// `responseMediaTypes`. A response without a `Content-Type` passes, and so does any JSON
    /// media type when the response is read as JSON (servers answer a vendor type such as
    /// `application/vnd.github+json` with plain `application/json`).
    static func check(_ response: HTTPResponse, for request: APIRequest) throws {
        guard !request.responseMediaTypes.isEmpty, let contentType = response.headers["Content-Type"] else { return }
        let received = essence(of: contentType)
        if request.responseMediaTypes.contains(where: { matches(received, essence(of: $0)) }) { return }
        if request.accept == "application/json", isJSON(received) { return }
        let described = "\(request.method.rawValue) \(request.path)"
        let expected = request.responseMediaTypes.map { "'\($0)'" }.joined(separator: " or ")
        throw APIError.invalidResponse(
            "\(described) answered with '\(contentType)' instead of \(expected), the media type the schema names; the server may have sent an error page, or needs another Accept",
            HTTPErrorResponse(request: described, status: response.status, headers: response.headers, body: response.body.prefix(keptBodyBytes)))
    }

    /// `type/subtype`, lowercased, without parameters.
    static func essence(of mediaType: String) -> String {
        (mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mediaType).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether `received` falls in `range`: equal, `type/*`, or `*/*`.
    static func matches(_ received: String, _ range: String) -> Bool {
        if range == "*/*" || range == received { return true }
        guard range.hasSuffix("/*") else { return false }
        return received.hasPrefix(range.dropLast())
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
