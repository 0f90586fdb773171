#if os(Linux)
import CourierLoopbackServer
import CourierTestSupport
import Foundation
import Testing

@testable import CourierRealtime

/// `wss://` with Courier's own client on Linux: TLS through OpenSSL against Python's
/// `websockets` serving a certificate that the test's own authority signed (trustme).
@Suite("A secure WebSocket connection", .serialized, .timeLimit(.minutes(1)))
struct SecureWebSocketTests {
    /// A TLS server, and the folder with its authority's certificate (`ca.pem`) and another
    /// authority's (`other-ca.pem`).
    static func server() async throws -> (LoopbackServerProcess, URL) {
        let folder = try ScratchFolder.make("courier-tls")
        let server = try await LoopbackServerProcess.start(
            python: WebSocketConnectionTests.python, script: WebSocketConnectionTests.root.appendingPathComponent("Tests/Server/websocket_server.py"),
            arguments: ["--tls", folder.path])
        return (server, folder)
    }

    static func url(_ server: LoopbackServerProcess, host: String = "localhost", _ path: String) -> URL {
        URL(string: "wss://\(host):\(server.baseURL.port!)\(path)")!
    }

    @Test(arguments: ["localhost", "127.0.0.1"])
    func messagesGoBothWaysOverTLS(host: String) async throws {
        let (server, folder) = try await Self.server()
        let connection = try await WebSocketConnection.connect(
            to: Self.url(server, host: host, "/echo"), options: WebSocketOptions(trustedCertificates: folder.appendingPathComponent("ca.pem")))
        // Larger than a TLS record (16 KiB), and many small ones.
        let sent: [WebSocketMessage] = [.text(String(repeating: "secure ", count: 30_000)), .binary((0..<100_000).map { UInt8($0 % 256) })]
            + (0..<100).map { .text("message \($0)") }
        #expect(try await WebSocketConnectionTests.echo(sent, on: connection) == sent)
        // The closing handshake over TLS: the messages end without an error.
        async let ending = WebSocketConnectionTests.ending(of: connection)
        await connection.close()
        #expect(await ending.error == nil)
    }

    @Test func aCertificateNoTrustedAuthoritySignedIsRefused() async throws {
        let (server, folder) = try await Self.server()
        for options in [WebSocketOptions(), WebSocketOptions(trustedCertificates: folder.appendingPathComponent("other-ca.pem"))] {
            let error = await #expect(throws: WebSocketError.self) { try await WebSocketConnection.connect(to: Self.url(server, "/echo"), options: options) }
            guard case .tlsFailed(let host, let reason)? = error else {
                Issue.record("an untrusted certificate ended with \(String(describing: error))")
                continue
            }
            #expect(host == "localhost")
            #expect(reason.contains("not trusted"), "\(reason)")
        }
    }

    @Test func tlsToAPlainServerFailsAtOnce() async throws {
        let server = try await WebSocketConnectionTests.server()
        let error = await #expect(throws: WebSocketError.self) {
            try await WebSocketConnection.connect(to: URL(string: "wss://127.0.0.1:\(server.baseURL.port!)/echo")!, options: WebSocketOptions(connectTimeout: 30))
        }
        guard case .tlsFailed? = error else {
            Issue.record("TLS to a plain server ended with \(String(describing: error))")
            return
        }
    }

    /// Reading pauses while the consumer lags, with bytes that TLS has already decrypted held
    /// back; resuming reads them even though the socket does not look readable.
    @Test func aSlowConsumerOverTLSGetsEveryMessage() async throws {
        let (server, folder) = try await Self.server()
        let connection = try await WebSocketConnection.connect(
            to: Self.url(server, "/flood/3000"), options: WebSocketOptions(inboxLimit: 8, trustedCertificates: folder.appendingPathComponent("ca.pem")))
        try await WebSocketConnectionTests.waitUntilReadingPauses(connection)
        var index = 0
        for try await message in connection.messages {
            guard case .text(let text) = message else { break }
            if text == "done" { break }
            #expect(text.hasPrefix(String(format: "%08d", index)))
            index += 1
        }
        #expect(index == 3000)
        await connection.close()
    }

    /// The realtime socket over `wss://`: Supabase's servers are reached over TLS, and so is the
    /// realtime test server here; a channel joins and hears its own broadcast.
    @Test func theRealtimeSocketWorksOverTLS() async throws {
        let folder = try ScratchFolder.make("courier-tls")
        let server = try await LoopbackServerProcess.start(
            python: WebSocketConnectionTests.python, script: WebSocketConnectionTests.root.appendingPathComponent("Tests/Server/realtime_server.py"),
            arguments: ["--tls", folder.path])
        var options = RealtimeOptions(clock: ManualClock())
        options.webSocket.trustedCertificates = folder.appendingPathComponent("ca.pem")
        let socket = RealtimeSocket(
            url: URL(string: "wss://localhost:\(server.baseURL.port!)/realtime/v1/websocket")!, apiKey: "anon-key", accessToken: "good-1", options: options)
        var events = await socket.subscribe("realtime:room", config: ["broadcast": ["self": true]]).makeAsyncIterator()
        #expect(try await events.next() == .joined)
        try await socket.broadcast("realtime:room", event: "hello", payload: ["over": "tls"])
        guard case .message(let message)? = try await events.next() else { Issue.record("nothing heard"); return }
        #expect(message.payload["payload"] == ["over": "tls"])
        await socket.disconnect()
    }
}
#endif
