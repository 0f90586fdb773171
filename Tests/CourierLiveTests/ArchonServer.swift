import Archon
import CourierLoopbackServer
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

/// The reference backend (Tests/Server/archon_server.py) on a free loopback port, for one test.
final class ArchonServer: @unchecked Sendable {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let anonKey = "anon-key"

    private let process: LoopbackServerProcess
    /// The server's address.
    var baseURL: URL { process.baseURL }

    private init(process: LoopbackServerProcess) {
        self.process = process
    }

    /// Starts the server with the Python of `COURIER_TEST_PYTHON`, or `.venv` made by `Scripts/test`.
    static func start() async throws -> ArchonServer {
        let environment = ProcessInfo.processInfo.environment
        let python = environment["COURIER_TEST_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw SetupError(
                "no Python for the reference server at \(python): run Scripts/test, which creates .venv and installs Tests/Server/requirements.txt, or set COURIER_TEST_PYTHON")
        }
        do {
            let script = repositoryRoot.appendingPathComponent("Tests/Server/archon_server.py")
            return ArchonServer(process: try await LoopbackServerProcess.start(python: python, script: script))
        } catch {
            throw SetupError("\(error)\nInstall the server's packages: \(python) -m pip install -r Tests/Server/requirements.txt")
        }
    }

    private var admin: APIClient { APIClient(baseURL: baseURL, credentials: .none, maxRetries: 0) }

    /// Calls an admin route with a JSON body.
    func admin(_ path: String, _ body: [String: JSONValue]) async throws {
        try await admin.send(APIRequest(method: .post, path: "/_admin/\(path)", body: .json(JSONValue.object(body)), requiresAuth: false))
    }

    /// Makes the next responses of a route faults: `[["kind": "status", "status": 503]]`.
    func inject(_ route: String, _ faults: [JSONValue]) async throws {
        try await admin("faults", ["route": .string(route), "faults": .array(faults)])
    }

    /// Requests per route, refreshes, stream disconnects and chat streams still open, as the
    /// server counted them.
    func counters() async throws -> (requests: [String: Int], disconnects: Int, openStreams: Int) {
        try await counters(at: "/_admin/counters")
    }

    /// The counters once `count` streams have been dropped by the client (the server answers
    /// when it has seen them, or after 20 s).
    func countersAfterDisconnects(_ count: Int) async throws -> (requests: [String: Int], disconnects: Int, openStreams: Int) {
        try await counters(at: "/_admin/wait-disconnects?count=\(count)")
    }

    private func counters(at path: String) async throws -> (requests: [String: Int], disconnects: Int, openStreams: Int) {
        let value: JSONValue = try await admin.send(APIRequest(method: .get, path: path, requiresAuth: false, timeout: 30))
        var requests: [String: Int] = [:]
        if case .object(let object)? = value["requests"] {
            for (key, count) in object { if case .integer(let number) = count { requests[key] = Int(number) } }
        }
        var disconnects = 0
        if case .integer(let number)? = value["disconnects"] { disconnects = Int(number) }
        var openStreams = 0
        if case .integer(let number)? = value["open_streams"] { openStreams = Int(number) }
        return (requests, disconnects, openStreams)
    }

    /// Creates a task on the server directly.
    func task(projectID: UUID, steps: Int = 2, stepSeconds: Double = 0.2, fail: Bool = false, unknownStatus: Bool = false, start: Bool = true) async throws -> ArchonTask {
        try await admin.send(
            APIRequest(
                method: .post, path: "/_admin/tasks",
                body: .json(JSONValue.object([
                    "project_id": .string(projectID.wireValue), "steps": .integer(Int64(steps)), "step_seconds": .number(stepSeconds),
                    "fail": .bool(fail), "unknown_status": .bool(unknownStatus), "start": .bool(start),
                ])),
                requiresAuth: false))
    }

    /// A signed-in session and a client for it.
    func signedInClient(
        retryPolicy: RetryPolicy = RetryPolicy(baseDelay: 0.05), refreshLeeway: TimeInterval = 60,
        onUnauthorized: (@Sendable () async -> Void)? = nil
    ) async throws -> (client: APIClient, session: AuthSession) {
        let session = AuthSession(baseURL: baseURL, apiKey: Self.anonKey, refreshLeeway: refreshLeeway)
        try await session.signIn(email: "ann@example.com", password: "secret")
        let client = ArchonAPI.client(
            baseURL: baseURL, apiKey: Self.anonKey, credentials: .session(session),
            configuration: .init(onUnauthorized: onUnauthorized, retryPolicy: retryPolicy))
        return (client, session)
    }
}

extension ArchonServer {
    /// What the Realtime endpoint saw: joins, leaves, heartbeats, the tokens of each topic.
    func realtimeStats() async throws -> [String: JSONValue] {
        let admin = APIClient(baseURL: baseURL, credentials: .none, maxRetries: 0)
        let value: JSONValue = try await admin.send(APIRequest(method: .post, path: "/_admin/realtime/stats", requiresAuth: false))
        guard case .object(let object) = value else { return [:] }
        return object
    }

    /// Deletes a task on the server directly (Realtime hears a DELETE).
    func delete(taskID: UUID) async throws {
        let admin = APIClient(baseURL: baseURL, credentials: .none, maxRetries: 0)
        let _: JSONValue = try await admin.send(APIRequest(method: .delete, path: "/_admin/tasks/\(taskID.wireValue)", requiresAuth: false))
    }

    /// Runs a Python script of `Tests/Server` with the server's port, and returns the last line
    /// it printed; throws with its error output when it fails.
    func runProbe(_ script: String) async throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let python = environment["COURIER_TEST_PYTHON"] ?? Self.repositoryRoot.appendingPathComponent(".venv/bin/python").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.repositoryRoot.appendingPathComponent("Tests/Server/\(script)").path, String(baseURL.port ?? 0)]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let (out, err) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let out = output.fileHandleForReading.readDataToEndOfFile()
                let err = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (out, err))
            }
        }
        guard process.terminationStatus == 0 else {
            throw SetupError("\(script) failed (\(process.terminationStatus)): \(String(decoding: err, as: UTF8.self).suffix(2000))")
        }
        return String(decoding: out, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    }
}
