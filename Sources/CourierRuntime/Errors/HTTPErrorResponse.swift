import Foundation

/// The details of a non-2xx response: what was asked, and what came back.
public struct HTTPErrorResponse: Sendable, CustomStringConvertible {
    /// The request, as `METHOD url` with secrets redacted.
    public var request: String
    /// The status code.
    public var status: Int
    /// The response's header fields.
    public var headers: HTTPHeaders
    /// The raw body.
    public var body: Data
    /// The message the server gave: the first of the message keys whose value is a string, or
    /// a short plain-text body.
    public var message: String?

    /// Creates an error response; unless `message` is given, it is found in the body under the
    /// first of `messageKeys` that holds text.
    public init(
        request: String, status: Int, headers: HTTPHeaders = [:], body: Data = Data(), message: String? = nil,
        messageKeys: [String] = HTTPErrorResponse.defaultMessageKeys
    ) {
        self.request = request
        self.status = status
        self.headers = headers
        self.body = body
        self.message = message ?? HTTPErrorResponse.message(in: body, keys: messageKeys)
    }

    /// Decodes the body as the API's error model.
    public func decodeBody<T: Decodable>(as type: T.Type, using decoder: JSONDecoder = JSONCoding.decoder(for: .iso8601)) throws -> T {
        try decoder.decode(T.self, from: body)
    }

    /// The request, the status, and the message from the body.
    public var description: String {
        "\(request) → \(status)" + (message.map { ": \($0)" } ?? "")
    }

    /// The keys, in order, whose string value is the message of an error body, unless the
    /// schema's error model marks its own with `@message`.
    public static let defaultMessageKeys = ["message", "error_description", "msg", "error", "detail", "details"]

    /// Finds the message in a JSON error body, or uses a short text body as it is.
    static func message(in body: Data, keys: [String]) -> String? {
        guard !body.isEmpty else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in keys {
                if let text = object[key] as? String, !text.isEmpty { return text }
            }
            return nil
        }
        if body.count <= 500, let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty, !text.hasPrefix("<")
        {
            return text
        }
        return nil
    }
}
