import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

private struct TaskState: Codable, Sendable, Equatable {
    let status: String
}

@Suite("Polling and paging")
struct PollingAndPagingTests {
    @Test func pollsUntilATerminalStateAndYieldsEachState() async throws {
        let transport = ScriptedTransport([
            json(200, #"{"status":"created"}"#), json(200, #"{"status":"running"}"#), json(200, #"{"status":"running"}"#),
            json(200, #"{"status":"completed"}"#), json(200, #"{"status":"never fetched"}"#),
        ])
        let clock = RecordingClock()
        let client = makeClient(transport, clock: clock)
        var states: [String] = []
        for try await state in client.poll(every: 2, until: { $0.status == "completed" }, { try await client.send(APIRequest(method: .get, path: "/tasks/1"), as: TaskState.self) }) {
            states.append(state.status)
        }
        #expect(states == ["created", "running", "running", "completed"])
        #expect(transport.requests.count == 4)
        #expect(clock.sleeps == [2, 2, 2])
    }

    @Test func anErrorEndsPolling() async throws {
        let transport = ScriptedTransport([json(200, #"{"status":"running"}"#), json(404, "{}")])
        var states: [String] = []
        let error = await apiError {
            let client = makeClient(transport)
            for try await state in client.poll(until: { _ in false }, { try await client.send(APIRequest(method: .get, path: "/tasks/1"), as: TaskState.self) }) {
                states.append(state.status)
            }
        }
        guard case .notFound? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(states == ["running"])
    }

    @Test func cancellingStopsPollingDuringTheWait() async throws {
        let transport = ScriptedTransport([json(200, #"{"status":"running"}"#)])
        let clock = CancelOnlyClock()
        let client = makeClient(transport, clock: clock)
        let received = Counter()
        let task = Task {
            for try await _ in client.poll(until: { _ in false }, { try await client.send(APIRequest(method: .get, path: "/tasks/1"), as: TaskState.self) }) {
                received.increment()
            }
        }
        await clock.waitForSleep()
        task.cancel()
        guard let outcome = await result(of: task, within: 10) else {
            Issue.record("polling went on waiting after it was cancelled")
            return
        }
        // A cancelled consumer ends the iteration as AsyncThrowingStream does: quietly, or with `cancelled`.
        if case .failure(let error) = outcome {
            guard case .cancelled? = error as? APIError else { Issue.record("polling ended with \(error)"); return }
        }
        #expect(clock.cancelledWaits == 1, "the cancellation did not end the wait")
        #expect(received.value == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func pagesFollowTheCursorToTheEnd() async throws {
        let transport = ScriptedTransport { request, _ in
            switch request.url.query {
            case nil: return try json(200, #"{"data":[{"id":1},{"id":2}],"cursor":"c2"}"#).get()
            case "cursor=c2": return try json(200, #"{"data":[{"id":3}],"cursor":"c3"}"#).get()
            case "cursor=c3": return try json(200, #"{"data":[],"cursor":null}"#).get()
            default: return try json(400, "{}").get()
            }
        }
        var pages: [[Item]] = []
        let client = makeClient(transport)
        for try await page in client.pages({ cursor in
            try await client.send(APIRequest(method: .get, path: "/feed", query: [QueryItem("cursor", cursor)]), as: PaginatedResponse<Item>.self)
        }) {
            pages.append(page)
        }
        #expect(pages == [[Item(id: 1), Item(id: 2)], [Item(id: 3)], []])
    }

    @Test func aRepeatedCursorEndsPagingInsteadOfLoopingForever() async throws {
        let transport = ScriptedTransport([json(200, #"{"data":[{"id":1}],"cursor":"same"}"#)])
        var pages = 0
        let error = await apiError {
            let client = makeClient(transport)
            for try await _ in client.pages({ _ in try await client.send(APIRequest(method: .get, path: "/feed"), as: PaginatedResponse<Item>.self) }) { pages += 1 }
        }
        guard case .decodingError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(pages == 2)
        #expect(transport.requests.count == 2)
    }
}

@Suite("MockAPIClient")
struct MockAPIClientTests {
    @Test func cannedResponsesPerMethodAndPathAndARecordOfRequests() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/rest/v1/tasks/1", json: Item(id: 1))
        mock.stub(.post, "/auth/v1/token", json: Item(id: 2))
        let first: Item = try await mock.send(APIRequest(method: .get, path: "/rest/v1/tasks/1"))
        let token: Item = try await mock.send(APIRequest(method: .post, path: "/auth/v1/token?grant_type=password"))
        #expect(first == Item(id: 1))
        #expect(token == Item(id: 2))
        #expect(mock.requests.map(\.path) == ["/rest/v1/tasks/1", "/auth/v1/token?grant_type=password"])
    }

    @Test func repliesAreUsedInOrderAndTheLastRepeats() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/x", json: Item(id: 1))
        mock.stub(.get, "/x", json: Item(id: 2))
        var ids: [Int] = []
        for _ in 0..<3 {
            let item: Item = try await mock.send(APIRequest(method: .get, path: "/x"))
            ids.append(item.id)
        }
        #expect(ids == [1, 2, 2])
    }

    @Test func errorsAndErrorStatusesAreThrownAsTheRealClientWould() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/gone", error: .notFound())
        mock.stub(.post, "/form", status: 422, json: ["message": "title is required"])
        let gone = await apiError { try await mock.send(APIRequest(method: .get, path: "/gone")) }
        guard case .notFound? = gone else { Issue.record("got \(String(describing: gone))"); return }
        let invalid = await apiError { try await mock.send(APIRequest(method: .post, path: "/form")) }
        guard case .validationError("title is required", _)? = invalid else { Issue.record("got \(String(describing: invalid))"); return }
        mock.errorToThrow = .quotaExceeded()
        let quota = await apiError { try await mock.send(APIRequest(method: .get, path: "/gone")) }
        guard case .quotaExceeded? = quota else { Issue.record("got \(String(describing: quota))"); return }
    }

    @Test func anUnstubbedRouteSaysHowToStubIt() async throws {
        let error = await apiError { try await MockAPIClient().send(APIRequest(method: .delete, path: "/posts/1/like")) }
        #expect(error?.description.contains("mock.stub(.delete, \"/posts/1/like\"") == true)
    }

    @Test func streamsAndPollingWorkWithoutANetwork() async throws {
        let mock = MockAPIClient(clock: RecordingClock())
        mock.stubEvents(.post, "/functions/v1/chat", [Item(id: 1), Item(id: 2)])
        var items: [Item] = []
        for try await item in mock.events(APIRequest(method: .post, path: "/functions/v1/chat"), as: Item.self) { items.append(item) }
        #expect(items == [Item(id: 1), Item(id: 2)])

        mock.stub(.get, "/tasks/1", json: TaskState(status: "running"))
        mock.stub(.get, "/tasks/1", json: TaskState(status: "completed"))
        var states: [String] = []
        for try await state in mock.poll(until: { $0.status == "completed" }, { try await mock.send(APIRequest(method: .get, path: "/tasks/1"), as: TaskState.self) }) {
            states.append(state.status)
        }
        #expect(states == ["running", "completed"])
    }
}

@Suite("Configuration and logging")
struct ConfigurationTests {
    @Test func sharedClientSettingsComeFromTheEnvironment() {
        let environment = APIEnvironment(environment: ["COURIER_BASE_URL": "https://ref.supabase.co", "COURIER_API_KEY": "anon"])
        #expect(environment.baseURL == URL(string: "https://ref.supabase.co"))
        #expect(environment.apiKey == "anon")
        #expect(environment.apiKeyHeader == "apikey")
        let plist = APIEnvironment(
            environment: ["COURIER_BASE_URL": "https://env.example.com"],
            infoDictionary: ["CourierBaseURL": "https://plist.example.com", "CourierAPIKeyHeader": "X-Key"])
        #expect(plist.baseURL == URL(string: "https://plist.example.com"))
        #expect(plist.apiKeyHeader == "X-Key")
        #expect(APIEnvironment(environment: ["COURIER_BASE_URL": "not a url"]).baseURL == nil)
        #expect(APIEnvironment(environment: [:]).baseURL == nil)
    }

    @Test func withoutABaseURLTheSharedClientSaysWhatToSet() async throws {
        let client = APIClient(baseURL: APIEnvironment.missingBaseURL, credentials: .none)
        let error = await apiError { try await client.send(APIRequest(method: .get, path: "/x", requiresAuth: false)) }
        #expect(error?.description.contains("COURIER_BASE_URL") == true)
    }

    @Test func theLogHookNeverSeesSecrets() async throws {
        let lines = LogLines()
        let transport = ScriptedTransport([json(503, "{}"), json(200, "{}")])
        let client = APIClient(
            baseURL: testBaseURL, token: "secret-token", transport: transport,
            configuration: .init(apiKey: APIKey(header: "apikey", value: "anon-key-123"), clock: RecordingClock(), logger: { lines.add($0) }))
        try await client.send(APIRequest(method: .get, path: "/x", query: [QueryItem("access_token", "secret-token"), QueryItem("page", 2)]))
        let all = lines.values
        #expect(all.count == 4)
        #expect(all.first == "→ GET https://api.example.com/x?access_token=%3Credacted%3E&page=2")
        #expect(all.allSatisfy { !$0.contains("secret-token") && !$0.contains("anon-key-123") })
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var values: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}
