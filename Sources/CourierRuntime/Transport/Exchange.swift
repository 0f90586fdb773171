import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one request between URLSession's callbacks and the waiting caller: the
/// response head and body as they arrive, where a redirect leads, the timer that enforces the
/// timeout, and who cancelled.
final class Exchange: @unchecked Sendable {
    struct Head: Sendable {
        let status: Int
        let headers: HTTPHeaders
    }

    private let lock = NSLock()
    private let timeout: TimeInterval
    private let uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// The request this exchange sends.
    let request: HTTPRequest
    private var redirectStorage: HTTPRequest?
    private var task: URLSessionTask?
    private var isFinished = false
    private var cancelledByCaller = false
    private var timedOut = false
    private var lastProgress = DispatchTime.now()
    private var watchdog: DispatchSourceTimer?
    // Streamed: the head is handed over on its own, the body through the stream.
    private let body: AsyncThrowingStream<Data, any Error>.Continuation?
    private var headContinuation: CheckedContinuation<Head, any Error>?
    // Whole: the body accumulates and the response is handed over at the end.
    private var wholeContinuation: CheckedContinuation<HTTPResponse, any Error>?
    private var head: Head?
    private var buffer = Data()
    /// The 401 of a declined challenge, for platforms that then report the task as cancelled.
    private var challengeResponse: Head?

    /// An exchange for `request`; `body` is set for a streamed response.
    init(request: HTTPRequest, body: AsyncThrowingStream<Data, any Error>.Continuation?) {
        self.request = request
        self.timeout = request.timeout
        self.uploadProgress = request.uploadProgress
        self.body = body
    }

    /// The request to send next, when the response is a redirect the policy follows.
    var redirect: HTTPRequest? {
        get { lock.withLock { redirectStorage } }
        set { lock.withLock { redirectStorage = newValue } }
    }

    /// Starts the task; the response comes whole through `whole`.
    func start(_ task: URLSessionTask, whole: CheckedContinuation<HTTPResponse, any Error>) {
        lock.withLock { wholeContinuation = whole }
        start(task)
    }

    /// Starts the task; the head comes through `head` and the body through the stream.
    func start(_ task: URLSessionTask, head: CheckedContinuation<Head, any Error>) {
        lock.withLock { headContinuation = head }
        start(task)
    }

    private func start(_ task: URLSessionTask) {
        let cancelled = lock.withLock {
            self.task = task
            lastProgress = .now()
            return cancelledByCaller
        }
        startWatchdog()
        task.resume()
        if cancelled { task.cancel() }
    }

    /// The caller cancelled: the task is cancelled and the exchange ends with `cancelled`.
    func cancel() {
        let task = lock.withLock {
            cancelledByCaller = true
            return self.task
        }
        task?.cancel()
    }

    func receive(head: Head) {
        let continuation = lock.withLock {
            lastProgress = .now()
            self.head = head
            defer { headContinuation = nil }
            return headContinuation
        }
        continuation?.resume(returning: head)
    }

    func receive(data: Data) {
        lock.withLock {
            lastProgress = .now()
            if body == nil { buffer.append(data) }
        }
        body?.yield(data)
    }

    func sent(_ progress: UploadProgress) {
        lock.withLock { lastProgress = .now() }
        uploadProgress?(progress)
    }

    func receive(challengeResponse: Head) {
        lock.withLock { self.challengeResponse = challengeResponse }
    }

    /// The task ended: hands over what it came to.
    func complete(error: (any Error)?) {
        let (headContinuation, wholeContinuation, outcome) = lock.withLock { () -> (CheckedContinuation<Head, any Error>?, CheckedContinuation<HTTPResponse, any Error>?, Result<(Head, Data), TransportError>) in
            isFinished = true
            watchdog?.cancel()
            watchdog = nil
            defer {
                self.headContinuation = nil
                self.wholeContinuation = nil
            }
            return (self.headContinuation, self.wholeContinuation, outcomeLocked(error: error))
        }
        switch outcome {
        case .success(let (head, data)):
            headContinuation?.resume(returning: head)
            wholeContinuation?.resume(returning: HTTPResponse(status: head.status, headers: head.headers, body: data))
            body?.finish()
        case .failure(let error):
            headContinuation?.resume(throwing: error)
            wholeContinuation?.resume(throwing: error)
            body?.finish(throwing: error)
        }
    }

    /// What the task came to; called with the lock held.
    private func outcomeLocked(error: (any Error)?) -> Result<(Head, Data), TransportError> {
        guard let error else {
            guard let head else { return .failure(.invalidResponse("the connection closed before a response arrived")) }
            return .success((head, buffer))
        }
        if timedOut { return .failure(.timedOut) }
        let transportError = TransportError(error)
        if transportError == .cancelled, !cancelledByCaller, let challengeResponse {
            return .success((challengeResponse, Data()))
        }
        return .failure(transportError)
    }

    // MARK: The timeout

    /// Ends the exchange with `timedOut` once no progress was made for the timeout.
    private func startWatchdog() {
        guard timeout.isFinite, timeout > 0 else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.checkProgress() }
        lock.withLock {
            guard !isFinished else { return }
            watchdog = timer
            timer.schedule(deadline: lastProgress + timeout)
        }
        timer.resume()
    }

    private func checkProgress() {
        let expired: URLSessionTask? = lock.withLock {
            guard !isFinished, let watchdog else { return nil }
            let deadline = lastProgress + timeout
            if DispatchTime.now() < deadline {
                watchdog.schedule(deadline: deadline)
                return nil
            }
            timedOut = true
            return task
        }
        expired?.cancel()
    }
}
