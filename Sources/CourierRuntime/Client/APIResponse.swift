import Foundation

/// A response's value with its status and headers, for endpoints that return
/// `Response<…>`: rate-limit headers, an `ETag`, a `Location`, pagination links.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded body.
    public var value: Value
    /// The HTTP status, always 2xx.
    public var status: Int
    /// The response's headers; look one up by name in any case: `headers["ETag"]`.
    public var headers: HTTPHeaders

    /// Creates a response.
    public init(value: Value, status: Int, headers: HTTPHeaders) {
        self.value = value
        self.status = status
        self.headers = headers
    }
}

extension APIClientProtocol {
    /// Sends a request and returns its JSON value with the status and headers.
    public func sendForResponse<T: Decodable & Sendable>(
        _ request: APIRequest, as type: T.Type = T.self, options: RequestOptions? = nil
    ) async throws -> APIResponse<T> {
        let response = try await response(for: request, options: options)
        let value = try ResponseDecoding.decode(T.self, from: response.body, dateStyle: request.dateStyle)
        return APIResponse(value: value, status: response.status, headers: response.headers)
    }

    /// Sends a request whose response has no content, and returns its status and headers.
    public func sendForResponse(_ request: APIRequest, options: RequestOptions? = nil) async throws -> APIResponse<Void> {
        let response = try await response(for: request, options: options)
        return APIResponse(value: (), status: response.status, headers: response.headers)
    }

    /// Sends a request and returns its raw body with the status and headers.
    public func sendForBytesResponse(_ request: APIRequest, options: RequestOptions? = nil) async throws -> APIResponse<Data> {
        var request = request
        request.accept = "*/*"
        let response = try await response(for: request, options: options)
        return APIResponse(value: response.body, status: response.status, headers: response.headers)
    }

    /// Sends a request and returns its body as text (as `sendForText(_:options:)` reads it)
    /// with the status and headers.
    public func sendForTextResponse(_ request: APIRequest, options: RequestOptions? = nil) async throws -> APIResponse<String> {
        var request = request
        request.accept = TextDecoding.accept
        let response = try await response(for: request, options: options)
        return APIResponse(value: try TextDecoding.text(of: response, for: request), status: response.status, headers: response.headers)
    }
}
