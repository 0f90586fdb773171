import Foundation

extension APIClient {
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
        /// Which redirects the client follows, each hop an attempt its interceptors see.
        public var redirectPolicy: RedirectPolicy

        /// Creates a configuration.
        public init(
            apiKey: APIKey? = nil, onUnauthorized: (@Sendable () async -> Void)? = nil,
            retryPolicy: RetryPolicy = RetryPolicy(), clock: any APIClock = SystemClock(), allowsInsecureHTTP: Bool = false,
            logger: (@Sendable (String) -> Void)? = nil, errorMessageKeys: [String] = HTTPErrorResponse.defaultMessageKeys,
            basicCredentials: BasicCredentials? = nil, idempotencyKeyHeader: String? = nil, deadline: TimeInterval? = nil,
            interceptors: [any RequestInterceptor] = [], redirectPolicy: RedirectPolicy = .followStrippingCredentialsAcrossOrigins
        ) {
            self.redirectPolicy = redirectPolicy
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
                "apiKey": apiKey as Any, "basicCredentials": basicCredentials as Any, "retryPolicy": retryPolicy, "redirectPolicy": redirectPolicy, "clock": clock,
                "allowsInsecureHTTP": allowsInsecureHTTP,
                "hasOnUnauthorized": onUnauthorized != nil, "hasLogger": logger != nil,
            ])
        }
    }
}
