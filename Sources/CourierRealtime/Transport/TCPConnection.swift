import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection of our own, for the WebSocket client on Linux, where Foundation has none:
/// non-blocking, with reads raised by a dispatch source as the kernel has bytes, and reading
/// paused while the reader's buffer is full, so that a slow consumer slows the server (TCP's own
/// flow control) instead of growing memory.
final class TCPConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "courier.tcp.read")
    private let writeQueue = DispatchQueue(label: "courier.tcp.write")
    private let lock = NSLock()
    private var source: DispatchSourceRead?
    private var isPaused = false
    private var isClosed = false
    /// The peer ended the connection, or it failed: reading never resumes.
    private var isAtEnd = false
    /// Touched only on `queue`, by the read source's handler.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    private var hasEnded = false
    private var received: (@Sendable ([UInt8]) -> Void)?
    private var ended: (@Sendable (String?) -> Void)?
    #if os(Linux)
    /// TLS on the socket, once `startTLS` set it up (before reading starts).
    private var tls: TLSSession?
    #endif

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    #if os(Linux)
    /// Runs the TLS handshake on the connection, checking the server's certificate for `host`.
    func startTLS(host: String, trustedCertificates: String?, timeout: TimeInterval) async throws(WebSocketError) {
        let descriptor = self.descriptor
        let result: Result<TLSSession, WebSocketError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: TLSSession.handshake(descriptor: descriptor, host: host, trustedCertificates: trustedCertificates, timeout: timeout))
            }
        }
        tls = try result.get()
    }
    #endif

    /// Starts reading: `received` gets each piece as it arrives, on one queue, in order;
    /// `ended` once, with nil at the peer's orderly end, else why.
    func startReading(received: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (String?) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        queue.sync {
            self.received = received
            self.ended = ended
        }
        source.setEventHandler { [weak self] in self?.readPass() }
        // The descriptor is closed once: after the source stopped for good, and after any
        // write in progress (on the write queue), so that no read or write can reach a
        // descriptor number the system has given to another connection since.
        let descriptor = self.descriptor
        let writeQueue = self.writeQueue
        #if os(Linux)
        let tls = self.tls
        source.setCancelHandler { writeQueue.async { tls?.release(); closeSocket(descriptor) } }
        #else
        source.setCancelHandler { writeQueue.async { closeSocket(descriptor) } }
        #endif
        lock.withLock { self.source = source }
        source.resume()
    }

    /// Reads what there is, on `queue`: from the socket, or through TLS until it has nothing
    /// decrypted left (it may hold bytes the socket no longer shows as readable).
    private func readPass() {
        guard !hasEnded else { return }
        while !lock.withLock({ isPaused || isClosed }) {
            let outcome = nextRead()
            switch outcome {
            case .bytes(let count):
                received?(Array(readBuffer[0..<count]))
            case .wouldBlock:
                return
            case .end, .failure:
                hasEnded = true
                lock.withLock { isAtEnd = true }
                // At its end a socket stays readable: stop the source until `close()`, which
                // alone releases the descriptor.
                pauseReading()
                if case .failure(let reason) = outcome { ended?(reason) } else { ended?(nil) }
                return
            }
        }
    }

    private enum ReadOutcome { case bytes(Int), wouldBlock, end, failure(String) }

    private func nextRead() -> ReadOutcome {
        #if os(Linux)
        if let tls {
            switch readBuffer.withUnsafeMutableBytes({ tls.read(into: $0) }) {
            case .bytes(let count): return .bytes(count)
            case .wouldBlock: return .wouldBlock
            case .end: return .end
            case .failure(let reason): return .failure(reason)
            }
        }
        #endif
        let count = readBuffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .bytes(count) }
        if count == 0 { return .end }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wouldBlock }
        return .failure(String(cString: strerror(errno)))
    }

    /// Stops taking bytes from the kernel until `resumeReading()`.
    func pauseReading() {
        lock.withLock {
            guard !isPaused, !isClosed, let source else { return }
            isPaused = true
            source.suspend()
        }
    }

    /// Whether reading is paused now.
    var isReadingPaused: Bool { lock.withLock { isPaused } }

    /// Takes bytes again after `pauseReading()`.
    func resumeReading() {
        lock.withLock {
            guard isPaused, !isAtEnd, !isClosed, let source else { return }
            isPaused = false
            source.resume()
        }
        // Bytes already decrypted do not make the socket readable: read them now.
        queue.async { [weak self] in self?.readPass() }
    }

    /// Sends every byte, in order with other writes; waits while the kernel's buffer is full,
    /// at most `timeout` for any progress.
    func write(_ bytes: [UInt8], timeout: TimeInterval = 30) async throws(WebSocketError) {
        let result: Result<Void, WebSocketError> = await withCheckedContinuation { continuation in
            writeQueue.async { continuation.resume(returning: self.writeBlocking(bytes, timeout: timeout)) }
        }
        try result.get()
    }

    private func writeBlocking(_ bytes: [UInt8], timeout: TimeInterval) -> Result<Void, WebSocketError> {
        if lock.withLock({ isClosed }) { return .failure(.connectionLost("the connection is closed")) }
        #if os(Linux)
        if let tls { return writeBlocking(bytes, through: tls, timeout: timeout) }
        #endif
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags) }
            if count > 0 {
                sent += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                if let failure = Self.waitUntilWritable(descriptor, timeout: timeout) { return .failure(.timedOut("sending: \(failure)")) }
            } else {
                return .failure(.connectionLost("sending failed: \(String(cString: strerror(errno)))"))
            }
        }
        return .success(())
    }

    /// Queues `bytes` after the writes before them, without waiting: for control frames, whose
    /// failure the reader finds out about anyway.
    func enqueueWrite(_ bytes: [UInt8], timeout: TimeInterval) {
        writeQueue.async { _ = self.writeBlocking(bytes, timeout: timeout) }
    }

    /// Closes the connection once every write queued before has gone out (or failed).
    func closeAfterPendingWrites() {
        writeQueue.async { self.close() }
    }

    #if os(Linux)
    private func writeBlocking(_ bytes: [UInt8], through tls: TLSSession, timeout: TimeInterval) -> Result<Void, WebSocketError> {
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                switch tls.write(buffer.baseAddress! + sent, count: buffer.count - sent) {
                case .wrote(let count):
                    sent += count
                case .wantWrite:
                    // The same bytes again once the socket is ready, as OpenSSL asks.
                    if let failure = Self.waitUntilWritable(descriptor, timeout: timeout) { return .failure(.timedOut("sending: \(failure)")) }
                case .wantRead:
                    if !TLSSession.waitFor(POLLIN, on: descriptor, timeout: timeout) { return .failure(.timedOut("sending: no answer within \(timeout) s")) }
                case .failure(let reason):
                    return .failure(.connectionLost("sending failed: \(reason)"))
                }
            }
            return .success(())
        }
    }
    #endif

    /// Closes the connection; reads end, and the socket is released once the reader has
    /// stopped.
    func close() {
        let (source, wasPaused, wasClosed) = lock.withLock { () -> (DispatchSourceRead?, Bool, Bool) in
            defer { isClosed = true; isPaused = false }
            return (self.source, isPaused, isClosed)
        }
        guard !wasClosed else { return }
        #if os(Linux)
        tls?.shutdown()
        #endif
        // Wakes a write waiting for room, and tells the peer.
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        if let source {
            source.cancel()
            // A suspended source runs its cancel handler (which closes the socket) only once resumed.
            if wasPaused { source.resume() }
        } else {
            let descriptor = self.descriptor
            #if os(Linux)
            let tls = self.tls
            writeQueue.async { tls?.release(); closeSocket(descriptor) }
            #else
            writeQueue.async { closeSocket(descriptor) }
            #endif
        }
    }

    deinit {
        close()
    }
}

/// Closes a socket descriptor.
func closeSocket(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
