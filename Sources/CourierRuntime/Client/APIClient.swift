import Foundation

/// The real client: builds each request (base URL, headers, bearer token, API key), sends it
/// through the transport, retries what is safe to retry, refreshes the token once on a 401,
/// and maps failures to `APIError`.
public final class APIClient: APIClientProtocol {
    /// The URL every path is relative to.
    public let baseURL: URL
    /// Headers sent on every request.
    public let headers: HTTPHeaders
    /// The default timeout in seconds.
    public let timeout: TimeInterval
    /// Where the bearer token comes from.
    public let credentials: Credentials
    /// The rarely changed settings.
    public let configuration: Configuration
    let transport: any HTTPTransport
    let notifier: UnauthorizedNotifier
    let chain: InterceptorChain

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL every path is relative to.
    ///   - credentials: Where the bearer token comes from.
    ///   - headers: Headers sent with every request.
    ///   - timeout: Seconds a request may go without progress, fractions allowed; 60 by default.
    ///   - maxRetries: When given, replaces `configuration.retryPolicy.maxRetries` (3 by default).
    ///     The most specific setting wins: `RequestOptions.maxRetries`, then the endpoint's
    ///     `@retries`, then this client's limit.
    ///   - transport: How requests travel; a `URLSessionTransport` by default.
    ///   - configuration: The settings that rarely change.
    public init(
        baseURL: URL, credentials: Credentials, headers: [String: String]? = nil, timeout: TimeInterval? = nil, maxRetries: Int? = nil,
        transport: (any HTTPTransport)? = nil, configuration: Configuration = Configuration()
    ) {
        var configuration = configuration
        if let maxRetries { configuration.retryPolicy.maxRetries = max(0, maxRetries) }
        self.baseURL = baseURL
        self.credentials = credentials
        self.headers = HTTPHeaders(headers ?? [:])
        self.timeout = timeout ?? 60
        self.configuration = configuration
        self.transport = transport ?? URLSessionTransport()
        self.notifier = UnauthorizedNotifier(hook: configuration.onUnauthorized)
        self.chain = InterceptorChain(
            interceptors: configuration.interceptors + (configuration.logger.map { [LoggingInterceptor(log: $0)] } ?? []), clock: configuration.clock)
    }

    /// A client that sends a fixed token as `Authorization: Bearer <token>`.
    public convenience init(
        baseURL: URL, token: String, headers: [String: String]? = nil, timeout: TimeInterval? = nil, maxRetries: Int? = nil,
        transport: (any HTTPTransport)? = nil, configuration: Configuration = Configuration()
    ) {
        self.init(
            baseURL: baseURL, credentials: .token(token), headers: headers, timeout: timeout, maxRetries: maxRetries,
            transport: transport, configuration: configuration)
    }

    /// A client that asks a closure for the token whenever it needs one, and again after a 401.
    public convenience init(
        baseURL: URL, token: @escaping @Sendable () async throws -> String?, headers: [String: String]? = nil,
        timeout: TimeInterval? = nil, maxRetries: Int? = nil, transport: (any HTTPTransport)? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.init(
            baseURL: baseURL, credentials: .provider(token), headers: headers, timeout: timeout, maxRetries: maxRetries,
            transport: transport, configuration: configuration)
    }

    /// A client whose tokens come from a Supabase Auth session.
    public convenience init(
        baseURL: URL, session: AuthSession, headers: [String: String]? = nil, timeout: TimeInterval? = nil, maxRetries: Int? = nil,
        transport: (any HTTPTransport)? = nil, configuration: Configuration = Configuration()
    ) {
        self.init(
            baseURL: baseURL, credentials: .session(session), headers: headers, timeout: timeout, maxRetries: maxRetries,
            transport: transport, configuration: configuration)
    }

    /// The configured clock, also used for polling and reconnect waits.
    public var clock: any APIClock { configuration.clock }

    // MARK: - Sending

    /// Sends `request` with auth, retries and timeouts, and returns the whole response.
    public func response(for request: APIRequest, options: RequestOptions?) async throws -> HTTPResponse {
        let transport = self.transport
        let response = try await withDeadline(for: request, options: options) { [self] in
            try await execute(request, options: options) { httpRequest in
                let response = try await transport.send(httpRequest)
                return response.isSuccess ? .success(response, status: response.status, headers: response.headers) : .failure(response)
            }
        }
        try ResponseMediaTypeCheck.check(response, for: request)
        return response
    }

    /// Sends `request` with auth and timeouts, and returns the response head with its body as a byte stream.
    public func streamingResponse(for request: APIRequest, options: RequestOptions?) async throws -> HTTPStreamingResponse {
        let transport = self.transport
        return try await withDeadline(for: request, options: options) { [self] in
            try await execute(request, options: options) { httpRequest in
                let response = try await transport.stream(httpRequest)
                // Error bodies are short; read them whole for the error's message.
                guard (200..<300).contains(response.status) else { return .failure(try await response.collect()) }
                return .success(response, status: response.status, headers: response.headers)
            }
        }
    }

    /// Maps cancellation, however it surfaced, to `APIError.cancelled`.
    static func mapCancellation(_ error: any Error) -> any Error {
        if error is CancellationError { return APIError.cancelled }
        if let transportError = error as? TransportError, transportError == .cancelled { return APIError.cancelled }
        return error
    }
}
