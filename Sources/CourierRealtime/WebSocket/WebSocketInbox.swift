import Foundation

/// The messages a connection received and its consumer has not taken yet, as an
/// `AsyncSequence` for one consumer. It holds at most `limit` messages: past that the connection
/// stops reading from the network (`pause`) until the consumer takes some (`resume`), so a
/// slow consumer slows the server down through TCP's flow control instead of growing memory.
final class WebSocketInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [WebSocketMessage] = []
    private var head = 0
    private var waiter: CheckedContinuation<Result<WebSocketMessage?, WebSocketError>, Never>?
    private var end: WebSocketError??
    private var isPaused = false
    let limit: Int
    private let pause: @Sendable () -> Void
    private let resume: @Sendable () -> Void

    init(limit: Int, pause: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.pause = pause
        self.resume = resume
    }

    /// A message arrived.
    func push(_ message: WebSocketMessage) {
        let (waiter, shouldPause): (CheckedContinuation<Result<WebSocketMessage?, WebSocketError>, Never>?, Bool) = lock.withLock {
            guard end == nil else { return (nil, false) }
            if let waiter = self.waiter {
                self.waiter = nil
                return (waiter, false)
            }
            queue.append(message)
            let full = queue.count - head >= limit && !isPaused
            if full { isPaused = true }
            return (nil, full)
        }
        waiter?.resume(returning: .success(message))
        if shouldPause { pause() }
    }

    /// No more messages: the sequence ends after those queued, with `error` if any.
    func finish(_ error: WebSocketError?) {
        let waiter = lock.withLock { () -> CheckedContinuation<Result<WebSocketMessage?, WebSocketError>, Never>? in
            guard end == nil else { return nil }
            end = .some(error)
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: error.map { .failure($0) } ?? .success(nil))
    }

    /// How many messages wait for the consumer.
    var count: Int { lock.withLock { queue.count - head } }

    /// The next message, nil at a clean end; the connection's error at any other end. A
    /// cancelled consumer gets nil.
    func next() async throws(WebSocketError) -> WebSocketMessage? {
        let result: Result<WebSocketMessage?, WebSocketError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (ready, shouldResume) = lock.withLock { () -> (Result<WebSocketMessage?, WebSocketError>?, Bool) in
                    if head < queue.count {
                        let message = queue[head]
                        head += 1
                        if head > 64, head * 2 > queue.count {
                            queue.removeFirst(head)
                            head = 0
                        }
                        let drained = isPaused && queue.count - head <= limit / 2
                        if drained { isPaused = false }
                        return (.success(message), drained)
                    }
                    if let end { return (end.map { .failure($0) } ?? .success(nil), false) }
                    if Task.isCancelled { return (.success(nil), false) }
                    waiter = continuation
                    return (nil, false)
                }
                if shouldResume { resume() }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = lock.withLock { () -> CheckedContinuation<Result<WebSocketMessage?, WebSocketError>, Never>? in
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume(returning: .success(nil))
        }
        return try result.get()
    }
}

/// The messages of a WebSocket connection, in the order they arrived. The sequence ends
/// without an error after the app closed the connection, and throws `WebSocketError` at any
/// other end: the server's close frame (`.closed`), a broken protocol, a lost connection.
public struct WebSocketMessages: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = WebSocketMessage
    let inbox: WebSocketInbox

    /// An iterator; one consumer at a time.
    public func makeAsyncIterator() -> Iterator { Iterator(inbox: inbox) }

    /// Takes the messages one by one.
    public struct Iterator: AsyncIteratorProtocol {
        let inbox: WebSocketInbox

        /// The next message, or nil at the end.
        public mutating func next() async throws -> WebSocketMessage? {
            try await inbox.next()
        }
    }
}
