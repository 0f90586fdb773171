import Archon
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

/// A view model as the seed's rules write one: it depends on a feature's protocol, not on the
/// client, so a test or a preview hands it the generated test double.
@MainActor
final class TaskListModel {
    private let api: any TasksAPI
    private(set) var tasks: [ArchonTask] = []
    private(set) var failure: String?

    init(api: any TasksAPI) { self.api = api }

    func load(projectID: UUID) async {
        do {
            tasks = try await api.listTasks(projectId: projectID)
        } catch {
            failure = "\(error)"
        }
    }

    func cancel(_ task: ArchonTask) async throws -> ArchonTask {
        try await api.cancelTask(id: task.id)
    }
}

/// The generated `<Group>APIMock`s: each endpoint answers from a closure, every call is
/// recorded with its arguments, in types, without paths or JSON.
@Suite("Typed test doubles")
struct TypedTestDoubleTests {
    static let projectID = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!

    static func task(_ status: TaskStatus, id: UUID = UUID()) -> ArchonTask {
        ArchonTask(id: id, projectId: projectID, title: "Build", status: status, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test @MainActor func aViewModelIsTestedAgainstTheEndpointsNotThePaths() async throws {
        let mock = TasksAPIMock()
        let running = Self.task(.running)
        mock.listTasksHandler = { projectID, order in
            #expect(order == "created_at.desc", "the schema's default reaches the handler")
            return projectID == Self.projectID ? [running] : []
        }
        let model = TaskListModel(api: mock)
        await model.load(projectID: Self.projectID)
        #expect(model.tasks == [running])
        #expect(mock.calls == [.listTasks(projectId: Self.projectID, order: "created_at.desc")])
    }

    @Test @MainActor func anEndpointWithoutAHandlerSaysWhichToSet() async throws {
        let mock = TasksAPIMock()
        let model = TaskListModel(api: mock)
        var error: APIError?
        do {
            _ = try await model.cancel(Self.task(.running))
        } catch let thrown as APIError {
            error = thrown
        }
        guard case .invalidRequest(let message)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message.contains("TasksAPIMock has no answer for 'cancelTask': set cancelTaskHandler"), "\(message)")
        #expect(mock.calls.count == 1, "the call is recorded even when unanswered")
    }

    @Test func pollingRunsOnTheDoublesClockWithoutWaiting() async throws {
        let mock = TasksAPIMock()
        let id = UUID()
        let states = Counter()
        mock.getTaskHandler = { taskID in
            states.increment()
            return Self.task(states.value < 3 ? .running : .completed, id: taskID)
        }
        var seen: [TaskStatus] = []
        for try await task in mock.getTaskUpdates(id: id) { seen.append(task.status) }
        #expect(seen == [.running, .running, .completed])
        #expect(mock.calls == Array(repeating: .getTask(id: id), count: 3))
    }

    @Test func pagesFollowTheHandlersCursors() async throws {
        let mock = PostsAPIMock()
        mock.fetchFeedHandler = { cursor, limit in
            let post = Post(id: cursor == nil ? 1 : 2, title: "t", body: "b", authorName: "a", createdAt: Date(timeIntervalSince1970: 0))
            return PaginatedResponse(data: [post], cursor: cursor == nil ? "next" : nil)
        }
        var ids: [Int] = []
        for try await page in mock.fetchFeedPages(limit: 5) { ids += page.map(\.id) }
        #expect(ids == [1, 2])
        #expect(mock.calls == [.fetchFeed(cursor: nil, limit: 5), .fetchFeed(cursor: "next", limit: 5)])
    }

    @Test func aStreamEndpointAnswersWithTheHandlersSequence() async throws {
        let mock = ChatAPIMock()
        let request = ChatRequest(projectId: Self.projectID, message: "Build a to-do app")
        let unanswered = await apiError { for try await _ in mock.sendMessage(body: request) {} }
        guard case .invalidRequest? = unanswered else { Issue.record("got \(String(describing: unanswered))"); return }

        mock.sendMessageHandler = { _ in
            AsyncThrowingStream { continuation in
                continuation.yield(.done(ChatDone(taskId: Self.projectID)))
                continuation.finish()
            }
        }
        var events: [ChatEvent] = []
        for try await event in mock.sendMessage(body: request) { events.append(event) }
        #expect(events == [.done(ChatDone(taskId: Self.projectID))])
        #expect(mock.calls == [.sendMessage(body: request), .sendMessage(body: request)])
    }

    @Test func theClientAndTheHTTPMockStillConform() async throws {
        let http = MockAPIClient()
        let task = Self.task(.completed)
        http.stub(.get, "/rest/v1/tasks/\(task.id.uuidString.lowercased())", json: task)
        // Both conform (this compiles), and the HTTP mock's stubs answer through the protocol.
        let features: [any TasksAPI] = [http, ArchonAPI.client(baseURL: URL(string: "https://example.com")!, apiKey: "k", credentials: .none)]
        #expect(try await features[0].getTask(id: task.id) == task)
        #expect(http.requests.map(\.path) == ["/rest/v1/tasks/\(task.id.uuidString.lowercased())"])
    }
}
