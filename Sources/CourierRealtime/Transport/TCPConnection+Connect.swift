import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Connecting: each of the host's addresses in turn, each within the timeout.

extension TCPConnection {
    /// Connects to `host`:`port`, trying each of its addresses in turn, each within `timeout`.
    static func connect(host: String, port: Int, timeout: TimeInterval) async throws(WebSocketError) -> TCPConnection {
        let result: Result<TCPConnection, WebSocketError> = await withCheckedContinuation { continuation in
            // Name resolution blocks: off the cooperative pool.
            DispatchQueue.global().async { continuation.resume(returning: Self.connectBlocking(host: host, port: port, timeout: timeout)) }
        }
        return try result.get()
    }

    static func connectBlocking(host: String, port: Int, timeout: TimeInterval) -> Result<TCPConnection, WebSocketError> {
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
    static func waitUntilWritable(_ descriptor: Int32, timeout: TimeInterval) -> String? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(max(0, min(timeout, 3_600)) * 1_000)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return nil }
            if ready == 0 { return "no answer within \(timeout) s" }
            if errno != EINTR { return String(cString: strerror(errno)) }
        }
    }
}

/// Starts connecting a socket.
private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(descriptor, address, length)
    #else
    Darwin.connect(descriptor, address, length)
    #endif
}
