import CourierFixtures
import CourierLoopbackServer
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

@testable import CourierRealtime

/// The typed layers over the socket: table changes decoded into rows, generated broadcast
/// channels and WebSocket endpoints, and the access token the socket asks for.
@Suite("Typed subscriptions, channels and sockets", .serialized, .timeLimit(.minutes(1)))
struct TypedRealtimeTests {
    typealias Server = RealtimeSocketTests.Server

    /// A row of the server's pushes, and its key.
    struct TaskRow: Decodable, Sendable, Equatable {
        var id: Int
        var status: String
    }

    struct TaskKey: Decodable, Sendable, Equatable {
        var id: Int
    }

    /// A row the pushes cannot fill.
    struct StrictRow: Decodable, Sendable, Equatable {
        var id: Int
        var owner: String
    }

    /// Hands out tokens in turn, the last one again and again, or throws what it is given.
    final class Tokens: @unchecked Sendable {
        private let lock = NSLock()
        private var queue: [String]
        private var failure: (any Error)?
        private(set) var asked = 0

        init(_ tokens: [String]) { queue = tokens }

        func fail(with error: any Error) { lock.withLock { failure = error } }

        func next() throws -> String? {
            try lock.withLock {
                asked += 1
                if let failure { throw failure }
                return queue.count > 1 ? queue.removeFirst() : queue.first
            }
        }
    }

    static func socket(_ server: Server, tokens: Tokens, clock: ManualClock = ManualClock()) -> RealtimeSocket {
        RealtimeSocket(url: server.socketURL, apiKey: "anon-key", accessToken: { try tokens.next() }, options: RealtimeSocketTests.options(clock))
    }

    @Test func changesArriveAsTypedRowsWithTheirOldKeys() async throws {
        let server = try await RealtimeSocketTests.server()
        let socket = Self.socket(server, tokens: Tokens(["good-1"]))
        let changes = TableChanges<TaskRow, TaskKey>(socket: socket, table: "tasks", events: [.update], filter: .equal("id", 7))
        var iterator = changes.makeAsyncIterator()
        #expect(try await iterator.next() == .subscribed)
        let stats = try await server.get("/stats")
        #expect(stats["joins"]?.description.contains("realtime:tasks:") == true, "\(stats)")
        try await server.get("/push?topic=\(try #require(Self.topic(in: stats)))&n=3")
        for index in 0..<3 {
            #expect(try await iterator.next() == .update(old: TaskKey(id: index), new: TaskRow(id: index, status: "running")))
        }
        await socket.disconnect()
    }

    @Test func aRowThatDoesNotDecodeEndsTheSubscriptionNamingTheTable() async throws {
        let server = try await RealtimeSocketTests.server()
        let socket = Self.socket(server, tokens: Tokens(["good-1"]))
        var iterator = TableChanges<StrictRow, TaskKey>(socket: socket, table: "tasks").makeAsyncIterator()
        #expect(try await iterator.next() == .subscribed)
        try await server.get("/push?topic=\(try #require(Self.topic(in: try await server.get("/stats"))))&n=1")
        do {
            _ = try await iterator.next()
            Issue.record("a change without its owner decoded")
        } catch let error as RealtimeError {
            guard case .undecodableChange(let table, let reason) = error else { Issue.record("\(error)"); return }
            #expect(table == "tasks" && reason.contains("owner"))
        }
        await socket.disconnect()
    }

    /// Breaking out of the loop leaves the channel, and the last one closes the socket.
    @Test func breakingOutOfTheLoopLeaves() async throws {
        let server = try await RealtimeSocketTests.server()
        let socket = Self.socket(server, tokens: Tokens(["good-1"]))
        for try await change in TableChanges<TaskRow, TaskKey>(socket: socket, table: "tasks") where change == .subscribed {
            break
        }
        try await server.waitFor("the leave, and the socket closed") { $0["leaves"]?.description.contains("realtime:tasks:") == true && $0["connections"] == .integer(0) }
        #expect(await socket.subscriptionCount == 0)
    }

    /// The provider is asked at each heartbeat; a new token goes to the joined channel.
    @Test func aNewTokenFromTheProviderGoesOutWithTheNextHeartbeat() async throws {
        let server = try await RealtimeSocketTests.server()
        let clock = ManualClock()
        let tokens = Tokens(["good-1", "good-2"])
        let socket = Self.socket(server, tokens: tokens, clock: clock)
        var events = await socket.subscribe("realtime:tasks", config: RealtimeSocketTests.tasksConfig).makeAsyncIterator()
        #expect(try await RealtimeSocketTests.next(&events) == .joined)
        try await clock.waitForSleep(of: 25)
        clock.advance(by: 25)
        try await server.waitFor("the refreshed token") { $0["tokens"]?["realtime:tasks"] == ["good-1", "good-2"] }
        await socket.disconnect()
    }

    /// A token the server expires is replaced by the provider's next one: the channel joins
    /// again with it and says `.reconnected`; when the provider has none newer, it ends.
    @Test func anExpiredTokenIsReplacedFromTheProvider() async throws {
        let server = try await RealtimeSocketTests.server()
        let tokens = Tokens(["good-1", "good-2"])
        let socket = Self.socket(server, tokens: tokens)
        var events = await socket.subscribe("realtime:tasks", config: RealtimeSocketTests.tasksConfig).makeAsyncIterator()
        #expect(try await RealtimeSocketTests.next(&events) == .joined)
        try await server.get("/expire?topic=realtime:tasks")
        #expect(try await RealtimeSocketTests.next(&events) == .reconnected)
        #expect(try await server.get("/stats")["tokens"]?["realtime:tasks"] == ["good-1", "good-2"])
        // The provider has nothing newer: the next expiry ends the subscription.
        try await server.get("/expire?topic=realtime:tasks")
        await #expect(throws: RealtimeError.tokenRefused("Token has expired 0 seconds ago")) {
            while try await RealtimeSocketTests.next(&events) != nil {}
        }
        await socket.disconnect()
    }

    /// A session that ended (the provider says `notAuthenticated`) ends every subscription.
    @Test func anEndedSessionEndsEverySubscription() async throws {
        let server = try await RealtimeSocketTests.server()
        let clock = ManualClock()
        let tokens = Tokens(["good-1"])
        let socket = Self.socket(server, tokens: tokens, clock: clock)
        var events = await socket.subscribe("realtime:tasks", config: RealtimeSocketTests.tasksConfig).makeAsyncIterator()
        #expect(try await RealtimeSocketTests.next(&events) == .joined)
        tokens.fail(with: APIError.notAuthenticated())
        try await clock.waitForSleep(of: 25)
        clock.advance(by: 25)
        await #expect(throws: RealtimeError.tokenRefused("the session ended; sign in again")) {
            while try await RealtimeSocketTests.next(&events) != nil {}
        }
        #expect(await socket.subscriptionCount == 0)
    }

    /// The generated channel: a typed message reaches the other member as its case, and an
    /// event the schema does not know is kept as `unknown`.
    @Test func aGeneratedBroadcastChannelSendsAndReceivesTypedMessages() async throws {
        let server = try await RealtimeSocketTests.server()
        let sender = Self.socket(server, tokens: Tokens(["good-1"]))
        let listener = Self.socket(server, tokens: Tokens(["good-1"]))
        let room = sender.room(roomId: 7)
        var sent = room.makeAsyncIterator()
        var heard = listener.room(roomId: 7).makeAsyncIterator()
        guard case .subscribed? = try await sent.next(), case .subscribed? = try await heard.next() else { Issue.record("not joined"); return }
        try await room.send(.cursorMoved(Cursor(x: 0.25, y: 0.5, user: "ann")))
        guard case .message(let message)? = try await heard.next() else { Issue.record("nothing heard"); return }
        #expect(message == .cursorMoved(Cursor(x: 0.25, y: 0.5, user: "ann")))
        try await sender.broadcast("realtime:room:7", event: "wave", payload: ["hand": "left"])
        guard case .message(let unknown)? = try await heard.next() else { Issue.record("nothing heard"); return }
        #expect(unknown == .unknown(event: "wave", payload: ["hand": "left"]))
        await sender.disconnect()
        await listener.disconnect()
    }

    /// The generated WebSocket endpoint: the handshake carries the client's token and key and
    /// the query; a kind of message the schema does not know is kept; sends are typed.
    @Test func aGeneratedWebSocketEndpointIsTypedBothWays() async throws {
        let server = try await WebSocketConnectionTests.server()
        let client = KitchenAPI.client(baseURL: server.baseURL, apiKey: "key-1", credentials: .token("tok-1"))
        let socket = try await client.roomSocket(roomId: 7, user: "ann")
        var events = socket.makeAsyncIterator()
        guard case .said(let said)? = try await events.next() else { Issue.record("no greeting"); return }
        #expect(said.text == "Bearer tok-1 user=ann&api_key=key-1")
        #expect(said.at == Date(timeIntervalSince1970: 1_800_000_000))
        guard case .unknown(let tag, let value)? = try await events.next() else { Issue.record("the unknown kind was not kept"); return }
        #expect(tag == "presence" && value["count"] == 2)
        try await socket.send(.ask(Ask(text: "hello")))
        #expect(try await events.next() == .ask(Ask(text: "hello")))
        await socket.close()
        #expect(try await events.next() == nil)
    }

    /// The topic of the one channel the server saw joined.
    static func topic(in stats: [String: JSONValue]) -> String? {
        guard case .array(let joins)? = stats["joins"] else { return nil }
        return joins.last?.stringValue
    }
}
