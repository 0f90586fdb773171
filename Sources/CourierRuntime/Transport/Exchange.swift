import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one request between URLSession's callbacks and the waiting caller: the
/// response head and body as they arrive, when it last made progress (`ProgressWatchdog`
/// enforces the timeout), and who cancelled.
///
/// A cancelled or timed-out exchange ends at once, by itself: the caller never waits for
/// URLSession to report the cancelled task, which on Linux it may never do. The
/// `URLSessionTask` is cancelled afterwards on a queue of the exchange's own, never on the
/// thread that cancelled: a Swift task's cancellation handler runs holding that task's status
/// lock, and `URLSessionTask.cancel()` waits for the session's work queue, whose thread may in
/// turn be waiting for that lock to resume the task (swift-corelibs-foundation#5412). Such a
/// cycle stops both threads for good; with two cores, it can stop every Swift task.
final class Exchange: @unchecked Sendable {
    /// Where tasks are cancelled: off the threads that cancel, one at a time (tests drain it).
    static let cancellations = DispatchQueue(label: "Courier.Exchange.cancellations")

    struct Head: Sendable {
        let status: Int
        let headers: HTTPHeaders
    }

    private let lock = NSLock()
    private let watchdog: ProgressWatchdog
    private let timeout: TimeInterval
    private let uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// The length of the request's body.
    private let requestBodyBytes: Int64
    /// The body the stack may ask for again: that of a request sent as a stream
    /// (`ConnectionUse.rewindableBody(of:)`). It never asks for the body of any other request,
    /// and could not take it (swift-corelibs-foundation stops the process).
    let rewindableBody: Data?
    private var task: URLSessionTask?
    private var isFinished = false
    private var cancelledByCaller = false
    private var lastProgress = DispatchTime.now()
    // Streamed: the head is handed over on its own, the body through the stream.
    private let body: AsyncThrowingStream<Data, any Error>.Continuation?
    private var headContinuation: CheckedContinuation<Head, any Error>?
    // Whole: the body accumulates and the response is handed over at the end.
    private var wholeContinuation: CheckedContinuation<HTTPResponse, any Error>?
    private var head: Head?
    private var buffer = Data()
    /// The 401 of a declined challenge, for platforms that then report the task as cancelled.
    private var challengeResponse: Head?

    /// An exchange for `request`; `body` is set for a streamed response. `watchdog` enforces its
    /// timeout.
    init(request: HTTPRequest, body: AsyncThrowingStream<Data, any Error>.Continuation?, watchdog: ProgressWatchdog = .shared) {
        self.watchdog = watchdog
        self.timeout = request.timeout
        self.uploadProgress = request.uploadProgress
        self.requestBodyBytes = Int64(request.body?.count ?? 0)
        self.rewindableBody = ConnectionUse.rewindableBody(of: request)
        self.body = body
    }

    /// Starts the task; the response comes whole through `whole`.
    func start(_ task: URLSessionTask, whole: CheckedContinuation<HTTPResponse, any Error>) {
        let cancelled = lock.withLock {
            wholeContinuation = whole
            return register(task)
        }
        start(task, cancelled: cancelled)
    }

    /// Starts the task; the head comes through `head` and the body through the stream.
    func start(_ task: URLSessionTask, head: CheckedContinuation<Head, any Error>) {
        let cancelled = lock.withLock {
            headContinuation = head
            return register(task)
        }
        start(task, cancelled: cancelled)
    }

    /// Keeps the task; called with the lock held. Returns whether the caller has cancelled.
    private func register(_ task: URLSessionTask) -> Bool {
        self.task = task
        lastProgress = .now()
        return cancelledByCaller
    }

    private func start(_ task: URLSessionTask, cancelled: Bool) {
        guard !cancelled else {
            // Cancelled before it started: it never goes out.
            finish(with: .failure(.cancelled))
            return
        }
        startWatchdog()
        task.resume()
    }

    /// The caller cancelled: the exchange ends with `cancelled` now, and its task is cancelled.
    func cancel() {
        let started = lock.withLock {
            cancelledByCaller = true
            return task != nil
        }
        // Not started yet: `start` finds it cancelled and ends it there.
        if started { finish(with: .failure(.cancelled)) }
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
            // The first piece is kept as it came, without a copy: most bodies come in one.
            if body == nil { if buffer.isEmpty { buffer = data } else { buffer.append(data) } }
        }
        body?.yield(data)
    }

    /// Body bytes went out: `expected` is what the stack knows of the total, nothing for a body
    /// sent as a stream, whose length the request knows.
    func sent(_ bytes: Int64, of expected: Int64) {
        lock.withLock { lastProgress = .now() }
        let total = expected > 0 ? expected : requestBodyBytes
        uploadProgress?(UploadProgress(sentBytes: bytes, totalBytes: total))
    }

    func receive(challengeResponse: Head) {
        lock.withLock { self.challengeResponse = challengeResponse }
    }

    /// The task ended: hands over what it came to, unless the exchange has ended already.
    func complete(error: (any Error)?) {
        let outcome = lock.withLock { outcomeLocked(error: error) }
        finish(with: outcome, taskHasEnded: true)
    }

    /// Ends the exchange once: the waiting caller resumes with `outcome` and the body stream
    /// ends. Unless the task has ended (URLSession reported its completion, when on Linux its
    /// `state` still reads `running`), it is cancelled off this thread. Later calls do nothing.
    private func finish(with outcome: Result<(Head, Data), TransportError>, taskHasEnded: Bool = false) {
        let ending = lock.withLock { () -> (CheckedContinuation<Head, any Error>?, CheckedContinuation<HTTPResponse, any Error>?, URLSessionTask?)? in
            guard !isFinished else { return nil }
            isFinished = true
            defer {
                headContinuation = nil
                wholeContinuation = nil
            }
            return (headContinuation, wholeContinuation, task)
        }
        guard let (headContinuation, wholeContinuation, task) = ending else { return }
        if hasTimeout { watchdog.stopWatching(self) }
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
        if !taskHasEnded, let task, task.state == .running || task.state == .suspended {
            Self.cancellations.async { task.cancel() }
        }
    }

    /// What the task came to; called with the lock held.
    private func outcomeLocked(error: (any Error)?) -> Result<(Head, Data), TransportError> {
        guard let error else {
            guard let head else { return .failure(.invalidResponse("the connection closed before a response arrived")) }
            return .success((head, buffer))
        }
        let transportError = TransportError(error)
        // A cancel of the caller's or the watchdog's has ended the exchange already; a task
        // reported as cancelled here was cancelled by the platform.
        if transportError == .cancelled, let challengeResponse {
            return .success((challengeResponse, Data()))
        }
        return .failure(transportError)
    }

    // MARK: The timeout

    /// Has `ProgressWatchdog` end the exchange once no progress was made for the timeout.
    private func startWatchdog() {
        guard hasTimeout else { return }
        let deadline: DispatchTime? = lock.withLock { isFinished ? nil : lastProgress + timeout }
        if let deadline { watchdog.watch(self, deadline: deadline) }
    }

    /// Whether a timeout applies, so that the watchdog keeps the exchange.
    private var hasTimeout: Bool { timeout.isFinite && timeout > 0 }

    /// Whether the exchange has ended.
    var hasEnded: Bool { lock.withLock { isFinished } }

    /// Ends the exchange with `timedOut` if it made no progress for its timeout by `now`;
    /// returns its deadline while it goes on, nil once it has ended.
    func endIfIdle(at now: DispatchTime) -> DispatchTime? {
        let deadline: DispatchTime? = lock.withLock { isFinished ? nil : lastProgress + timeout }
        guard let deadline else { return nil }
        guard now >= deadline else { return deadline }
        finish(with: .failure(.timedOut))
        return nil
    }
}
