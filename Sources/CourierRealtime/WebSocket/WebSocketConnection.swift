import Foundation

/// A client WebSocket connection (RFC 6455) of Courier's own, over its own TCP: on Linux,
/// Foundation's `URLSessionWebSocketTask` fails every task ("WebSockets not supported by
/// libcurl"). It answers pings, keeps the closing handshake, checks every frame, and bounds
/// what it buffers.
public final class WebSocketConnection: @unchecked Sendable {
    /// The subprotocol the server agreed to, if any.
    public var subprotocol: String? { lock.withLock { agreedProtocol } }
    /// The messages received, in order; see `WebSocketMessages` for how it ends.
    public let messages: WebSocketMessages

    private let tcp: TCPConnection
    private let inbox: WebSocketInbox
    private let options: WebSocketOptions
    private let handshake: WebSocketHandshake
    private let lock = NSLock()
    private var reader: WebSocketFrameReader
    private var assembler: WebSocketMessageAssembler
    private var state = State.handshaking([])
    private var agreedProtocol: String?
    private let opening = OpeningHandshake()
    private var closeWaiter: CheckedContinuation<Void, Never>?
    private var pongHandler: (@Sendable ([UInt8]) -> Void)?

    private enum State: Equatable {
        /// The answer's head is being read: the bytes so far.
        case handshaking([UInt8])
        case open
        case closeSent
        case closed
    }

    private init(tcp: TCPConnection, handshake: WebSocketHandshake, options: WebSocketOptions) {
        self.tcp = tcp
        self.handshake = handshake
        self.options = options
        self.reader = WebSocketFrameReader(maxPayload: options.maxMessageSize)
        self.assembler = WebSocketMessageAssembler(maxMessageSize: options.maxMessageSize)
        self.inbox = WebSocketInbox(limit: options.inboxLimit, pause: { tcp.pauseReading() }, resume: { tcp.resumeReading() })
        self.messages = WebSocketMessages(inbox: inbox)
    }

    /// Connects to a `ws://` or `wss://` URL and completes the opening handshakes (TLS, then
    /// WebSocket) within `connectTimeout` each.
    public static func connect(to url: URL, options: WebSocketOptions = WebSocketOptions()) async throws(WebSocketError) -> WebSocketConnection {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss", let host = url.host, !host.isEmpty else {
            throw .invalidURL(url.absoluteString)
        }
        let isSecure = scheme == "wss"
        let handshake = WebSocketHandshake(protocols: options.protocols)
        let request = try handshake.request(url: url, headers: options.headers.map { ($0.name, $0.value) })
        let tcp = try await TCPConnection.connect(host: host, port: url.port ?? (isSecure ? 443 : 80), timeout: options.connectTimeout)
        if isSecure {
            #if os(Linux)
            do throws(WebSocketError) {
                try await tcp.startTLS(host: host, trustedCertificates: options.trustedCertificates?.path, timeout: options.connectTimeout)
            } catch {
                tcp.close()
                throw error
            }
            #else
            tcp.close()
            throw .unsupported("wss:// with Courier's own client is for Linux; on Apple platforms use URLSessionWebSocketTask")
            #endif
        }
        let connection = WebSocketConnection(tcp: tcp, handshake: handshake, options: options)
        let result = await connection.opening.wait(timeout: options.connectTimeout) {
            tcp.startReading(
                received: { [weak connection] bytes in connection?.received(bytes) },
                ended: { [weak connection] reason in connection?.ended(reason) })
            Task {
                do throws(WebSocketError) {
                    try await tcp.write(request)
                } catch {
                    connection.opening.resolve(.failure(error))
                }
            }
        }
        do throws(WebSocketError) {
            try result.get()
        } catch {
            connection.finish(error)
            throw error
        }
        return connection
    }


    /// How many received messages wait for the consumer, and whether reading from the network
    /// is paused because they are too many.
    var backlog: (messages: Int, isReadingPaused: Bool) { (inbox.count, tcp.isReadingPaused) }

    /// Called with each pong the server sends (answers to `ping(_:)`, or unsolicited ones).
    public func onPong(_ handler: @escaping @Sendable ([UInt8]) -> Void) {
        lock.withLock { pongHandler = handler }
    }

    /// Sends a message.
    public func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        try await sendFrame(message.frame)
    }

    /// Queues a message behind those sent before, without waiting for it to go out: for a
    /// caller that must keep its messages in order and learns of a broken connection from
    /// `messages` anyway.
    public func enqueue(_ message: WebSocketMessage) {
        guard lock.withLock({ state == .open }) else { return }
        tcp.enqueueWrite(WebSocketFrameWriter.bytes(of: message.frame), timeout: options.closeTimeout)
    }

    /// Sends a ping; the server answers with a pong carrying the same payload (at most 125 bytes).
    public func ping(_ payload: [UInt8]) async throws(WebSocketError) {
        try await sendFrame(WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(WebSocketFrame.maxControlPayload))))
    }

    private func sendFrame(_ frame: WebSocketFrame) async throws(WebSocketError) {
        guard lock.withLock({ state == .open }) else { throw .connectionLost("the connection is closing or closed") }
        try await tcp.write(WebSocketFrameWriter.bytes(of: frame))
    }

    /// Closes the connection: sends a close frame and waits, at most `closeTimeout`, for the
    /// server's; then the connection is dropped and `messages` ends without an error.
    public func close(_ code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        let shouldSend = lock.withLock { () -> Bool in
            guard state == .open else { return false }
            state = .closeSent
            return true
        }
        if shouldSend {
            try? await tcp.write(WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .close, payload: WebSocketFrameWriter.closePayload(code, reason: reason))), timeout: options.closeTimeout)
            await withCheckedContinuation { continuation in
                let alreadyClosed = lock.withLock { () -> Bool in
                    if state == .closed { return true }
                    closeWaiter = continuation
                    return false
                }
                if alreadyClosed { continuation.resume() }
                DispatchQueue.global().asyncAfter(deadline: .now() + options.closeTimeout) { [weak self] in self?.finish(nil) }
            }
        }
        finish(nil)
    }

    /// Drops the connection at once, without the closing handshake: for a connection taken for
    /// dead, whose server would never answer a close frame. `messages` ends with
    /// `connectionLost`.
    public func abort(_ reason: String) {
        finish(.connectionLost(reason))
    }

    // MARK: - Reading (on the connection's read queue)

    private func received(_ bytes: [UInt8]) {
        var events: [WebSocketEvent] = []
        var failure: WebSocketError?
        var handshakeResult: Result<Void, WebSocketError>?
        lock.withLock {
            var bytes = bytes
            if case .handshaking(let sofar) = state {
                let all = sofar + bytes
                do throws(WebSocketError) {
                    guard let (head, length) = try HTTPResponseHead.parse(all) else {
                        state = .handshaking(all)
                        return
                    }
                    agreedProtocol = try handshake.check(head)
                    state = .open
                    handshakeResult = .success(())
                    bytes = Array(all[length...])
                } catch {
                    handshakeResult = .failure(error)
                    return
                }
            }
            reader.append(bytes)
            do throws(WebSocketError) {
                while let frame = try reader.next() {
                    if let event = try assembler.take(frame) { events.append(event) }
                }
            } catch {
                failure = error
            }
        }
        if let handshakeResult { opening.resolve(handshakeResult) }
        for event in events { handle(event) }
        if let failure, case .protocolViolation(let code, _) = failure {
            sendControl(.close, WebSocketFrameWriter.closePayload(code, reason: ""))
            finish(failure)
        }
    }

    private func handle(_ event: WebSocketEvent) {
        switch event {
        case .message(let message):
            inbox.push(message)
        case .ping(let payload):
            sendControl(.pong, payload)
        case .pong(let payload):
            lock.withLock { pongHandler }?(payload)
        case .close(let code, let reason):
            let wasOpen = lock.withLock { state == .open }
            // The server began closing: answer with its code (§5.5.1), then drop the connection.
            if wasOpen { sendControl(.close, code.map { WebSocketFrameWriter.closePayload($0, reason: "") } ?? []) }
            finish(wasOpen ? .closed(code ?? .noStatusReceived, reason: reason) : nil)
        }
    }

    private func ended(_ reason: String?) {
        let error = WebSocketError.connectionLost(reason ?? "the server closed the TCP connection without a close frame")
        opening.resolve(.failure(error))
        finish(error)
    }

    private func sendControl(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8]) {
        guard lock.withLock({ state != .closed }) else { return }
        // Queued now, so that a close that follows goes out after it.
        tcp.enqueueWrite(WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: opcode, payload: payload)), timeout: options.closeTimeout)
    }

    /// Ends the connection once: the messages' sequence ends, with `error` if any.
    private func finish(_ error: WebSocketError?) {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>?? in
            guard state != .closed else { return nil }
            state = .closed
            defer { closeWaiter = nil }
            return .some(closeWaiter)
        }
        guard let waiter else { return }
        inbox.finish(error)
        // A close frame just queued goes out before the socket goes.
        tcp.closeAfterPendingWrites()
        waiter?.resume()
    }

    deinit {
        tcp.close()
    }
}
