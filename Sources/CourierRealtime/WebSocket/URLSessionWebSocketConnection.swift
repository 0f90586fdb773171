import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A WebSocket connection carried by URLSession's `URLSessionWebSocketTask`: the platform's
/// own client on Apple platforms (its TLS, proxies and trust store), behind the same API as
/// Courier's own. Messages wait in the same bounded inbox: past its limit, the connection stops
/// asking the task for more until the consumer catches up. On Linux, Foundation's
/// `URLSessionWebSocketTask` fails every connection ("WebSockets not supported by libcurl"),
/// and connecting throws `WebSocketError.unsupported`.
public final class URLSessionWebSocketConnection: NSObject, WebSocketClient, @unchecked Sendable {
    /// The messages received, in order.
    public let messages: WebSocketMessages
    /// The subprotocol the server agreed to, if any.
    public var subprotocol: String? { lock.withLock { agreedProtocol } }

    private let inbox: WebSocketInbox
    private let options: WebSocketOptions
    private let lock = NSLock()
    private var task: URLSessionWebSocketTask?
    private var session: URLSession?
    private var agreedProtocol: String?
    private let opening = OpeningHandshake()
    private var isClosedByApp = false
    private var isPaused = false
    private var resumeWaiter: CheckedContinuation<Void, Never>?
    /// The last send queued by `enqueue`: each waits for the one before, so they go in order.
    private var lastSend: Task<Void, Never>?

    private init(options: WebSocketOptions) {
        self.options = options
        let gate = Gate()
        self.inbox = WebSocketInbox(limit: options.inboxLimit, pause: { gate.connection?.pauseReceiving() }, resume: { gate.connection?.resumeReceiving() })
        self.messages = WebSocketMessages(inbox: inbox)
        super.init()
        gate.connection = self
    }

    /// Lets the inbox reach the connection it belongs to, without holding it.
    private final class Gate: @unchecked Sendable {
        weak var connection: URLSessionWebSocketConnection?
    }

    /// Connects and completes the opening handshake within `connectTimeout`.
    public static func connect(to url: URL, options: WebSocketOptions = WebSocketOptions()) async throws(WebSocketError) -> URLSessionWebSocketConnection {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss", let host = url.host, !host.isEmpty else {
            throw .invalidURL(url.absoluteString)
        }
        if options.trustedCertificates != nil {
            throw .unsupported("URLSession's WebSocket trusts the system's certificate authorities only: add the authority to the system, or use WebSocketImplementation.courier on Linux")
        }
        var request = URLRequest(url: url, timeoutInterval: options.connectTimeout)
        for field in options.headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        if !options.protocols.isEmpty { request.setValue(options.protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol") }
        let connection = URLSessionWebSocketConnection(options: options)
        let session = URLSession(configuration: .ephemeral, delegate: connection, delegateQueue: nil)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = options.maxMessageSize
        connection.lock.withLock {
            connection.session = session
            connection.task = task
        }
        let result = await connection.opening.wait(timeout: options.connectTimeout) {
            task.resume()
        }
        do throws(WebSocketError) {
            try result.get()
        } catch {
            task.cancel()
            session.invalidateAndCancel()
            throw error
        }
        connection.receiveLoop()
        return connection
    }


    // MARK: - Receiving

    private func receiveLoop() {
        Task { [weak self] in
            while let self {
                await self.waitWhilePaused()
                guard let task = self.lock.withLock({ self.task }) else { return }
                do {
                    switch try await task.receive() {
                    case .string(let text): self.inbox.push(.text(text))
                    case .data(let data): self.inbox.push(.binary([UInt8](data)))
                    @unknown default: break
                    }
                } catch {
                    self.finish(self.ending(of: task, error))
                    return
                }
            }
        }
    }

    /// Why the task ended: the server's close frame, a message past the limit, or a loss.
    private func ending(of task: URLSessionWebSocketTask, _ error: any Error) -> WebSocketError? {
        if lock.withLock({ isClosedByApp }) { return nil }
        if task.closeCode != .invalid {
            let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .closed(WebSocketCloseCode(rawValue: UInt16(truncatingIfNeeded: task.closeCode.rawValue)), reason: reason)
        }
        return .connectionLost("\(error.localizedDescription)")
    }

    private func pauseReceiving() {
        lock.withLock { isPaused = true }
    }

    private func resumeReceiving() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            isPaused = false
            defer { resumeWaiter = nil }
            return resumeWaiter
        }
        waiter?.resume()
    }

    private func waitWhilePaused() async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> Bool in
                if !isPaused { return true }
                resumeWaiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    // MARK: - Sending and closing

    /// Sends a message.
    public func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        guard let task = lock.withLock({ isClosedByApp ? nil : task }) else { throw .connectionLost("the connection is closing or closed") }
        do {
            switch message {
            case .text(let text): try await task.send(.string(text))
            case .binary(let bytes): try await task.send(.data(Data(bytes)))
            }
        } catch {
            throw .connectionLost("the message could not be sent: \(error.localizedDescription)")
        }
    }

    /// Queues a message behind those queued before, without waiting for it to go out.
    public func enqueue(_ message: WebSocketMessage) {
        lock.withLock {
            let previous = lastSend
            lastSend = Task { [weak self] in
                await previous?.value
                try? await self?.send(message)
            }
        }
    }

    /// Sends a ping and waits for its pong. URLSession's ping carries no payload of the app's.
    public func ping(_ payload: [UInt8]) async throws(WebSocketError) {
        guard let task = lock.withLock({ task }) else { throw .connectionLost("the connection is closed") }
        let failure: String? = await withCheckedContinuation { continuation in
            task.sendPing { error in continuation.resume(returning: error.map { "\($0.localizedDescription)" }) }
        }
        if let failure { throw .connectionLost("the ping failed: \(failure)") }
    }

    /// Closes with the closing handshake; `messages` ends without an error.
    public func close(_ code: WebSocketCloseCode, reason: String) async {
        let task = lock.withLock { () -> URLSessionWebSocketTask? in
            isClosedByApp = true
            return self.task
        }
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task?.cancel(with: closeCode, reason: reason.isEmpty ? nil : Data(reason.utf8))
        finish(nil)
    }

    /// Drops the connection at once; `messages` ends with `connectionLost`.
    public func abort(_ reason: String) {
        lock.withLock { task }?.cancel()
        finish(.connectionLost(reason))
    }

    private func finish(_ error: WebSocketError?) {
        let session = lock.withLock { () -> URLSession? in
            defer {
                self.session = nil
                self.task = nil
            }
            return self.session
        }
        inbox.finish(error)
        resumeReceiving()
        session?.finishTasksAndInvalidate()
    }
}

extension URLSessionWebSocketConnection: URLSessionWebSocketDelegate {
    /// The opening handshake succeeded.
    public func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        lock.withLock { agreedProtocol = `protocol` }
        opening.resolve(.success(()))
    }

    /// The server's close frame: the receive loop ends with its code and reason.
    public func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        let ending: WebSocketError? = lock.withLock { isClosedByApp }
            ? nil : .closed(WebSocketCloseCode(rawValue: UInt16(truncatingIfNeeded: closeCode.rawValue)), reason: reason.map { String(decoding: $0, as: UTF8.self) } ?? "")
        finish(ending)
    }

    /// The task ended; before it opened, this is why connecting failed.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { return }
        let nsError = error as NSError
        if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
            opening.resolve(.failure(.handshakeRefused(status: response.statusCode, body: "")))
        } else if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorUnsupportedURL {
            opening.resolve(.failure(.unsupported(
                "URLSession cannot open WebSockets on this platform (\(nsError.localizedDescription)); use WebSocketImplementation.courier")))
        } else if nsError.domain == NSURLErrorDomain, [NSURLErrorServerCertificateUntrusted, NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateNotYetValid, NSURLErrorServerCertificateHasUnknownRoot].contains(nsError.code) {
            opening.resolve(.failure(.tlsFailed(task.originalRequest?.url?.host ?? "the host", nsError.localizedDescription)))
        } else {
            opening.resolve(.failure(.connectionLost(nsError.localizedDescription)))
        }
    }
}
