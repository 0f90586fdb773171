// The client side of OpenAPIRuntime that generated code calls: the universal client, its
// configuration, and the transport and middleware protocols.
public import Foundation
public import HTTPTypes

/// A request body or response body.
public final class HTTPBody: @unchecked Sendable, Hashable {
    /// The bytes, when the body is buffered.
    public let bytes: Data
    /// Creates a body from bytes.
    public init(_ bytes: Data = Data()) { self.bytes = bytes }
    public static func == (lhs: HTTPBody, rhs: HTTPBody) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Options of the converter.
public struct Configuration: Sendable {
    /// Creates the default configuration.
    public init() {}
}

/// Sends a request and returns the response.
public protocol ClientTransport: Sendable {
    /// Sends one request.
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
}

/// Code that sees every request on its way to the transport.
public protocol ClientMiddleware: Sendable {
    /// Intercepts one request.
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?)
}

/// Converts between generated values and HTTP messages.
@_spi(Generated) public struct Converter: Sendable {
    /// The configuration.
    public let configuration: Configuration
    /// Creates a converter.
    public init(configuration: Configuration) { self.configuration = configuration }
}

/// Runs one operation: serialise, send through the middlewares, deserialise.
@_spi(Generated) public struct UniversalClient: Sendable {
    /// The server's base URL.
    public let serverURL: URL
    /// The converter the generated code uses.
    public let converter: Converter
    /// The transport.
    public let transport: any ClientTransport
    /// The middlewares, in order.
    public let middlewares: [any ClientMiddleware]

    /// Creates a client.
    public init(
        serverURL: URL,
        configuration: Configuration = .init(),
        transport: any ClientTransport,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.serverURL = serverURL
        self.converter = Converter(configuration: configuration)
        self.transport = transport
        self.middlewares = middlewares
    }

    /// Sends one operation.
    public func send<OperationInput, OperationOutput>(
        input: OperationInput,
        forOperation operationID: String,
        serializer: @Sendable (OperationInput) throws -> (HTTPRequest, HTTPBody?),
        deserializer: @Sendable (HTTPResponse, HTTPBody?) async throws -> OperationOutput
    ) async throws -> OperationOutput where OperationInput: Sendable, OperationOutput: Sendable {
        let (request, body) = try serializer(input)
        let (response, responseBody) = try await transport.send(
            request, body: body, baseURL: serverURL, operationID: operationID)
        return try await deserializer(response, responseBody)
    }
}
