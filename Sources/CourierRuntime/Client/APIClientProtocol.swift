import Foundation

/// What every generated group protocol refines: the clock that its `…Updates` sequences wait on
/// between polls. `APIClient`, `MockAPIClient` and the generated test doubles conform.
public protocol EndpointGroup: Sendable {
    /// The time source for waits between polls and reconnects.
    var clock: any APIClock { get }
}

extension EndpointGroup {
    /// Real time, unless a conforming type says otherwise.
    public var clock: any APIClock { SystemClock() }
}

/// The seam between features and the network. `APIClient` is the real one and
/// `MockAPIClient` the test double at the HTTP level; the generated group protocols' endpoints
/// are implemented for every conforming type.
public protocol APIClientProtocol: EndpointGroup {
    /// Sends a request with authentication, retries and error mapping; returns a 2xx response
    /// or throws `APIError`.
    func response(for request: APIRequest, options: RequestOptions?) async throws -> HTTPResponse

    /// Like `response(for:options:)`, but returns once the head of a 2xx response has arrived;
    /// the body follows as the server sends it. Stopping the iteration closes the connection.
    func streamingResponse(for request: APIRequest, options: RequestOptions?) async throws -> HTTPStreamingResponse
}

extension APIClientProtocol {

    /// Sends a request and decodes its JSON response.
    public func send<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self, options: RequestOptions? = nil) async throws -> T {
        let response = try await response(for: request, options: options)
        return try ResponseDecoding.decode(T.self, from: response.body, dateStyle: request.dateStyle)
    }

    /// Sends a request whose response has no content.
    public func send(_ request: APIRequest, options: RequestOptions? = nil) async throws {
        _ = try await response(for: request, options: options)
    }

    /// Sends a request and returns the raw body. It asks for any media type (`Accept: */*`).
    public func sendForBytes(_ request: APIRequest, options: RequestOptions? = nil) async throws -> Data {
        var request = request
        request.accept = "*/*"
        return try await response(for: request, options: options).body
    }

    /// Sends a request and returns its body as text, read in the charset its `Content-Type`
    /// names (UTF-8 by default). It asks for text (`Accept: text/*, */*;q=0.1`).
    public func sendForText(_ request: APIRequest, options: RequestOptions? = nil) async throws -> String {
        var request = request
        request.accept = TextDecoding.accept
        return try TextDecoding.text(of: try await response(for: request, options: options), for: request)
    }

    /// The API reference's call: a method, a path and an optional JSON body.
    public func request<T: Decodable>(method: HTTPMethod, path: String, body: (any Encodable & Sendable)? = nil) async throws -> T {
        try await send(APIRequest(method: method, path: path, body: body.map(RequestBody.json) ?? .none))
    }

    /// The API reference's streaming call: the body's chunks as they arrive.
    public func requestStream(method: HTTPMethod, path: String, body: (any Encodable & Sendable)? = nil) -> AsyncThrowingStream<Data, any Error> {
        let request = APIRequest(method: method, path: path, body: body.map(RequestBody.json) ?? .none, accept: "text/event-stream")
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await streamingResponse(for: request, options: nil)
                    for try await chunk in response.body { continuation.yield(chunk) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: APIClient.mapCancellation(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `GET path`, decoded.
    public func get<T: Decodable>(path: String) async throws -> T {
        try await send(APIRequest(method: .get, path: path))
    }

    /// `POST path` with a JSON body, decoded.
    public func post<T: Decodable, B: Encodable & Sendable>(path: String, body: B) async throws -> T {
        try await send(APIRequest(method: .post, path: path, body: .json(body)))
    }

    /// `POST path` without a body, decoded.
    public func post<T: Decodable>(path: String) async throws -> T {
        try await send(APIRequest(method: .post, path: path))
    }

    /// `PUT path` with a JSON body, decoded.
    public func put<T: Decodable, B: Encodable & Sendable>(path: String, body: B) async throws -> T {
        try await send(APIRequest(method: .put, path: path, body: .json(body)))
    }

    /// `DELETE path`, decoded.
    public func delete<T: Decodable>(path: String) async throws -> T {
        try await send(APIRequest(method: .delete, path: path))
    }

    /// Uploads one file as `multipart/form-data` in a part named `file`.
    public func upload<T: Decodable>(
        path: String, imageData: Data, filename: String, mimeType: String = "image/jpeg", options: RequestOptions? = nil
    ) async throws -> T {
        var form = MultipartFormData()
        form.append("file", file: MultipartFile(data: imageData, filename: filename, mimeType: mimeType))
        return try await send(APIRequest(method: .post, path: path, body: .multipart(form)), options: options)
    }
}

/// Decodes response bodies, turning failures into `APIError.decodingError`.
public enum ResponseDecoding {
    /// Decodes JSON; an empty body decodes as `null`, which suits optionals and `EmptyResponse`.
    public static func decode<T: Decodable>(_ type: T.Type, from body: Data, dateStyle: DateCodingStyle) throws -> T {
        let isBlank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        do {
            if T.self == EmptyResponse.self, let empty = EmptyResponse() as? T { return empty }
            return try JSONCoding.decoder(for: dateStyle).decode(T.self, from: isBlank ? Data("null".utf8) : body)
        } catch {
            throw APIError.decodingError(error)
        }
    }
}
