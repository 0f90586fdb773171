#if os(Linux)
import Foundation
import Glibc

/// OpenSSL's `libssl`, loaded when the first `wss://` connection needs it. Loading it at run
/// time, not linking it, keeps Courier building where its headers are missing (a machine
/// without `libssl-dev`), and every Linux that runs Foundation's networking has the library:
/// libcurl, which Foundation uses, depends on it. Only functions that are not variadic are
/// called, through their C addresses.
struct OpenSSL: @unchecked Sendable {
    let clientMethod: @convention(c) () -> OpaquePointer?
    let contextNew: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let contextFree: @convention(c) (OpaquePointer?) -> Void
    let contextControl: @convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let contextSetVerify: @convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Void
    let contextDefaultVerifyPaths: @convention(c) (OpaquePointer?) -> Int32
    let contextLoadVerifyLocations: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let new: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let free: @convention(c) (OpaquePointer?) -> Void
    let setDescriptor: @convention(c) (OpaquePointer?, Int32) -> Int32
    let control: @convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let setHost: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let parameters: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let setIPAddress: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let connect: @convention(c) (OpaquePointer?) -> Int32
    let read: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    let error: @convention(c) (OpaquePointer?, Int32) -> Int32
    let verifyResult: @convention(c) (OpaquePointer?) -> Int
    let shutdown: @convention(c) (OpaquePointer?) -> Int32
    let nextError: @convention(c) () -> UInt
    let errorText: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    let verifyErrorText: @convention(c) (Int) -> UnsafePointer<CChar>?

    /// `SSL_get_error`'s answers that matter here.
    static let wantRead: Int32 = 2, wantWrite: Int32 = 3, syscall: Int32 = 5, zeroReturn: Int32 = 6
    /// `SSL_VERIFY_PEER`, `SSL_CTRL_SET_TLSEXT_HOSTNAME`, `SSL_CTRL_SET_MIN_PROTO_VERSION`, TLS 1.2.
    static let verifyPeer: Int32 = 1, setHostName: Int32 = 55, setMinimumVersion: Int32 = 123, tls12 = 0x0303

    /// The library, or why it could not be loaded.
    static let shared: Result<OpenSSL, WebSocketError> = load()

    private static func load() -> Result<OpenSSL, WebSocketError> {
        let pairs = [("libssl.so.3", "libcrypto.so.3"), ("libssl.so.1.1", "libcrypto.so.1.1"), ("libssl.so", "libcrypto.so")]
        guard let (ssl, crypto) = pairs.lazy.compactMap({ pair -> (UnsafeMutableRawPointer, UnsafeMutableRawPointer)? in
            guard let ssl = dlopen(pair.0, RTLD_NOW), let crypto = dlopen(pair.1, RTLD_NOW) else { return nil }
            return (ssl, crypto)
        }).first else {
            return .failure(.unsupported("wss:// needs OpenSSL's libssl (libssl.so.3), which is not installed: apt-get install libssl3"))
        }
        let wanted: [(UnsafeMutableRawPointer, String)] = [
            (ssl, "TLS_client_method"),
            (ssl, "SSL_CTX_new"),
            (ssl, "SSL_CTX_free"),
            (ssl, "SSL_CTX_ctrl"),
            (ssl, "SSL_CTX_set_verify"),
            (ssl, "SSL_CTX_set_default_verify_paths"),
            (ssl, "SSL_CTX_load_verify_locations"),
            (ssl, "SSL_new"),
            (ssl, "SSL_free"),
            (ssl, "SSL_set_fd"),
            (ssl, "SSL_ctrl"),
            (ssl, "SSL_set1_host"),
            (ssl, "SSL_get0_param"),
            (crypto, "X509_VERIFY_PARAM_set1_ip_asc"),
            (ssl, "SSL_connect"),
            (ssl, "SSL_read"),
            (ssl, "SSL_write"),
            (ssl, "SSL_get_error"),
            (ssl, "SSL_get_verify_result"),
            (ssl, "SSL_shutdown"),
            (crypto, "ERR_get_error"),
            (crypto, "ERR_error_string_n"),
            (crypto, "X509_verify_cert_error_string"),
        ]
        var addresses: [String: UnsafeMutableRawPointer] = [:]
        var missing: [String] = []
        for (library, name) in wanted {
            if let address = dlsym(library, name) { addresses[name] = address } else { missing.append(name) }
        }
        guard missing.isEmpty else {
            return .failure(.unsupported("the OpenSSL found lacks \(missing.joined(separator: ", ")); wss:// needs OpenSSL 1.1 or later"))
        }
        func function<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(addresses[name]!, to: type) }
        return .success(OpenSSL(
            clientMethod: function("TLS_client_method", as: (@convention(c) () -> OpaquePointer?).self),
            contextNew: function("SSL_CTX_new", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            contextFree: function("SSL_CTX_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            contextControl: function("SSL_CTX_ctrl", as: (@convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
            contextSetVerify: function("SSL_CTX_set_verify", as: (@convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Void).self),
            contextDefaultVerifyPaths: function("SSL_CTX_set_default_verify_paths", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            contextLoadVerifyLocations: function("SSL_CTX_load_verify_locations", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            new: function("SSL_new", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            free: function("SSL_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            setDescriptor: function("SSL_set_fd", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self),
            control: function("SSL_ctrl", as: (@convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
            setHost: function("SSL_set1_host", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self),
            parameters: function("SSL_get0_param", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            setIPAddress: function("X509_VERIFY_PARAM_set1_ip_asc", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self),
            connect: function("SSL_connect", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            read: function("SSL_read", as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
            write: function("SSL_write", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32).self),
            error: function("SSL_get_error", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self),
            verifyResult: function("SSL_get_verify_result", as: (@convention(c) (OpaquePointer?) -> Int).self),
            shutdown: function("SSL_shutdown", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            nextError: function("ERR_get_error", as: (@convention(c) () -> UInt).self),
            errorText: function("ERR_error_string_n", as: (@convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void).self),
            verifyErrorText: function("X509_verify_cert_error_string", as: (@convention(c) (Int) -> UnsafePointer<CChar>?).self)))
    }

    /// Empties this thread's error queue. OpenSSL asks for it before every I/O call: a stale
    /// error left on the thread (threads serve many connections) makes `SSL_get_error` report a
    /// failure where the call only wanted to wait.
    func clearErrors() {
        while nextError() != 0 {}
    }

    /// The library's queued errors, as one line, and the queue emptied.
    func drainErrors() -> String {
        var lines: [String] = []
        while case let code = nextError(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            errorText(code, &buffer, buffer.count)
            lines.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return lines.joined(separator: "; ")
    }
}
#endif
