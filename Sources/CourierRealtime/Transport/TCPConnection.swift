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

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Connects to `host`:`port`, trying each of its addresses in turn, each within `timeout`.
    static func connect(host: String, port: Int, timeout: TimeInterval) async throws(WebSocketError) -> TCPConnection {
        let result: Result<TCPConnection, WebSocketError> = await withCheckedContinuation { continuation in
            // Name resolution blocks: off the cooperative pool.
            DispatchQueue.global().async { continuation.resume(returning: Self.connectBlocking(host: host, port: port, timeout: timeout)) }
        }
        return try result.get()
    }

    private static func connectBlocking(host: String, port: Int, timeout: TimeInterval) -> Result<TCPConnection, WebSocketError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(.connectionLost("the host \(host) could not be found (\(String(cString: gai_strerror(status))))"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let info = address {
            address = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = String(cString: strerror(errno)); continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connectSocket(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                if let failure = waitUntilWritable(descriptor, timeout: timeout) {
                    lastError = failure
                } else {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return .success(TCPConnection(descriptor: descriptor)) }
                    lastError = String(cString: strerror(error))
                }
            } else {
                lastError = String(cString: strerror(errno))
            }
            closeSocket(descriptor)
        }
        return .failure(.connectionLost("could not connect to \(host):\(port): \(lastError)"))
    }

    /// Waits until the socket can take bytes; the reason when it cannot within `timeout`.
    private static func waitUntilWritable(_ descriptor: Int32, timeout: TimeInterval) -> String? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(max(0, min(timeout, 3_600)) * 1_000)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return nil }
            if ready == 0 { return "no answer within \(timeout) s" }
            if errno != EINTR { return String(cString: strerror(errno)) }
        }
    }

    /// Starts reading: `received` gets each piece as it arrives, on one queue, in order;
    /// `ended` once, with nil at the peer's orderly end, else why.
    func startReading(received: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (String?) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let descriptor = self.descriptor
        source.setEventHandler { [weak self] in
            guard let self, !self.hasEnded else { return }
            let count = self.readBuffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received(Array(self.readBuffer[0..<count]))
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                self.hasEnded = true
                let reason = count == 0 ? nil : String(cString: strerror(errno))
                self.lock.withLock { self.isAtEnd = true }
                // At its end a socket stays readable: stop the source until `close()`, which
                // alone releases the descriptor.
                self.pauseReading()
                ended(reason)
            }
        }
        // The descriptor is closed once: after the source stopped for good, and after any
        // write in progress (on the write queue), so that no read or write can reach a
        // descriptor number the system has given to another connection since.
        let writeQueue = self.writeQueue
        source.setCancelHandler { writeQueue.async { closeSocket(descriptor) } }
        lock.withLock { self.source = source }
        source.resume()
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

    /// Closes the connection; reads end, and the socket is released once the reader has
    /// stopped.
    func close() {
        let (source, wasPaused, wasClosed) = lock.withLock { () -> (DispatchSourceRead?, Bool, Bool) in
            defer { isClosed = true; isPaused = false }
            return (self.source, isPaused, isClosed)
        }
        guard !wasClosed else { return }
        // Wakes a write waiting for room, and tells the peer.
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        if let source {
            source.cancel()
            // A suspended source runs its cancel handler (which closes the socket) only once resumed.
            if wasPaused { source.resume() }
        } else {
            let descriptor = self.descriptor
            writeQueue.async { closeSocket(descriptor) }
        }
    }

    deinit {
        close()
    }
}

/// Closes a socket descriptor.
private func closeSocket(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}

/// Starts connecting a socket.
private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(descriptor, address, length)
    #else
    Darwin.connect(descriptor, address, length)
    #endif
}
