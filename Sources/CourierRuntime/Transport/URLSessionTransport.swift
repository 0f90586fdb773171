import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, built on `URLSession` with a delegate so that on every platform,
/// Linux included, body chunks arrive as the server sends them, upload progress is reported,
/// and cancelling the Swift task cancels the underlying `URLSessionTask`.
public final class URLSessionTransport: HTTPTransport, Sendable {
    private let session: URLSession
    /// The session for whole responses: no delegate, so URLSession makes no callback hops
    /// before the completion handler.
    private let bufferedSession: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session.
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.bufferedSession = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
        bufferedSession.finishTasksAndInvalidate()
    }

    /// Sends a request and reads the response whole. A completion-handler task: the body
    /// accumulates inside URLSession and the caller resumes once, with no per-chunk hops.
    /// Uploads that report progress go through the delegate instead, because URLSession on
    /// Linux tells only the delegate of a task without a completion handler how far it got.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.uploadProgress != nil { return try await stream(request).collect() }
        let urlRequest = Self.urlRequest(for: request)
        let handle = TaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(throwing: TransportError(error))
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: TransportError.invalidResponse("the response is not HTTP"))
                    }
                }
                let task: URLSessionDataTask
                if let body = request.body {
                    task = bufferedSession.uploadTask(with: urlRequest, from: body, completionHandler: completion)
                } else {
                    task = bufferedSession.dataTask(with: urlRequest, completionHandler: completion)
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let urlRequest = Self.urlRequest(for: request)
        let task: URLSessionDataTask
        if let body = request.body {
            task = session.uploadTask(with: urlRequest, from: body)
        } else {
            task = session.dataTask(with: urlRequest)
        }
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let exchange = Exchange(body: bodyContinuation)
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        delegate.register(exchange, for: task)
        if let uploadProgress = request.uploadProgress { delegate.register(uploadProgress, for: task) }
        let head = try await withTaskCancellationHandler {
            try await exchange.awaitHead { task.resume() }
        } onCancel: {
            task.cancel()
        }
        return HTTPStreamingResponse(status: head.status, headers: head.headers, body: body)
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout
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

/// The task of a buffered request, for cancelling it from another thread: a cancellation that
/// comes before the task starts cancels it as soon as it exists.
final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    func start(_ task: URLSessionTask) {
        let cancelled = lock.withLock {
            self.task = task
            return self.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}

/// The state of one request between the delegate's callbacks and the waiting caller.
final class Exchange: @unchecked Sendable {
    struct Head {
        let status: Int
        let headers: HTTPHeaders
    }

    private let lock = NSLock()
    private var headContinuation: CheckedContinuation<Head, any Error>?
    private var headResult: Result<Head, any Error>?
    private let body: AsyncThrowingStream<Data, any Error>.Continuation

    init(body: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.body = body
    }

    /// Starts the request and waits for the response's head.
    func awaitHead(start: () -> Void) async throws -> Head {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let result = headResult {
                lock.unlock()
                continuation.resume(with: result)
                return
            }
            headContinuation = continuation
            lock.unlock()
            start()
        }
    }

    func receive(head: Head) {
        resolveHead(.success(head))
    }

    func receive(data: Data) {
        body.yield(data)
    }

    func complete(error: (any Error)?) {
        if let error {
            let transportError = TransportError(error)
            resolveHead(.failure(transportError))
            body.finish(throwing: transportError)
        } else {
            resolveHead(.failure(TransportError.invalidResponse("the connection closed before a response arrived")))
            body.finish()
        }
    }

    private func resolveHead(_ result: Result<Head, any Error>) {
        lock.lock()
        guard headResult == nil else {
            lock.unlock()
            return
        }
        headResult = result
        let continuation = headContinuation
        headContinuation = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
}

/// Routes URLSession's callbacks to the exchange of each streamed task, and upload progress to
/// whoever asked for it.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var uploadProgress: [Int: @Sendable (UploadProgress) -> Void] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    func register(_ handler: @escaping @Sendable (UploadProgress) -> Void, for task: URLSessionTask) {
        lock.withLock { uploadProgress[task.taskIdentifier] = handler }
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
        let handler = lock.withLock { uploadProgress[task.taskIdentifier] }
        handler?(UploadProgress(sentBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock {
            uploadProgress.removeValue(forKey: task.taskIdentifier)
            return exchanges.removeValue(forKey: task.taskIdentifier)
        }
        exchange?.complete(error: error)
    }
}
