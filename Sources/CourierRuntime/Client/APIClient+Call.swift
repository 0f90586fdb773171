import Foundation

/// One call, composed of its steps: the deadline, the idempotency key, and for each attempt
/// the token, the request, the interceptors and the transport; then the redirect policy, the
/// retry rule, the token replay after a 401, and the mapping of what failed to `APIError`.
extension APIClient {
    /// Runs `call` within the call's deadline, if it has one: when the clock reaches it first,
    /// the call is cancelled and fails with `timedOut`.
    func withDeadline<Success: Sendable>(
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
    enum AttemptResult<Success> {
        case success(Success, status: Int, headers: HTTPHeaders)
        case failure(HTTPResponse)
    }

    /// The loop around one logical request: each attempt, then what the redirect policy, the
    /// retry rule and the token replay make of it.
    func execute<Success>(
        _ request: APIRequest, options: RequestOptions?, send: (HTTPRequest) async throws -> AttemptResult<Success>
    ) async throws -> Success {
        let request = IdempotencyKey.assign(to: request, header: configuration.idempotencyKeyHeader, options: options)
        let rule = RetryRule(
            policy: configuration.retryPolicy, maxRetries: max(0, options?.maxRetries ?? request.maxRetries ?? configuration.retryPolicy.maxRetries),
            isIdempotent: request.isIdempotent)
        var tokenReplay = TokenReplay()
        var retries = 0
        // After a 401, the token the server refused and its answer: the next attempt first gets
        // another token from the credentials, and never goes out with this one.
        var refusal: (token: String, response: HTTPErrorResponse)?
        // After a redirect the policy follows: the next hop, sent as it is, and how many came
        // before it in this attempt.
        var redirect: HTTPRequest?
        var redirects = 0
        var token: String?
        var attemptNumber = 0
        var reason = AttemptReason.first
        let started = configuration.clock.now()
        while true {
            if Task.isCancelled { throw APIError.cancelled }
            let next: HTTPRequest
            if let hop = redirect {
                next = hop
                redirect = nil
                // A token the policy removed on the way to another origin was not sent.
                if !hop.headers.contains("Authorization") { token = nil }
            } else {
                var replayToken: String?
                if let refused = refusal {
                    do {
                        replayToken = try await tokenReplay.after401(
                            sentWith: refused.token, credentials: credentials, notifier: notifier, response: refused.response)
                        refusal = nil
                    } catch APIError.refreshFailed(let failure) {
                        // The server refused the request before acting on it, so even a POST may
                        // be sent again: after a backoff, this step refreshes again first.
                        guard case .retry(let delay, let why) = rule.afterRefreshFailure(failure, retries: retries) else {
                            throw APIError.refreshFailed(failure)
                        }
                        try await wait(delay)
                        retries += 1
                        reason = why
                        continue
                    }
                }
                let authorization: String?
                (authorization, token) = try await self.authorization(for: request, replayToken: replayToken)
                next = try RequestBuilder.build(
                    request, baseURL: baseURL, clientHeaders: headers, apiKey: configuration.apiKey, authorization: authorization,
                    timeout: timeout, options: options, allowsInsecureHTTP: configuration.allowsInsecureHTTP)
                attemptNumber += 1
                redirects = 0
            }
            let attempt = Attempt(
                endpoint: request.endpointName, number: attemptNumber, reason: reason, elapsed: max(0, configuration.clock.now().timeIntervalSince(started)))
            let (httpRequest, record) = try await prepare(next, for: attempt)

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
                guard case .retry(let delay, let why) = rule.afterFailure(transportError, retries: retries) else {
                    throw transportError == .timedOut ? APIError.timedOut : APIError.networkError(transportError)
                }
                try await wait(delay)
                retries += 1
                reason = why
                continue
            }

            if let hop = configuration.redirectPolicy.next(after: response, to: httpRequest) {
                guard redirects < RedirectPolicy.maxRedirects else {
                    throw APIError.networkError(
                        TransportError.invalidResponse("\(httpRequest) redirected more than \(RedirectPolicy.maxRedirects) times in a row"))
                }
                redirects += 1
                redirect = hop
                reason = .redirect(status: response.status)
                continue
            }
            let errorResponse = HTTPErrorResponse(
                request: httpRequest.description, status: response.status, headers: response.headers, body: response.body,
                messageKeys: configuration.errorMessageKeys, requestIDHeaders: configuration.requestIDHeaders)
            if response.status == 401, request.auth == .basic {
                // A wrong password: nothing to refresh, and no session to end.
                throw APIError.notAuthenticated(errorResponse)
            }
            if response.status == 401, request.auth == .bearer, let token {
                refusal = (token, errorResponse)
                reason = .replayAfterRefresh
                continue
            }
            switch rule.afterResponse(status: response.status, headers: response.headers, retries: retries, now: configuration.clock.now()) {
            case .retry(let delay, let why):
                try await wait(delay)
                retries += 1
                reason = why
            case .rateLimited(let retryAfter):
                throw APIError.rateLimited(retryAfter: retryAfter, errorResponse)
            case .stop:
                throw APIError.from(errorResponse)
            }
        }
    }

    /// The `Authorization` of one attempt and the bearer token in it: the replay's token after
    /// a 401, else the credentials' current one.
    private func authorization(for request: APIRequest, replayToken: String?) async throws -> (String?, String?) {
        switch request.auth {
        case .none:
            return (nil, nil)
        case .bearer:
            let token: String
            if let replayToken { token = replayToken } else { token = try await currentToken() }
            return ("Bearer \(token)", token)
        case .basic:
            guard let basic = configuration.basicCredentials else {
                throw APIError.invalidRequest(
                    "\(request.method.rawValue) \(request.path) uses HTTP basic authentication, and the client has no basicCredentials: "
                        + "set them in its configuration")
            }
            return (basic.authorization, nil)
        }
    }

    /// The request after the interceptors, and the record of its attempt; an interceptor's
    /// error other than an `APIError` ends the call as `invalidRequest`.
    private func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> (HTTPRequest, AttemptRecord?) {
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
    static let maxAuthReplays = TokenReplay.maxReplays

    /// The token for an authenticated request. Signed out, or rejected while refreshing ahead
    /// of expiry, the request fails without being sent, and the app hears of a rejection once.
    private func currentToken() async throws -> String {
        guard let token = try await accessToken() else { throw APIError.notAuthenticated() }
        return token
    }

    private func wait(_ seconds: TimeInterval) async throws {
        do {
            try await configuration.clock.sleep(for: seconds)
        } catch {
            throw APIError.cancelled
        }
    }
}
