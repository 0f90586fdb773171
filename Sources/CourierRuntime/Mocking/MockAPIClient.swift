import Foundation

/// A client for tests and previews: canned responses or errors per method and path, a record
/// of every request, and no network. Responses go through the same decoding and error mapping
/// as the real client, so a stubbed 404 throws `APIError.notFound`.
public final class MockAPIClient: APIClientProtocol, @unchecked Sendable {
    /// One canned answer.
    public enum Reply: Sendable {
        /// A response: status, headers and body (a 2xx status succeeds, others throw).
        case response(HTTPResponse)
        /// An error to throw.
        case error(APIError)
        /// A streamed 200 response whose body arrives in these chunks.
        case chunks([Data])
        /// A value encoded as JSON when a request asks for it, with the request's date style.
        case json(any Encodable & Sendable, status: Int)
        /// Values sent as server-sent events, each encoded when a request asks for them.
        case events([any Encodable & Sendable])
        /// Values sent as JSON Lines (`application/jsonl`), one line each.
        case lines([any Encodable & Sendable])
    }

    private let lock = NSLock()
    private var replies: [String: [Reply]] = [:]
    private var recorded: [APIRequest] = []

    /// When set, every call throws it (as in the API reference's mock).
    public var errorToThrow: APIError? {
        get { lock.withLock { storedError } }
        set { lock.withLock { storedError = newValue } }
    }
    private var storedError: APIError?

    /// The clock for polling and reconnect waits; tests may pass one that does not wait.
    public let clock: any APIClock
    /// The keys of an error body whose text is the error's message, as the client's
    /// `Configuration.errorMessageKeys`.
    public let errorMessageKeys: [String]

    /// The interceptors each call runs through, as the client's: every call is one attempt, sent
    /// to `https://mock.invalid` with the path and query it would have.
    public let interceptors: [any RequestInterceptor]
    private let chain: InterceptorChain
    private var prepared: [HTTPRequest] = []

    /// Creates a mock with no stubs.
    public init(
        clock: any APIClock = SystemClock(), errorMessageKeys: [String] = HTTPErrorResponse.defaultMessageKeys,
        interceptors: [any RequestInterceptor] = []
    ) {
        self.clock = clock
        self.errorMessageKeys = errorMessageKeys
        self.interceptors = interceptors
        self.chain = InterceptorChain(interceptors: interceptors, clock: clock)
    }

    /// Every request as the interceptors left it, in order; empty without interceptors.
    public var interceptedRequests: [HTTPRequest] { lock.withLock { prepared } }

    /// Runs `answer` as one attempt through the interceptors.
    private func intercepted<Success>(
        _ request: APIRequest, options: RequestOptions?, status: (Success) -> (Int, HTTPHeaders), _ answer: () async throws -> Success
    ) async throws -> Success {
        guard !chain.isEmpty else { return try await answer() }
        let built = try RequestBuilder.build(
            request, baseURL: URL(string: "https://mock.invalid")!, clientHeaders: [:], apiKey: nil, authorization: nil, timeout: 60,
            options: options, allowsInsecureHTTP: false)
        let (httpRequest, record) = try await chain.prepare(built, for: Attempt(endpoint: request.endpointName, number: 1, reason: .first, elapsed: 0))
        lock.withLock { prepared.append(httpRequest) }
        do {
            let success = try await answer()
            let (code, headers) = status(success)
            await chain.finish(record, status: code, headers: headers)
            return success
        } catch let error as APIError {
            // A stubbed HTTP error reads as its response; any other as a failure below HTTP.
            if let status = error.statusCode {
                await chain.finish(record, status: status, headers: error.response?.headers ?? [:])
            } else {
                await chain.finish(record, error: error)
            }
            throw error
        }
    }

    /// Every request received, in order.
    public var requests: [APIRequest] { lock.withLock { recorded } }

    /// Queues a reply for `method` and `path`. Replies for one route are used in order and the
    /// last one repeats. `path` matches the request's path with or without its fixed query.
    public func stub(_ method: HTTPMethod, _ path: String, _ reply: Reply) {
        lock.withLock { replies[Self.key(method, path), default: []].append(reply) }
    }

    /// Queues a JSON value as a 200 response (or another status); dates are written the way
    /// the request's API writes them.
    public func stub(_ method: HTTPMethod, _ path: String, status: Int = 200, json value: some Encodable & Sendable) {
        stub(method, path, .json(value, status: status))
    }

    /// Queues an error.
    public func stub(_ method: HTTPMethod, _ path: String, error: APIError) {
        stub(method, path, .error(error))
    }

    /// Queues server-sent events, each value encoded as one event's JSON data.
    public func stubEvents(_ method: HTTPMethod, _ path: String, _ values: [some Encodable & Sendable]) {
        stub(method, path, .events(values))
    }

    /// Queues a JSON Lines response, each value encoded as one line.
    public func stubLines(_ method: HTTPMethod, _ path: String, _ values: [some Encodable & Sendable]) {
        stub(method, path, .lines(values))
    }

    /// Queues a text response, `text/plain; charset=utf-8` unless `contentType` says otherwise.
    public func stub(
        _ method: HTTPMethod, _ path: String, status: Int = 200, text: String, contentType: String = "text/plain; charset=utf-8"
    ) {
        stub(method, path, .response(HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))))
    }

    /// Records `request` and answers it from the stubs; a request without a stub fails as `invalidRequest`, naming the stub to add.
    public func response(for request: APIRequest, options: RequestOptions?) async throws -> HTTPResponse {
        try await intercepted(request, options: options, status: { ($0.status, $0.headers) }) { try answer(request) }
    }

    private func answer(_ request: APIRequest) throws -> HTTPResponse {
        switch try encoded(reply(for: request), for: request) {
        case .response(let response):
            guard response.isSuccess else { throw error(for: response, request: request) }
            try ResponseMediaTypeCheck.check(response, for: request)
            return response
        case .error(let error):
            throw error
        case .chunks(let chunks, let contentType):
            return HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: chunks.reduce(Data(), +))
        }
    }

    /// Records `request` and answers it from the stubs as a byte stream.
    public func streamingResponse(for request: APIRequest, options: RequestOptions?) async throws -> HTTPStreamingResponse {
        try await intercepted(request, options: options, status: { ($0.status, $0.headers) }) { try streamingAnswer(request) }
    }

    private func streamingAnswer(_ request: APIRequest) throws -> HTTPStreamingResponse {
        switch try encoded(reply(for: request), for: request) {
        case .response(let response):
            guard response.isSuccess else { throw error(for: response, request: request) }
            return HTTPStreamingResponse(status: response.status, headers: response.headers, body: Self.stream([response.body]))
        case .error(let error):
            throw error
        case .chunks(let chunks, let contentType):
            return HTTPStreamingResponse(status: 200, headers: ["Content-Type": contentType], body: Self.stream(chunks))
        }
    }

    /// A reply in bytes, ready to be returned.
    private enum EncodedReply {
        case response(HTTPResponse)
        case error(APIError)
        case chunks([Data], contentType: String)
    }

    /// Turns value replies into bytes, encoded as the request's API encodes dates.
    private func encoded(_ reply: Reply, for request: APIRequest) throws -> EncodedReply {
        let encoder = JSONCoding.encoder(for: request.dateStyle)
        do {
            switch reply {
            case .json(let value, let status):
                return .response(HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: try encoder.encode(value)))
            case .events(let values):
                return .chunks(try values.map { Data("data: ".utf8) + (try encoder.encode($0)) + Data("\n\n".utf8) }, contentType: "text/event-stream")
            case .lines(let values):
                return .chunks(try values.map { (try encoder.encode($0)) + Data("\n".utf8) }, contentType: "application/jsonl")
            case .response(let response): return .response(response)
            case .error(let error): return .error(error)
            case .chunks(let chunks): return .chunks(chunks, contentType: "text/event-stream")
            }
        } catch {
            throw APIError.invalidRequest("MockAPIClient could not encode the stub for \(request.method.rawValue) \(request.path): \(error)")
        }
    }

    private func reply(for request: APIRequest) throws -> Reply {
        try lock.withLock {
            recorded.append(request)
            if let storedError { throw storedError }
            let pathOnly = String(request.path.prefix { $0 != "?" })
            for key in [Self.key(request.method, request.path), Self.key(request.method, pathOnly)] {
                guard var queue = replies[key], let first = queue.first else { continue }
                if queue.count > 1 {
                    queue.removeFirst()
                    replies[key] = queue
                }
                return first
            }
            throw APIError.invalidRequest(
                "MockAPIClient has no reply for \(request.method.rawValue) \(request.path); stub it with mock.stub(.\(request.method.rawValue.lowercased()), \"\(pathOnly)\", …)")
        }
    }

    private func error(for response: HTTPResponse, request: APIRequest) -> APIError {
        let retryAfter = RetryPolicy.retryAfter(response.headers["Retry-After"], now: clock.now())
        return APIError.from(
            HTTPErrorResponse(
                request: "\(request.method.rawValue) \(request.path)", status: response.status, headers: response.headers, body: response.body,
                messageKeys: errorMessageKeys),
            retryAfter: retryAfter)
    }

    private static func key(_ method: HTTPMethod, _ path: String) -> String { method.rawValue + " " + path }

    private static func stream(_ chunks: [Data]) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            for chunk in chunks where !chunk.isEmpty { continuation.yield(chunk) }
            continuation.finish()
        }
    }
}
