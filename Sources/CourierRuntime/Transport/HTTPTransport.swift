/// Sends HTTP requests. `URLSessionTransport` is the real one; tests script their own.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the whole response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends a request and returns once the response's head has arrived; the body follows
    /// as a stream of chunks.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse
}

extension HTTPTransport {
    /// Reads the streamed response whole.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await stream(request).collect()
    }
}
