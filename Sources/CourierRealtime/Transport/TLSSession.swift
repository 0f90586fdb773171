#if os(Linux)
import Foundation
import Glibc

/// TLS on a connected socket, with OpenSSL: TLS 1.2 or later, the server's certificate checked
/// against the system's trusted authorities (and any the app adds) and against the host name or
/// address, with the host name sent (SNI). OpenSSL's objects may not be used from two threads at
/// once, so every call into it holds the session's lock; waiting for the socket does not.
final class TLSSession: @unchecked Sendable {
    private let library: OpenSSL
    private let context: OpaquePointer
    private let session: OpaquePointer
    private let lock = NSLock()
    private var isReleased = false

    /// What one read gave.
    enum ReadOutcome: Equatable {
        case bytes(Int), wouldBlock, end, failure(String)
    }

    /// What one write gave.
    enum WriteOutcome: Equatable {
        case wrote(Int), wantRead, wantWrite, failure(String)
    }

    /// The client contexts, one per set of trusted certificates, made once and shared by every
    /// session: OpenSSL 3 takes milliseconds to make one (a connection took 25 ms, 1.9 ms for
    /// libcurl, which keeps its own), and a context may serve many sessions at once.
    private static let contexts = ContextCache()

    private init(library: OpenSSL, context: OpaquePointer, session: OpaquePointer) {
        self.library = library
        self.context = context
        self.session = session
    }

    /// Runs the TLS handshake on `descriptor`, a non-blocking socket connected to `host`,
    /// within `timeout`; blocks the calling thread.
    static func handshake(
        descriptor: Int32, host: String, trustedCertificates: String?, timeout: TimeInterval
    ) -> Result<TLSSession, WebSocketError> {
        let library: OpenSSL
        switch OpenSSL.shared {
        case .success(let loaded): library = loaded
        case .failure(let error): return .failure(error)
        }
        let context: OpaquePointer
        switch contexts.context(trusting: trustedCertificates, library: library) {
        case .success(let made): context = made
        case .failure(let failure): return .failure(.tlsFailed(host, failure.reason))
        }
        guard let session = library.new(context) else {
            return .failure(.tlsFailed(host, "OpenSSL could not make a session: \(library.drainErrors())"))
        }
        let tls = TLSSession(library: library, context: context, session: session)
        _ = library.setDescriptor(session, descriptor)
        if isIPAddress(host) {
            _ = library.setIPAddress(library.parameters(session), host)
        } else {
            // SNI (RFC 6066) names hosts, never addresses.
            _ = host.withCString { library.control(session, OpenSSL.setHostName, 0, UnsafeMutableRawPointer(mutating: $0)) }
            _ = library.setHost(session, host)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            library.clearErrors()
            let result = library.connect(session)
            if result == 1 { return .success(tls) }
            let code = library.error(session, result)
            let remaining = deadline.timeIntervalSinceNow
            if (code == OpenSSL.wantRead || code == OpenSSL.wantWrite), remaining > 0 {
                if waitFor(code == OpenSSL.wantRead ? POLLIN : POLLOUT, on: descriptor, timeout: remaining) { continue }
                return .failure(.timedOut("the TLS handshake with \(host) took longer than \(timeout) s"))
            }
            let verification = library.verifyResult(session)
            let reason = verification != 0
                ? "its certificate is not trusted: \(library.verifyErrorText(verification).map { String(cString: $0) } ?? "error \(verification)")"
                : library.drainErrors()
            return .failure(.tlsFailed(host, reason.isEmpty ? "the handshake failed" : reason))
        }
    }

    /// Reads decrypted bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        lock.withLock {
            guard !isReleased else { return .end }
            library.clearErrors()
            let count = library.read(session, buffer.baseAddress, Int32(buffer.count))
            if count > 0 { return .bytes(Int(count)) }
            switch library.error(session, count) {
            case OpenSSL.wantRead, OpenSSL.wantWrite: return .wouldBlock
            case OpenSSL.zeroReturn: return .end
            case OpenSSL.syscall where errno == 0: return .end
            default: return .failure("TLS: \(library.drainErrors())")
            }
        }
    }

    /// Encrypts and writes `count` bytes at `bytes`; after `wantRead` or `wantWrite`, call
    /// again with the same bytes once the socket is ready.
    func write(_ bytes: UnsafeRawPointer, count: Int) -> WriteOutcome {
        lock.withLock {
            guard !isReleased else { return .failure("the TLS session is closed") }
            library.clearErrors()
            let written = library.write(session, bytes, Int32(min(count, Int(Int32.max))))
            if written > 0 { return .wrote(Int(written)) }
            switch library.error(session, written) {
            case OpenSSL.wantRead: return .wantRead
            case OpenSSL.wantWrite: return .wantWrite
            default: return .failure("TLS: \(library.drainErrors())")
            }
        }
    }

    /// Tells the server the session ends (close_notify), if the socket takes it now.
    func shutdown() {
        lock.withLock {
            guard !isReleased else { return }
            library.clearErrors()
            _ = library.shutdown(session)
            _ = library.drainErrors()
        }
    }

    /// Frees OpenSSL's objects; called once no read or write can come.
    func release() {
        lock.withLock {
            guard !isReleased else { return }
            isReleased = true
            library.free(session)
        }
    }

    deinit {
        release()
    }

    /// Why a context could not be made.
    struct ContextFailure: Error {
        let reason: String
    }

    /// OpenSSL client contexts by the file of extra trusted certificates (none: the system's only).
    final class ContextCache: @unchecked Sendable {
        private let lock = NSLock()
        private var contexts: [String: OpaquePointer] = [:]

        /// The shared context, made the first time: TLS 1.2 or later, the peer verified against
        /// the system's authorities and those in `trustedCertificates`.
        func context(trusting trustedCertificates: String?, library: OpenSSL) -> Result<OpaquePointer, ContextFailure> {
            lock.withLock {
                if let made = contexts[trustedCertificates ?? ""] { return .success(made) }
                guard let context = library.contextNew(library.clientMethod()) else {
                    return .failure(ContextFailure(reason: "OpenSSL could not make a context: \(library.drainErrors())"))
                }
                _ = library.contextControl(context, OpenSSL.setMinimumVersion, OpenSSL.tls12, nil)
                library.contextSetVerify(context, OpenSSL.verifyPeer, nil)
                _ = library.contextDefaultVerifyPaths(context)
                if let trustedCertificates, library.contextLoadVerifyLocations(context, trustedCertificates, nil) != 1 {
                    library.contextFree(context)
                    return .failure(ContextFailure(reason: "the trusted certificates in \(trustedCertificates) could not be read: \(library.drainErrors())"))
                }
                contexts[trustedCertificates ?? ""] = context
                return .success(context)
            }
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Waits until `descriptor` is ready for `events`; false when `timeout` passed first.
    static func waitFor(_ events: Int32, on descriptor: Int32, timeout: TimeInterval) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        let milliseconds = Int32(max(1, min(timeout, 3_600) * 1_000))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            if errno != EINTR { return false }
        }
    }
}
#endif
