import Foundation

/// The real client: builds each request (base URL, headers, bearer token, API key), sends it
/// through the transport, retries what is safe to retry, refreshes the token once on a 401,
/// and maps failures to `APIError`.
public final class APIClient: APIClientProtocol {
    /// Settings that rarely change.
    public struct Configuration: Sendable, CustomStringConvertible, CustomReflectable {
        /// The API key sent on every request, and its header.
        public var apiKey: APIKey?
        /// Called once when the credentials are rejected and cannot be refreshed: sign out.
        public var onUnauthorized: (@Sendable () async -> Void)?
        /// Retries and backoff.
        public var retryPolicy: RetryPolicy
        /// Time, for waits between retries.
        public var clock: any APIClock
        /// Allows `http://` to hosts other than loopback.
        public var allowsInsecureHTTP: Bool
        /// Receives one line per attempt as it goes out (`→ GET https://…`) and as it ends
        /// (`← 200 GET https://…`, or `✕ GET https://…: the connection was lost`), redirect hops
        /// included, with secrets redacted. It runs as the last interceptor (`LoggingInterceptor`).
        public var logger: (@Sendable (String) -> Void)?
        /// Code that sees and may change every attempt, in order; see `RequestInterceptor`.
        public var interceptors: [any RequestInterceptor]
        /// The keys of an error body, in order, whose text is the error's message. A generated
        /// factory sets the fields its schema's error model marks `@message`.
        public var errorMessageKeys: [String]
        /// The user name and password sent to endpoints that use HTTP basic authentication.
        public var basicCredentials: BasicCredentials?
        /// The response headers in which the server names a failed request, looked for in order;
        /// the first found is `APIError.requestID` and appears in the error's description.
        public var requestIDHeaders: [String] = HTTPErrorResponse.defaultRequestIDHeaders
        /// The header in which each call that is not idempotent sends a key of its own (a
        /// lowercase UUID, or `RequestOptions.idempotencyKey`), the same on every retry: the
        /// server does the work once per key (Stripe's `Idempotency-Key`), so such a call is
        /// retried as an idempotent one is. nil sends none. A generated factory sets the
        /// schema's `idempotency header`.
        public var idempotencyKeyHeader: String?
        /// The most seconds a call may take in all, retries and their waits included, unless the
        /// endpoint (`@deadline`) or the call (`RequestOptions.deadline`) says otherwise; nil for
        /// none. Past it the call fails with `APIError.timedOut`. The timeout is another limit:
        /// it ends an attempt that makes no progress, and a server that sends a byte now and then
        /// never reaches it. For a stream, the deadline holds until the response head arrives.
        public var deadline: TimeInterval?

        /// Creates a configuration.
        public init(
            apiKey: APIKey? = nil, onUnauthorized: (@Sendable () async -> Void)? = nil,
            retryPolicy: RetryPolicy = RetryPolicy(), clock: any APIClock = SystemClock(), allowsInsecureHTTP: Bool = false,
            logger: (@Sendable (String) -> Void)? = nil, errorMessageKeys: [String] = HTTPErrorResponse.defaultMessageKeys,
            basicCredentials: BasicCredentials? = nil, idempotencyKeyHeader: String? = nil, deadline: TimeInterval? = nil,
            interceptors: [any RequestInterceptor] = []
        ) {
            self.interceptors = interceptors
            self.deadline = deadline
            self.idempotencyKeyHeader = idempotencyKeyHeader
            self.apiKey = apiKey
            self.onUnauthorized = onUnauthorized
            self.retryPolicy = retryPolicy
            self.clock = clock
            self.allowsInsecureHTTP = allowsInsecureHTTP
            self.logger = logger
            self.errorMessageKeys = errorMessageKeys
            self.basicCredentials = basicCredentials
        }

        /// The settings, with the API key's value redacted.
        public var description: String {
            "Configuration(apiKey: \(apiKey.map(String.init(describing:)) ?? "none"), retryPolicy: \(retryPolicy), "
                + "allowsInsecureHTTP: \(allowsInsecureHTTP))"
        }

        /// What `dump` shows: the key redacted, the hooks by presence.
        public var customMirror: Mirror {
            Redaction.mirror(of: self, [
                "apiKey": apiKey as Any, "basicCredentials": basicCredentials as Any, "retryPolicy": retryPolicy, "clock": clock,
                "allowsInsecureHTTP": allowsInsecureHTTP,
                "hasOnUnauthorized": onUnauthorized != nil, "hasLogger": logger != nil,
            ])
        }
    }

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
    private let transport: any HTTPTransport
    private let notifier: UnauthorizedNotifier
    private let chain: InterceptorChain

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
        return try await withDeadline(for: request, options: options) { [self] in
            try await execute(request, options: options) { httpRequest in
                let response = try await transport.send(httpRequest)
                return response.isSuccess ? .success(response, status: response.status, headers: response.headers) : .failure(response)
            }
        }
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

    /// Runs `call` within the call's deadline, if it has one: when the clock reaches it first,
    /// the call is cancelled and fails with `timedOut`.
    private func withDeadline<Success: Sendable>(
        for request: APIRequest, options: RequestOptions?, _ call: @escaping @Sendable () async throws -> Success
    ) async throws -> Success {
        guard let seconds = options?.deadline ?? request.deadline ?? configuration.deadline else { return try await call() }
        let clock = configuration.clock
        do {
            return try await withThrowingTaskGroup(of: Success?.self) { group in
                group.addTask { try await call() }
                group.addTask {
                    try await clock.sleep(for: max(0, seconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let success = first else {
                    configuration.logger?("✕ \(request.method.rawValue) \(request.path): the call's deadline of \(seconds) s passed")
                    throw APIError.timedOut
                }
                return success
            }
        } catch is CancellationError {
            throw APIError.cancelled
        }
    }

    /// What one attempt produced: the caller's kind of success, or a non-2xx response.
    private enum AttemptResult<Success> {
        case success(Success, status: Int, headers: HTTPHeaders)
        case failure(HTTPResponse)
    }

    /// The retry and refresh loop around one logical request.
    private func execute<Success>(
        _ request: APIRequest, options: RequestOptions?, send: (HTTPRequest) async throws -> AttemptResult<Success>
    ) async throws -> Success {
        let maxRetries = max(0, options?.maxRetries ?? request.maxRetries ?? configuration.retryPolicy.maxRetries)
        // One key for the whole call, so the server can tell its retries from new calls; with it,
        // the call is as safe to repeat as an idempotent one.
        var request = request
        if let header = configuration.idempotencyKeyHeader, !request.isIdempotent {
            let given = request.headers[header] != nil || options?.additionalHeaders.keys.contains { $0.lowercased() == header.lowercased() } == true
            if !given { request.headers[header] = options?.idempotencyKey ?? UUID().uuidString.lowercased() }
            request.isIdempotent = true
        }
        var retries = 0
        // After a 401, the credentials' answer: the token the replay goes out with. Every other
        // attempt asks the credentials afresh, so a retry never sends a token they replaced.
        var replayToken: String?
        var authReplays = 0
        var attemptNumber = 0
        var reason = AttemptReason.first
        let started = configuration.clock.now()
        while true {
            if Task.isCancelled { throw APIError.cancelled }
            var token: String?
            var authorization: String?
            switch request.auth {
            case .none:
                break
            case .bearer:
                if let replay = replayToken { token = replay } else { token = try await currentToken() }
                replayToken = nil
                authorization = token.map { "Bearer \($0)" }
            case .basic:
                guard let basic = configuration.basicCredentials else {
                    throw APIError.invalidRequest(
                        "\(request.method.rawValue) \(request.path) uses HTTP basic authentication, and the client has no basicCredentials: "
                            + "set them in its configuration")
                }
                authorization = basic.authorization
            }
            let built = try RequestBuilder.build(
                request, baseURL: baseURL, clientHeaders: headers, apiKey: configuration.apiKey, authorization: authorization,
                timeout: timeout, options: options, allowsInsecureHTTP: configuration.allowsInsecureHTTP)
            attemptNumber += 1
            let attempt = Attempt(
                endpoint: request.endpointName, number: attemptNumber, reason: reason, elapsed: max(0, configuration.clock.now().timeIntervalSince(started)))
            let (httpRequest, record) = try await prepare(built, for: attempt)

            let response: HTTPResponse
            do {
                switch try await send(httpRequest) {
                case .success(let success, let status, let headers):
                    await chain.finish(record, status: status, headers: headers)
                    return success
                case .failure(let failure):
                    await chain.finish(record, status: failure.status, headers: failure.headers)
                    response = failure
                }
            } catch {
                await chain.finish(record, error: error)
                let transportError = TransportError(error)
                if transportError == .cancelled || Task.isCancelled || error is CancellationError { throw APIError.cancelled }
                let mayRetry = transportError.isRetryable && (!transportError.requestMayHaveReachedServer || request.isIdempotent)
                if mayRetry, retries < maxRetries {
                    try await wait(configuration.retryPolicy.backoff(forRetry: retries))
                    retries += 1
                    reason = .retryAfterFailure(transportError.description)
                    continue
                }
                throw transportError == .timedOut ? APIError.timedOut : APIError.networkError(transportError)
            }

            let errorResponse = HTTPErrorResponse(
                request: record.current.request.description, status: response.status, headers: response.headers, body: response.body,
                messageKeys: configuration.errorMessageKeys, requestIDHeaders: configuration.requestIDHeaders)
            if response.status == 401, request.auth == .basic {
                // A wrong password: nothing to refresh, and no session to end.
                throw APIError.notAuthenticated(errorResponse)
            }
            if response.status == 401, request.auth == .bearer {
                // Only credentials that cannot give another token end the session. A token that a
                // refresh replaced is never a reason: the call replays with the newer one.
                guard authReplays < Self.maxAuthReplays else { throw APIError.notAuthenticated(errorResponse) }
                switch await credentials.refresh(after: token) {
                case .refreshed(let fresh):
                    authReplays += 1
                    replayToken = fresh
                    reason = .replayAfterRefresh
                    continue
                case .failed(let error):
                    throw APIError.refreshFailure(error)
                case .rejected:
                    await notifier.notify(rejectedToken: token)
                    throw APIError.notAuthenticated(errorResponse)
                }
            }
            if response.status == 429 {
                let retryAfter = RetryPolicy.retryAfter(response.headers["Retry-After"], now: configuration.clock.now())
                let delay = retryAfter ?? configuration.retryPolicy.backoff(forRetry: retries)
                if retries < maxRetries, delay <= configuration.retryPolicy.maxRetryAfter {
                    try await wait(delay)
                    retries += 1
                    reason = .retryAfterRateLimit(retryAfter: retryAfter)
                    continue
                }
                throw APIError.rateLimited(retryAfter: delay, errorResponse)
            }
            if RetryPolicy.isRetryable(status: response.status), request.isIdempotent, retries < maxRetries {
                try await wait(configuration.retryPolicy.backoff(forRetry: retries))
                retries += 1
                reason = .retryAfterStatus(response.status)
                continue
            }
            throw APIError.from(errorResponse)
        }
    }

    /// The request after the interceptors, and the record of its attempt; an interceptor's
    /// error other than an `APIError` ends the call as `invalidRequest`.
    private func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> (HTTPRequest, AttemptRecord) {
        do {
            return try await chain.prepare(request, for: attempt)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.invalidRequest("an interceptor refused \(request) (\(attempt)): \(error)")
        }
    }

    /// How often one call replays after a 401 with a token the credentials gave it. Past that,
    /// the server refuses tokens the credentials still stand by: the call fails as
    /// `notAuthenticated`, and the session is kept.
    static let maxAuthReplays = 2

    /// The token for an authenticated request. Signed out, or rejected while refreshing ahead
    /// of expiry, the request fails without being sent, and the app hears of a rejection once.
    private func currentToken() async throws -> String {
        do {
            guard let token = try await credentials.currentToken() else { throw APIError.notAuthenticated() }
            return token
        } catch let rejection as CredentialsRejected {
            await notifier.notify(rejectedToken: rejection.token)
            throw APIError.notAuthenticated()
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.networkError(error)
        }
    }

    private func wait(_ seconds: TimeInterval) async throws {
        do {
            try await configuration.clock.sleep(for: seconds)
        } catch {
            throw APIError.cancelled
        }
    }

    /// Maps cancellation, however it surfaced, to `APIError.cancelled`.
    static func mapCancellation(_ error: any Error) -> any Error {
        if error is CancellationError { return APIError.cancelled }
        if let transportError = error as? TransportError, transportError == .cancelled { return APIError.cancelled }
        return error
    }
}
