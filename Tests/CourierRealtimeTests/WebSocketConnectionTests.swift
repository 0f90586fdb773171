import CourierLoopbackServer
import CourierTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import CourierRealtime

/// Courier's WebSocket client against a server nobody here wrote (Python's `websockets`,
/// `Tests/Server/websocket_server.py`), over loopback: messages both ways, fragments, pings,
/// each way a connection ends, limits, a slow consumer and many sends at once.
@Suite("A WebSocket connection against a real server", .serialized, .timeLimit(.minutes(1)))
struct WebSocketConnectionTests {
    static let root = ExternalCollection.repositoryRoot

    static func server() async throws -> LoopbackServerProcess {
        try await LoopbackServerProcess.start(python: python, script: root.appendingPathComponent("Tests/Server/websocket_server.py"))
    }

    /// Connects with one implementation.
    static func connect(
        _ implementation: WebSocketImplementation, _ url: URL, _ options: WebSocketOptions = WebSocketOptions()
    ) async throws(WebSocketError) -> any WebSocketClient {
        var options = options
        options.implementation = implementation
        return try await connectWebSocket(to: url, options: options)
    }

    static let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path

    static func url(_ server: LoopbackServerProcess, _ path: String) -> URL {
        URL(string: "ws://127.0.0.1:\(server.baseURL.port!)\(path)")!
    }

    /// How the server saw each connection end, by path, once it has: "<path> <close code>".
    static func seen(_ server: LoopbackServerProcess, _ path: String) async throws -> String? {
        for _ in 0..<200 {
            let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("seen"))
            let entries = try JSONDecoder().decode([String].self, from: data)
            if let entry = entries.last(where: { $0.hasPrefix(path + " ") }) { return entry }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return nil
    }

    /// The error that ended `connection`'s messages, after collecting them.
    static func ending(of connection: any WebSocketClient) async -> (messages: [WebSocketMessage], error: (any Error)?) {
        var messages: [WebSocketMessage] = []
        do {
            for try await message in connection.messages { messages.append(message) }
            return (messages, nil)
        } catch {
            return (messages, error)
        }
    }

    /// Waits (in real time, at most ten seconds) until the connection has stopped reading
    /// because its inbox is full.
    static func waitUntilReadingPauses(_ connection: WebSocketConnection) async throws {
        for _ in 0..<10_000 where !connection.backlog.isReadingPaused { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(connection.backlog.isReadingPaused, "reading never paused")
    }

    /// Sends `messages` to an echo server and returns as many messages as come back.
    static func echo(_ messages: [WebSocketMessage], on connection: any WebSocketClient) async throws -> [WebSocketMessage] {
        for message in messages { try await connection.send(message) }
        var received: [WebSocketMessage] = []
        for try await message in connection.messages {
            received.append(message)
            if received.count == messages.count { break }
        }
        return received
    }

    @Test(arguments: WebSocketImplementation.available)
    func messagesGoBothWaysWholeAndInOrder(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/echo"))
        let large = String(repeating: "€uro ", count: 40_000)  // 240,000 bytes: a 64-bit length
        let binary = (0..<70_000).map { UInt8($0 % 251) }
        let sent: [WebSocketMessage] = [.text("hello"), .text(""), .binary(binary), .text(large), .binary([])]
        #expect(try await Self.echo(sent, on: connection) == sent)
        await connection.close()
        #expect(try await Self.seen(server, "/echo") == "/echo 1000")
    }

    @Test(arguments: WebSocketImplementation.available)
    func fragmentsAreJoinedIntoOneMessage(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/fragments"))
        var iterator = connection.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("Hello, world"))
        #expect(try await iterator.next() == .binary(Array((0..<273).flatMap { _ in 0...255 }) + [UInt8](repeating: 0, count: 112)))
        await connection.close()
    }

    @Test func theServersPingIsAnsweredAndOursIsToo() async throws {
        let server = try await Self.server()
        let connection = try await WebSocketConnection.connect(to: Self.url(server, "/ping"))
        var iterator = connection.messages.makeAsyncIterator()
        // The server says so only after our pong came back with its payload.
        #expect(try await iterator.next() == .text("pong:are you there"))
        let pongs = AsyncStream<[UInt8]>.makeStream()
        connection.onPong { pongs.continuation.yield($0) }
        try await connection.ping(Array("ours".utf8))
        var pongIterator = pongs.stream.makeAsyncIterator()
        #expect(await pongIterator.next() == Array("ours".utf8))
        await connection.close()
    }

    @Test(arguments: WebSocketImplementation.available, [1000, 1001, 1011, 4001, 4999])
    func theServersCloseEndsTheMessagesWithItsCodeAndIsAnswered(_ implementation: WebSocketImplementation, code: Int) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/close/\(code)"))
        let (_, error) = await Self.ending(of: connection)
        #expect(error as? WebSocketError == .closed(WebSocketCloseCode(rawValue: UInt16(code)), reason: "bye"))
        // The client answered the close frame: the server saw its own code come back.
        #expect(try await Self.seen(server, "/close/\(code)") == "/close/\(code) \(code)")
    }

    @Test(arguments: WebSocketImplementation.available)
    func aDroppedConnectionIsLostNotClosed(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/drop"))
        let (_, error) = await Self.ending(of: connection)
        guard case .connectionLost? = error as? WebSocketError else {
            Issue.record("a dropped connection ended with \(String(describing: error))")
            return
        }
        await #expect(throws: WebSocketError.self) { try await connection.send(.text("anyone?")) }
    }

    /// A connection the server dropped keeps its socket until it is closed: closing it later
    /// must not reach the connection that the system gave the same descriptor number since.
    @Test func closingALostConnectionLeavesTheNextOneAlone() async throws {
        let server = try await Self.server()
        // The release races with the next connection's socket: try it often enough to meet it.
        for round in 0..<30 {
            let lost = try await WebSocketConnection.connect(to: Self.url(server, "/drop"))
            _ = await Self.ending(of: lost)
            let next = try await WebSocketConnection.connect(to: Self.url(server, "/echo"))
            await lost.close()
            try await next.send(.text("still here \(round)"))
            var iterator = next.messages.makeAsyncIterator()
            #expect(try await iterator.next() == .text("still here \(round)"))
            await next.close()
        }
    }

    @Test func aBrokenFrameFailsTheConnectionWith1002() async throws {
        let server = try await Self.server()
        let connection = try await WebSocketConnection.connect(to: Self.url(server, "/malformed"))
        let (_, error) = await Self.ending(of: connection)
        guard case .protocolViolation(.protocolError, _)? = error as? WebSocketError else {
            Issue.record("a frame with a reserved bit ended with \(String(describing: error))")
            return
        }
        #expect(try await Self.seen(server, "/malformed") == "/malformed 1002")
    }

    @Test func aMessagePastTheLimitFailsTheConnectionWith1009() async throws {
        let server = try await Self.server()
        let connection = try await WebSocketConnection.connect(to: Self.url(server, "/big/300000"), options: WebSocketOptions(maxMessageSize: 100_000))
        let (messages, error) = await Self.ending(of: connection)
        #expect(messages.isEmpty)
        guard case .protocolViolation(.messageTooBig, _)? = error as? WebSocketError else {
            Issue.record("an oversized message ended with \(String(describing: error))")
            return
        }
        #expect(try await Self.seen(server, "/big/300000") == "/big/300000 1009")
    }

    @Test(arguments: WebSocketImplementation.available)
    func aRefusedUpgradeSaysWhatTheServerAnswered(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let error = await #expect(throws: WebSocketError.self) { try await Self.connect(implementation, Self.url(server, "/refuse")) }
        guard case .handshakeRefused(403, _)? = error else {
            Issue.record("a refused upgrade ended with \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("credentials were refused") == true)
    }

    @Test(arguments: WebSocketImplementation.available)
    func theAgreedSubprotocolIsKnown(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/subprotocol"), WebSocketOptions(protocols: ["phoenix", "v2"]))
        #expect(connection.subprotocol == "phoenix")
        await connection.close()
        let plain = try await Self.connect(implementation, Self.url(server, "/echo"), WebSocketOptions(protocols: ["phoenix"]))
        #expect(plain.subprotocol == nil)
        await plain.close()
    }

    @Test(arguments: WebSocketImplementation.available)
    func closingEndsTheMessagesWithoutAnError(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/echo"))
        async let ending = Self.ending(of: connection)
        await connection.close(.goingAway, reason: "done")
        let (_, error) = await ending
        #expect(error == nil)
        #expect(try await Self.seen(server, "/echo") == "/echo 1001")
    }

    @Test func unreachableAndMalformedURLsFailAtOnce() async throws {
        await #expect(throws: WebSocketError.self) { try await WebSocketConnection.connect(to: URL(string: "http://127.0.0.1/")!) }
        // A port nobody listens on: refused, not a wait for the timeout.
        let error = await #expect(throws: WebSocketError.self) { try await WebSocketConnection.connect(to: URL(string: "ws://127.0.0.1:1/")!) }
        guard case .connectionLost? = error else {
            Issue.record("a refused connection ended with \(String(describing: error))")
            return
        }
    }

    /// A consumer that does not keep up: the connection stops reading from the network once
    /// its inbox holds `inboxLimit` messages, so what waits in memory stays bounded (the limit,
    /// and at most one read's worth of frames), and every message still arrives, in order.
    @Test func aSlowConsumerSlowsTheServerInsteadOfGrowingMemory() async throws {
        let server = try await Self.server()
        let limit = 16
        let connection = try await WebSocketConnection.connect(to: Self.url(server, "/flood/3000"), options: WebSocketOptions(inboxLimit: limit))
        // Take nothing until the inbox is full and reading has paused.
        try await WebSocketConnectionTests.waitUntilReadingPauses(connection)
        var most = 0
        var index = 0
        for try await message in connection.messages {
            most = max(most, connection.backlog.messages)
            guard case .text(let text) = message else { Issue.record("not text: \(message)"); break }
            if text == "done" { break }
            #expect(text.hasPrefix(String(format: "%08d", index)), "message \(index) came as \(text.prefix(8))")
            index += 1
        }
        #expect(index == 3000)
        // One read takes at most 64 KiB: 64 messages of 1 KiB beyond the limit.
        #expect(most <= limit + 64, "\(most) messages waited at once")
        await connection.close()
    }

    /// Many tasks sending on one connection at once: every frame goes out whole, none
    /// interleaved with another.
    @Test(arguments: WebSocketImplementation.available)
    func manySendsAtOnceEachArriveWhole(_ implementation: WebSocketImplementation) async throws {
        let server = try await Self.server()
        let connection = try await Self.connect(implementation, Self.url(server, "/echo"))
        let count = 200
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask { try await connection.send(.text("\(index):" + String(repeating: "z", count: 3_000 + index))) }
            }
            try await group.waitForAll()
        }
        var received: Set<String> = []
        for try await message in connection.messages {
            guard case .text(let text) = message else { continue }
            received.insert(text)
            if received.count == count { break }
        }
        #expect(received == Set((0..<count).map { "\($0):" + String(repeating: "z", count: 3_000 + $0) }))
        await connection.close()
    }

    #if !canImport(Darwin)
    /// On Linux, URLSession's WebSocket task fails every connection; asking for it is a typed
    /// error that says so and names the way that works, not a hang or a crash.
    @Test func urlSessionsWebSocketIsATypedErrorOnLinux() async throws {
        let server = try await Self.server()
        let error = await #expect(throws: WebSocketError.self) { try await Self.connect(.urlSession, Self.url(server, "/echo")) }
        guard case .unsupported(let reason)? = error else {
            Issue.record("URLSession's WebSocket on Linux ended with \(String(describing: error))")
            return
        }
        #expect(reason.contains("WebSocketImplementation.courier"))
        #expect(WebSocketImplementation.platformDefault == .courier)
    }
    #endif
}
