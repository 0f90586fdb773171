import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Event streams against servers that drop, lie about their content or never end a line.
@Suite("Event streams under faults")
struct EventStreamRobustnessTests {
    @Test func theIdOfAnUnfinishedEventIsNotSentOnReconnect() async throws {
        let transport = ScriptedTransport { request, index in
            switch index {
            case 0: return try eventStream("id: 1\ndata: {\"id\":1}\n\nid: 2\ndata: {\"id\":").get()
            case 1:
                #expect(request.headers["Last-Event-ID"] == "1", "event 2 never arrived whole; it must be sent again")
                return try eventStream("id: 2\ndata: {\"id\":2}\n\n").get()
            default: return try eventStream("").get()
            }
        }
        var items: [Item] = []
        for try await item in makeClient(transport).events(APIRequest(method: .get, path: "/s"), as: Item.self, reconnect: true, maxReconnects: 1) {
            items.append(item)
        }
        #expect(items == [Item(id: 1), Item(id: 2)])
    }

    @Test func anEmptyIdMeansNoLastEventIDHeader() async throws {
        let transport = ScriptedTransport { request, index in
            if index == 0 { return try eventStream("id: 1\ndata: {\"id\":1}\n\nid\ndata: {\"id\":2}\n\n").get() }
            #expect(request.headers["Last-Event-ID"] == nil)
            return try eventStream("").get()
        }
        var ids: [String?] = []
        for try await event in makeClient(transport).serverSentEvents(APIRequest(method: .get, path: "/s"), reconnect: true, maxReconnects: 1) {
            ids.append(event.id)
        }
        #expect(ids == ["1", nil])
        #expect(transport.requests.count == 2)
    }

    @Test func aPostStreamIsNeverSentAgainByItself() async throws {
        let transport = ScriptedTransport([eventStream("data: {\"id\":1}\n\n"), .failure(.connectionLost("reset"))])
        var items: [Item] = []
        for try await item in makeClient(transport).events(APIRequest(method: .post, path: "/chat"), as: Item.self, reconnect: true) {
            items.append(item)
        }
        #expect(items == [Item(id: 1)])
        #expect(transport.requests.count == 1)
    }

    @Test func aFailedReconnectIsRetriedLikeTheFirst() async throws {
        let transport = ScriptedTransport([
            eventStream("id: 1\ndata: {\"id\":1}\n\n"), .failure(.cannotConnect("refused")), .failure(.cannotConnect("refused")),
            eventStream("id: 2\ndata: {\"id\":2}\n\n"), eventStream(""),
        ])
        let clock = RecordingClock()
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, maxRetries: 0, transport: transport, configuration: .init(clock: clock))
        var items: [Item] = []
        for try await item in client.events(APIRequest(method: .get, path: "/s", requiresAuth: false), as: Item.self, reconnect: true, maxReconnects: 3) {
            items.append(item)
        }
        #expect(items == [Item(id: 1), Item(id: 2)])
        #expect(transport.requests.map { $0.headers["Last-Event-ID"] } == [nil, "1", "1", "1", "2", "2", "2"])
    }

    @Test func reconnectsGiveUpAfterTheLimitWithTheLastError() async throws {
        let transport = ScriptedTransport([eventStream("data: {\"id\":1}\n\n"), .failure(.cannotConnect("refused"))])
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, maxRetries: 0, transport: transport, configuration: .init(clock: RecordingClock()))
        let error = await apiError {
            for try await _ in client.events(APIRequest(method: .get, path: "/s", requiresAuth: false), as: Item.self, reconnect: true, maxReconnects: 2) {}
        }
        guard case .networkError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.count == 3)
    }

    @Test func aResponseThatIsNotAnEventStreamFailsSayingWhatCameBack() async throws {
        let transport = ScriptedTransport([json(200, #"{"id":1}"# + "\n" + #"{"id":2}"#, headers: ["Content-Type": "application/x-ndjson"])])
        let error = await apiError {
            for try await _ in makeClient(transport).events(APIRequest(method: .get, path: "/stream"), as: Item.self) {}
        }
        guard case .invalidResponse(let reason, let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("'application/x-ndjson'"), "\(reason)")
        #expect(reason.contains("GET /stream"), "\(reason)")
        #expect(response?.body == Data((#"{"id":1}"# + "\n" + #"{"id":2}"#).utf8))
    }

    @Test func aLineWithoutAnEndPastTheLimitEndsTheStream() async throws {
        let limits = EventStreamLimits(maxLineBytes: 1024, maxEventBytes: 4096)
        var parser = ServerSentEventParser(limits: limits)
        #expect(throws: EventStreamLimitExceeded(kind: .line, limit: 1024)) {
            for _ in 0..<100 { _ = try parser.consume(Array(repeating: UInt8(ascii: "a"), count: 100)) }
        }
        var eventParser = ServerSentEventParser(limits: limits)
        #expect(throws: EventStreamLimitExceeded(kind: .event, limit: 4096)) {
            for _ in 0..<100 { _ = try eventParser.consume(Array(("data: " + String(repeating: "b", count: 500) + "\n").utf8)) }
        }
        // Lines and events within the limits pass, however many.
        var longStream = ServerSentEventParser(limits: limits)
        var count = 0
        for _ in 0..<1000 { count += try longStream.consume(Array(("data: " + String(repeating: "c", count: 1000) + "\n\n").utf8)).count }
        #expect(count == 1000)

        let transport = ScriptedTransport([eventStream(String(repeating: "x", count: 5000))])
        let error = await apiError {
            for try await _ in makeClient(transport).events(APIRequest(method: .get, path: "/s"), as: Item.self, limits: limits) {}
        }
        guard case .invalidResponse(let reason, _)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("longer than 1024 bytes"), "\(reason)")
    }
}
