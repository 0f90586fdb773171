import CourierLoopbackServer
import CourierRealtime
import Foundation

#if os(Linux)
import Glibc

/// The measurement behind wss:// on Linux: Courier's client over OpenSSL's libssl (loaded at run
/// time) beside the other way the toolchain's libraries allow, libcurl's connect-only mode (TLS by
/// libcurl, the WebSocket bytes by hand through `curl_easy_send` and `curl_easy_recv`), both
/// against Python's websockets serving TLS with a certificate of a test authority: the time to
/// connect (TCP, TLS and the upgrade), and echoing 1 KB messages.
enum TLSChoice {
    typealias EasyInit = @convention(c) () -> OpaquePointer?
    typealias EasySetopt = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias EasyPerform = @convention(c) (OpaquePointer?) -> Int32
    typealias EasySend = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32
    typealias EasyRecv = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32
    typealias EasyGetinfo = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias EasyCleanup = @convention(c) (OpaquePointer?) -> Void

    /// libcurl's functions, found at run time.
    struct Curl {
        let initialize: EasyInit, setopt: EasySetopt, perform: EasyPerform, send: EasySend, recv: EasyRecv, getinfo: EasyGetinfo, cleanup: EasyCleanup

        init() throws {
            guard let library = dlopen("libcurl.so.4", RTLD_NOW) else { throw BenchmarkError("no libcurl.so.4") }
            func symbol<T>(_ name: String, _: T.Type) throws -> T {
                guard let pointer = dlsym(library, name) else { throw BenchmarkError("libcurl has no \(name)") }
                return unsafeBitCast(pointer, to: T.self)
            }
            initialize = try symbol("curl_easy_init", EasyInit.self)
            setopt = try symbol("curl_easy_setopt", EasySetopt.self)
            perform = try symbol("curl_easy_perform", EasyPerform.self)
            send = try symbol("curl_easy_send", EasySend.self)
            recv = try symbol("curl_easy_recv", EasyRecv.self)
            getinfo = try symbol("curl_easy_getinfo", EasyGetinfo.self)
            cleanup = try symbol("curl_easy_cleanup", EasyCleanup.self)
        }
    }

    static let optionURL: Int32 = 10002, optionConnectOnly: Int32 = 141, optionCAInfo: Int32 = 10065
    static let infoActiveSocket: Int32 = 0x500000 + 44
    static let again: Int32 = 81

    /// A WebSocket over libcurl's connect-only TLS connection.
    final class CurlWebSocket {
        let curl: Curl
        let handle: OpaquePointer
        let socket: Int32
        var pending: [UInt8] = []

        init(curl: Curl, port: Int, caFile: String) throws {
            self.curl = curl
            guard let handle = curl.initialize() else { throw BenchmarkError("curl_easy_init failed") }
            self.handle = handle
            _ = "https://127.0.0.1:\(port)/echo".withCString { curl.setopt(handle, TLSChoice.optionURL, $0) }
            _ = caFile.withCString { curl.setopt(handle, TLSChoice.optionCAInfo, $0) }
            _ = curl.setopt(handle, TLSChoice.optionConnectOnly, UnsafeRawPointer(bitPattern: 1))
            let result = curl.perform(handle)
            guard result == 0 else { throw BenchmarkError("curl_easy_perform failed: \(result)") }
            var active: Int32 = -1
            _ = curl.getinfo(handle, TLSChoice.infoActiveSocket, &active)
            socket = active
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            try write(Array("GET /echo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
            while true {
                if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
                    guard String(decoding: pending[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else { throw BenchmarkError("no upgrade") }
                    pending.removeSubrange(..<end.upperBound)
                    break
                }
                try read()
            }
        }

        func wait(for events: Int16) {
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            _ = poll(&descriptor, 1, 1000)
        }

        func write(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                var sent = 0
                let result = bytes[offset...].withUnsafeBytes { curl.send(handle, $0.baseAddress, $0.count, &sent) }
                if result == TLSChoice.again { wait(for: Int16(POLLOUT)); continue }
                guard result == 0 else { throw BenchmarkError("curl_easy_send failed: \(result)") }
                offset += sent
            }
        }

        func read() throws {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var received = 0
            let result = buffer.withUnsafeMutableBytes { curl.recv(handle, $0.baseAddress, $0.count, &received) }
            if result == TLSChoice.again { wait(for: Int16(POLLIN)); return }
            guard result == 0, received > 0 else { throw BenchmarkError("curl_easy_recv failed: \(result)") }
            pending += buffer[..<received]
        }

        /// A masked text frame, as a client sends.
        func sendText(_ payload: [UInt8]) throws {
            var frame: [UInt8] = [0x81]
            if payload.count < 126 {
                frame.append(0x80 | UInt8(payload.count))
            } else {
                frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
            }
            let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
            frame += mask
            frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
            try write(frame)
        }

        /// The next unmasked frame's payload from the server (up to 64 KiB).
        func receive() throws -> [UInt8] {
            while true {
                if pending.count >= 2 {
                    var length = Int(pending[1] & 0x7F), header = 2
                    if length == 126, pending.count >= 4 { length = Int(pending[2]) << 8 | Int(pending[3]); header = 4 }
                    if length < 126 || header == 4, pending.count >= header + length {
                        let payload = Array(pending[header..<(header + length)])
                        pending.removeFirst(header + length)
                        return payload
                    }
                }
                try read()
            }
        }

        deinit { curl.cleanup(handle) }
    }

    static func run(python: String, root: URL) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await LoopbackServerProcess.start(
            python: python, script: root.appendingPathComponent("Tests/Server/websocket_server.py"), arguments: ["--tls", folder.path])
        let port = server.baseURL.port!
        let ca = folder.appendingPathComponent("ca.pem")
        let curl = try Curl()
        let payload = Array(String(repeating: "x", count: 1024).utf8)
        let connections = 50, messages = 2_000
        say("== wss:// on Linux: OpenSSL (Courier's client) beside libcurl connect-only, \(connections) connections, then \(messages) echoes of 1 KB, 3 runs, best")
        var ours: (connect: Double, echo: Double) = (.infinity, .infinity)
        var theirs: (connect: Double, echo: Double) = (.infinity, .infinity)
        for _ in 0..<3 {
            var start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<connections {
                let connection = try await WebSocketConnection.connect(to: URL(string: "wss://127.0.0.1:\(port)/echo")!, options: WebSocketOptions(trustedCertificates: ca))
                await connection.close()
            }
            ours.connect = min(ours.connect, seconds(since: start) / Double(connections))
            let connection = try await WebSocketConnection.connect(to: URL(string: "wss://127.0.0.1:\(port)/echo")!, options: WebSocketOptions(trustedCertificates: ca))
            var iterator = connection.messages.makeAsyncIterator()
            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<messages {
                try await connection.send(.text(String(decoding: payload, as: UTF8.self)))
                _ = try await iterator.next()
            }
            ours.echo = min(ours.echo, seconds(since: start))
            await connection.close()

            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<connections { _ = try CurlWebSocket(curl: curl, port: port, caFile: ca.path) }
            theirs.connect = min(theirs.connect, seconds(since: start) / Double(connections))
            let socket = try CurlWebSocket(curl: curl, port: port, caFile: ca.path)
            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<messages {
                try socket.sendText(payload)
                _ = try socket.receive()
            }
            theirs.echo = min(theirs.echo, seconds(since: start))
        }
        say(String(format: "OpenSSL, Courier's client: connect %.2f ms, %d echoes %.3f s (%.0f µs each)", ours.connect * 1000, messages, ours.echo, ours.echo / Double(messages) * 1e6))
        say(String(format: "libcurl connect-only:      connect %.2f ms, %d echoes %.3f s (%.0f µs each)", theirs.connect * 1000, messages, theirs.echo, theirs.echo / Double(messages) * 1e6))
    }
}
#endif
