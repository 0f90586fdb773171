import Foundation

/// A whole HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// A response whose body arrives in chunks as the server sends them.
public struct HTTPStreamingResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body's chunks. Stopping the iteration closes the connection.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a streaming response.
    public init(status: Int, headers: HTTPHeaders, body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Reads the whole body.
    public func collect() async throws -> HTTPResponse {
        var data = Data()
        for try await chunk in body { data.append(chunk) }
        return HTTPResponse(status: status, headers: headers, body: data)
    }
}
