import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, built on `URLSession` with a delegate so that on every platform,
/// Linux included:
/// - body chunks of a streamed response arrive as the server sends them, upload progress is
///   reported, and cancelling the Swift task cancels the underlying `URLSessionTask`;
/// - a request's timeout means what it says: no progress (response head, body bytes, upload
///   bytes) for that many seconds, fractions included, ends it with `TransportError.timedOut`
///   (swift-corelibs-foundation truncates `timeoutInterval` to whole seconds);
/// - a redirect comes back as the 3xx response it is: the client decides what follows
///   (`RedirectPolicy`), and URLSession, which on Linux drops the body of a redirected upload,
///   follows none;
/// - authentication challenges other than server trust are declined, so a 401 with a
///   `WWW-Authenticate: Basic` challenge comes back as a response instead of hanging;
/// - a request goes out exactly as often as the client sends it: see `ConnectionUse`;
/// - on Linux the delegate's callbacks run where URLSession raises them, not as operations
///   handed to another thread: see `DelegateQueue`.
public final class URLSessionTransport: HTTPTransport, Sendable {
    private let session: URLSession
    private let delegate: SessionDelegate
    private let configuration: URLSessionConfiguration
    private let queue: DelegateQueue

    /// Creates a transport with its own session.
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        let queue = DelegateQueue(label: "Courier.URLSessionTransport")
        self.delegate = delegate
        self.queue = queue
        self.configuration = configuration
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends a request and reads the response whole: the body accumulates in the exchange and
    /// the caller resumes once, with no per-chunk hops.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exchange = Exchange(request: request, body: nil)
        let task = makeTask(for: request, exchange: exchange)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(task, whole: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Sends `request` and returns as soon as the response head arrives; the body follows as bytes.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let exchange = Exchange(request: request, body: bodyContinuation)
        let task = makeTask(for: request, exchange: exchange)
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { exchange.cancel() }
        }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(task, head: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
        return HTTPStreamingResponse(status: head.status, headers: head.headers, body: body)
    }

    private func makeTask(for request: HTTPRequest, exchange: Exchange) -> URLSessionDataTask {
        var urlRequest = Self.urlRequest(for: request)
        let session: URLSession
        let delegate: SessionDelegate
        if ConnectionUse.needsOwnConnection(request) {
            // A session of its own has no connection to reuse; `close` tells the server not to
            // keep this one. The session ends with its one task.
            delegate = SessionDelegate(endsAfterOneTask: true)
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        } else {
            delegate = self.delegate
            session = self.session
        }
        let task: URLSessionDataTask
        if let body = exchange.rewindableBody {
            // A data task with a body stream, not `uploadTask(withStreamedRequest:)`, which on
            // Linux asks the delegate for its first stream and waits a second for it.
            ConnectionUse.sendAsStream(body, in: &urlRequest)
            task = session.dataTask(with: urlRequest)
        } else {
            task = request.body.map { session.uploadTask(with: urlRequest, from: $0) } ?? session.dataTask(with: urlRequest)
        }
        delegate.register(exchange, for: task)
        return task
    }

    /// The URLRequest for a request. Its own timeout is a whole second past the request's, so
    /// that the exchange's exact timer decides; the body goes with the task.
    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout.isFinite ? max(0, request.timeout).rounded(.up) + 1 : 1e9
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(name: String(describing: name), value: String(describing: value))
        }
        return headers
    }
}

/// Routes URLSession's callbacks to the exchange of each task, stops redirects, and declines
/// authentication challenges.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Whether the session is invalidated once its task completes: a session for one request.
    private let endsAfterOneTask: Bool
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    init(endsAfterOneTask: Bool = false) {
        self.endsAfterOneTask = endsAfterOneTask
    }

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        exchange(for: dataTask)?.receive(head: .init(status: http.statusCode, headers: URLSessionTransport.headers(of: http)))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // The stack sends the request again (a kept-alive connection died under it): the body
        // once more from its first byte.
        completionHandler(exchange(for: task)?.rewindableBody.map { InputStream(data: $0) })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The client follows redirects, each as a request of its own. This task ends with the
        // 3xx response. The answer goes back off the session's work queue, like every answer.
        DelegateQueue.answer { completionHandler(nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(Security)
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                completionHandler(.performDefaultHandling, nil)
                return
            }
        #endif
        // The client answers a 401 by refreshing its token, not with a password: decline, and
        // keep the response in case the platform reports the declined challenge as cancelled.
        // Declining cancels the task, which waits for the queue this callback may run on.
        if let http = challenge.failureResponse as? HTTPURLResponse {
            exchange(for: task)?.receive(challengeResponse: .init(status: http.statusCode, headers: URLSessionTransport.headers(of: http)))
        }
        DelegateQueue.answer { completionHandler(.rejectProtectionSpace, nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(error: error)
        if endsAfterOneTask { session.finishTasksAndInvalidate() }
    }
}
