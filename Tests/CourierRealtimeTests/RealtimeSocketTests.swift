import CourierLoopbackServer
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import CourierRealtime

/// The realtime socket against a Supabase-Realtime-compatible server (`realtime_server.py`):
/// joins, pushes, heartbeats on the injected clock, a dead connection found and reconnected
/// with backoff, refused tokens, token updates, leaving, a slow consumer, broadcasts, and close
/// codes that forbid reconnecting.
@Suite("The realtime socket against a Phoenix channels server", .serialized, .timeLimit(.minutes(1)))
struct RealtimeSocketTests {
    final class Server: Sendable {
        let process: LoopbackServerProcess
        init(_ process: LoopbackServerProcess) { self.process = process }

        var socketURL: URL { URL(string: "ws://127.0.0.1:\(process.baseURL.port!)/realtime/v1/websocket")! }

        /// Steers the server, or reads what it saw.
        @discardableResult
        func get(_ path: String) async throws -> [String: JSONValue] {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(process.baseURL.port!)\(path)")!)
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: data) else { return [:] }
            return object
        }

        /// Waits (in real time) until what the server saw meets `condition`.
        func waitFor(_ what: String, timeout: Double = 5, _ condition: ([String: JSONValue]) -> Bool) async throws {
            for _ in 0..<Int(timeout * 100) {
                if condition(try await get("/stats")) { return }
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            Issue.record("the server never saw \(what): \(try await get("/stats"))")
        }
    }

    static func server() async throws -> Server {
        Server(try await LoopbackServerProcess.start(
            python: WebSocketConnectionTests.python, script: WebSocketConnectionTests.root.appendingPathComponent("Tests/Server/realtime_server.py")))
    }

    static let tasksConfig: JSONValue = ["postgres_changes": [["event": "*", "schema": "public", "table": "tasks", "filter": "id=eq.7"]]]

    /// Options on a manual clock, with a fixed jitter: the first reconnect waits 0.75 s.
    static func options(_ clock: ManualClock, observer: Recorder<RealtimeConnectionState>? = nil, bufferLimit: Int = 1_000) -> RealtimeOptions {
        var options = RealtimeOptions(heartbeatInterval: 25, replyTimeout: 10, reconnectDelay: 1, jitter: 0.5, random: { 0.5 }, clock: clock, bufferLimit: bufferLimit)
        if let observer { options.observer = { observer.record($0) } }
        return options
    }

    /// The next event that is not a system message.
    static func next(_ iterator: inout AsyncThrowingStream<ChannelEvent, any Error>.Iterator) async throws -> ChannelEvent? {
        while let event = try await iterator.next() {
            if case .message(let message) = event, message.event == "system" { continue }
            return event
        }
        return nil
    }

    @Test func aSubscriptionJoinsAndReceivesTheTablesChanges() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock()))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/push?topic=realtime:tasks&n=3")
        for index in 0..<3 {
            guard case .message(let message)? = try await Self.next(&events) else { Issue.record("no change \(index)"); return }
            #expect(message.event == "postgres_changes")
            #expect(message.payload["data"]?["record"]?["id"] == .integer(Int64(index)))
            #expect(message.payload["data"]?["type"]?.stringValue == "UPDATE")
        }
        await socket.disconnect()
    }

    /// Heartbeats go out on the clock whatever else arrives; one whose reply has not come when
    /// the next is due means a dead connection, which is dropped and made again after the
    /// backoff, and the channel, joined again, says it reconnected.
    @Test func aMissedHeartbeatReplyReconnectsAndEveryChannelRejoins() async throws {
        let server = try await Self.server()
        let clock = ManualClock()
        let states = Recorder<RealtimeConnectionState>()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(clock, observer: states))
        var tasks = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        var room = await socket.subscribe("realtime:room", config: ["broadcast": ["self": true]]).makeAsyncIterator()
        #expect(try await Self.next(&tasks) == .joined)
        #expect(try await Self.next(&room) == .joined)
        try await clock.waitForSleep(of: 25)
        clock.advance(by: 25)
        try await server.waitFor("a heartbeat") { $0["heartbeats"] == .integer(1) }
        // Deaf, and busy: changes keep arriving, and still the heartbeat's reply is missed.
        try await server.get("/deaf?on=1")
        try await clock.waitForSleep(of: 25)
        clock.advance(by: 25)
        try await server.waitFor("the second heartbeat") { $0["heartbeats"] == .integer(2) }
        try await server.get("/push?topic=realtime:tasks&n=2")
        for _ in 0..<2 { _ = try await Self.next(&tasks) }
        try await clock.waitForSleep(of: 25)
        clock.advance(by: 25)
        // The reconnect waits its backoff on the clock: 1 s, half of it jittered by 0.5.
        try await clock.waitForSleep(of: 0.75)
        #expect(states.all.contains { if case .disconnected(let reason, 0.75) = $0 { return reason.contains("heartbeat") } else { return false } }, "\(states.all)")
        try await server.get("/deaf?on=0")
        clock.advance(by: 0.75)
        #expect(try await Self.next(&tasks) == .reconnected)
        #expect(try await Self.next(&room) == .reconnected)
        let stats = try await server.get("/stats")
        #expect(stats["connections_total"] == .integer(2))
        guard case .array(let joins)? = stats["joins"] else { Issue.record("\(stats)"); return }
        #expect(joins.count == 4, "every channel joined again: \(joins)")
        // Changes flow again on the new connection.
        try await server.get("/push?topic=realtime:tasks&n=1")
        guard case .message(let change)? = try await Self.next(&tasks) else { Issue.record("no change after reconnecting"); return }
        #expect(change.event == "postgres_changes")
        await socket.disconnect()
    }

    @Test func aDroppedConnectionReconnectsAfterItsBackoff() async throws {
        let server = try await Self.server()
        let clock = ManualClock()
        let states = Recorder<RealtimeConnectionState>()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(clock, observer: states))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/drop")
        try await clock.waitForSleep(of: 0.75)
        clock.advance(by: 0.75)
        #expect(try await Self.next(&events) == .reconnected)
        #expect(states.all.first == .connecting(attempt: 1))
        #expect(states.all.contains(.connected))
        await socket.disconnect()
    }

    /// A channel that crashed on the server is joined again, and says so: what was sent
    /// meanwhile is lost.
    @Test func aChannelThatCrashedOnTheServerIsJoinedAgain() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock()))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/crash?topic=realtime:tasks")
        #expect(try await Self.next(&events) == .reconnected)
        try await server.get("/push?topic=realtime:tasks&n=1")
        guard case .message(let change)? = try await Self.next(&events) else { Issue.record("no change after the rejoin"); return }
        #expect(change.event == "postgres_changes")
        await socket.disconnect()
    }

    @Test func aRefusedTokenEndsTheSubscriptionWithATypedError() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "expired", options: Self.options(ManualClock()))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        await #expect(throws: RealtimeError.tokenRefused("Invalid JWT: the token is not valid")) { _ = try await events.next() }
        // A token that expires while joined ends the subscription too.
        await socket.setAccessToken("good-2")
        var later = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&later) == .joined)
        try await server.get("/expire?topic=realtime:tasks")
        await #expect(throws: RealtimeError.tokenRefused("Token has expired 0 seconds ago")) { while try await later.next() != nil {} }
        await socket.disconnect()
    }

    @Test func aNewTokenGoesToEveryJoinedChannel() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock()))
        var tasks = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        var room = await socket.subscribe("realtime:room").makeAsyncIterator()
        #expect(try await Self.next(&tasks) == .joined)
        #expect(try await Self.next(&room) == .joined)
        await socket.setAccessToken("good-2")
        try await server.waitFor("the new token on both channels") {
            $0["tokens"]?["realtime:tasks"] == ["good-1", "good-2"] && $0["tokens"]?["realtime:room"] == ["good-1", "good-2"]
        }
        await socket.disconnect()
    }

    @Test func endingTheIterationLeavesTheChannelAndTheLastOneClosesTheSocket() async throws {
        let server = try await Self.server()
        let states = Recorder<RealtimeConnectionState>()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock(), observer: states))
        let joined = AsyncStream<Void>.makeStream()
        let consumer = Task {
            for try await event in await socket.subscribe("realtime:tasks", config: Self.tasksConfig) where event == .joined {
                joined.continuation.yield()
            }
        }
        var signal = joined.stream.makeAsyncIterator()
        await signal.next()
        consumer.cancel()
        try await server.waitFor("the leave, and the socket closed") { $0["leaves"] == ["realtime:tasks"] && $0["connections"] == .integer(0) }
        #expect(await socket.subscriptionCount == 0)
        #expect(states.all.last == .closed(reason: "no subscription is left"))
    }

    @Test func aConsumerThatFallsBehindIsToldNotSilentlyDroppedOn() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock(), bufferLimit: 5))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/push?topic=realtime:tasks&n=50")
        // Take nothing until the socket has given the subscription up.
        for _ in 0..<1_000 where await socket.subscriptionCount > 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(await socket.subscriptionCount == 0, "the subscription was not given up")
        var received = 0
        do {
            while try await events.next() != nil { received += 1 }
            Issue.record("the subscription ended without an error after \(received) events")
        } catch let error as RealtimeError {
            #expect(error == .consumerTooSlow(dropped: 1))
        }
        // What waited in the buffer (the system message and changes), never more.
        #expect(received <= 5)
        await socket.disconnect()
    }

    @Test func aBroadcastReachesTheOtherSubscribers() async throws {
        let server = try await Self.server()
        let sender = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock()))
        let listener = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock()))
        var sent = await sender.subscribe("realtime:room", config: ["broadcast": ["self": false]]).makeAsyncIterator()
        var heard = await listener.subscribe("realtime:room", config: ["broadcast": ["self": false]]).makeAsyncIterator()
        #expect(try await Self.next(&sent) == .joined)
        #expect(try await Self.next(&heard) == .joined)
        try await sender.broadcast("realtime:room", event: "cursor", payload: ["x": 3, "y": 4])
        guard case .message(let message)? = try await Self.next(&heard) else { Issue.record("nothing heard"); return }
        #expect(message.event == "broadcast")
        #expect(message.payload["event"]?.stringValue == "cursor")
        #expect(message.payload["payload"] == ["x": 3, "y": 4])
        await sender.disconnect()
        await listener.disconnect()
    }

    @Test func aCloseCodeThatForbidsRetryingEndsEverySubscription() async throws {
        let server = try await Self.server()
        let states = Recorder<RealtimeConnectionState>()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(ManualClock(), observer: states))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/close?code=4001")
        await #expect(throws: RealtimeError.socket(.closed(WebSocketCloseCode(rawValue: 4001), reason: "closed by the test"))) {
            _ = try await Self.next(&events)
        }
        #expect(await socket.subscriptionCount == 0)
        guard case .closed? = states.all.last else { Issue.record("\(states.all)"); return }
    }

    @Test func aWrongAPIKeyIsRefusedForGood() async throws {
        let server = try await Self.server()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "wrong", accessToken: "good-1", options: Self.options(ManualClock()))
        var events = await socket.subscribe("realtime:tasks").makeAsyncIterator()
        await #expect(throws: RealtimeError.self) { _ = try await events.next() }
    }

    /// Codes that allow coming back (going away, a server error, a restart, an abnormal end)
    /// reconnect; the channel says so.
    @Test(arguments: [1001, 1011, 1012, 1013])
    func aCloseCodeThatAllowsRetryingReconnects(code: Int) async throws {
        let server = try await Self.server()
        let clock = ManualClock()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(clock))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/close?code=\(code)")
        try await clock.waitForSleep(of: 0.75)
        clock.advance(by: 0.75)
        #expect(try await Self.next(&events) == .reconnected)
        await socket.disconnect()
    }

    /// A message that is not JSON is skipped, and the channel goes on; one past the size limit
    /// fails the connection (1009), which is made again.
    @Test func aMalformedMessageIsSkippedAndAnOversizedOneReconnects() async throws {
        let server = try await Self.server()
        let clock = ManualClock()
        let socket = RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: "good-1", options: Self.options(clock))
        var events = await socket.subscribe("realtime:tasks", config: Self.tasksConfig).makeAsyncIterator()
        #expect(try await Self.next(&events) == .joined)
        try await server.get("/malformed")
        try await server.get("/push?topic=realtime:tasks&n=1")
        guard case .message(let change)? = try await Self.next(&events) else { Issue.record("nothing after the malformed message"); return }
        #expect(change.event == "postgres_changes")
        try await server.get("/oversized?topic=realtime:tasks")
        try await clock.waitForSleep(of: 0.75)
        clock.advance(by: 0.75)
        #expect(try await Self.next(&events) == .reconnected)
        await socket.disconnect()
    }
}
