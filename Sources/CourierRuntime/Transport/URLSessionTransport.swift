import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, built on `URLSession` with a delegate so that on every platform,
/// Linux included, body chunks arrive as the server sends them, upload progress is reported,
/// and cancelling the Swift task cancels the underlying `URLSessionTask`.
public final class URLSessionTransport: HTTPTransport, Sendable {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session.
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        let task: URLSessionDataTask
        if let body = request.body {
            task = session.uploadTask(with: urlRequest, from: body)
        } else {
            task = session.dataTask(with: urlRequest)
        }
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let exchange = Exchange(body: bodyContinuation, uploadProgress: request.uploadProgress)
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        delegate.register(exchange, for: task)
        let head = try await withTaskCancellationHandler {
            try await exchange.awaitHead { task.resume() }
        } onCancel: {
            task.cancel()
        }
        return HTTPStreamingResponse(status: head.status, headers: head.headers, body: body)
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
    let uploadProgress: (@Sendable (UploadProgress) -> Void)?

    init(body: AsyncThrowingStream<Data, any Error>.Continuation, uploadProgress: (@Sendable (UploadProgress) -> Void)?) {
        self.body = body
        self.uploadProgress = uploadProgress
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

/// Routes URLSession's callbacks to the exchange of each task.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.lock()
        exchanges[task.taskIdentifier] = exchange
        lock.unlock()
    }

    private func exchange(for task: URLSessionTask, remove: Bool = false) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return remove ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: String(describing: name), value: String(describing: value))
        }
        exchange(for: dataTask)?.receive(head: .init(status: http.statusCode, headers: headers))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.uploadProgress?(UploadProgress(sentBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task, remove: true)?.complete(error: error)
    }
}
