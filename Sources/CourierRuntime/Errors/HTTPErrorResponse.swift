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
    /// The id the server gave the request (`X-Request-Id` and the like): what its operators
    /// need to find the request in their logs.
    public var requestID: String?

    /// Creates an error response; unless `message` is given, it is found in the body under the
    /// first of `messageKeys` that holds text. The request id is the first of `requestIDHeaders`
    /// that the response has.
    public init(
        request: String, status: Int, headers: HTTPHeaders = [:], body: Data = Data(), message: String? = nil,
        messageKeys: [String] = HTTPErrorResponse.defaultMessageKeys, requestIDHeaders: [String] = HTTPErrorResponse.defaultRequestIDHeaders
    ) {
        self.request = request
        self.status = status
        self.headers = headers
        self.body = body
        self.message = message ?? HTTPErrorResponse.message(in: body, keys: messageKeys)
        self.requestID = HTTPErrorResponse.requestID(in: headers, names: requestIDHeaders)
    }

    /// The headers in which servers commonly name a request, in the order they are looked for:
    /// `X-Request-Id` (Heroku, Stripe, OpenAI, Rails, nginx), `Request-Id`, Amazon's two,
    /// `X-Correlation-Id`, and Cloudflare's `CF-Ray`.
    public static let defaultRequestIDHeaders = ["X-Request-Id", "Request-Id", "X-Amzn-RequestId", "X-Amz-Request-Id", "X-Correlation-Id", "CF-Ray"]

    /// The first of the named headers that holds a printable id of a sensible length.
    static func requestID(in headers: HTTPHeaders, names: [String]) -> String? {
        for name in names {
            guard let value = headers[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value.count <= 200,
                value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
            else { continue }
            return value
        }
        return nil
    }

    /// Decodes the body as the API's error model.
    public func decodeBody<T: Decodable>(as type: T.Type, using decoder: JSONDecoder = JSONCoding.decoder(for: .iso8601)) throws -> T {
        try decoder.decode(T.self, from: body)
    }

    /// The request, the status, the request id, and the message from the body.
    public var description: String {
        "\(request) → \(status)" + (requestID.map { ", request id \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
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
