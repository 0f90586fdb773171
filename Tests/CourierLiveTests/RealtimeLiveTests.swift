import Archon
import CourierRealtime
import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

/// The generated table subscriptions against the reference server's Supabase Realtime endpoint,
/// and that endpoint against Supabase's own Python client.
@Suite("Live: the tasks table's changes over Supabase Realtime", .serialized, .timeLimit(.minutes(2)))
struct RealtimeLiveTests {
    /// A project's task is inserted and runs step by step (its progress and status as updates
    /// whose old row is the key); another project's task is not heard.
    @Test func aProjectsTasksArriveAsTheyChange() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let realtime = ArchonAPI.realtime(for: client)
        let project = UUID(), elsewhere = UUID()
        var changes = realtime.projectTaskChanges(projectId: project).makeAsyncIterator()
        #expect(try await changes.next() == .subscribed)
        _ = try await server.task(projectID: elsewhere, steps: 1, stepSeconds: 0.01)
        let task = try await server.task(projectID: project, steps: 2, stepSeconds: 0.01)
        guard case .insert(let inserted)? = try await changes.next() else { Issue.record("no insert first"); return }
        #expect(inserted.id == task.id && inserted.status == .created && inserted.projectId == project)
        var seen: [(TaskStatus, Int)] = []
        while let change = try await changes.next() {
            guard case .update(let old, let new) = change else { Issue.record("unexpected \(change)"); return }
            #expect(old == TaskKey(id: task.id) && new.id == task.id)
            seen.append((new.status, new.progress))
            if new.status == .completed { break }
        }
        #expect(seen.map(\.0) == [.running, .running, .running, .completed])
        #expect(seen.map(\.1) == [0, 1, 2, 2])
        await realtime.disconnect()
    }

    /// One task's subscription hears its cancellation and its deletion, and only its own.
    @Test func aTasksSubscriptionHearsItsCancellation() async throws {
        let server = try await ArchonServer.start()
        let (client, _) = try await server.signedInClient()
        let realtime = ArchonAPI.realtime(for: client)
        let project = UUID()
        let task = try await server.task(projectID: project, start: false)
        let other = try await server.task(projectID: project, start: false)
        var changes = realtime.taskChanges(id: task.id).makeAsyncIterator()
        #expect(try await changes.next() == .subscribed)
        _ = try await client.cancelTask(id: other.id)
        _ = try await client.cancelTask(id: task.id)
        guard case .update(let old, let new)? = try await changes.next() else { Issue.record("no update"); return }
        #expect(old.id == task.id && new.id == task.id && new.status == .cancelled)
        try await server.delete(taskID: other.id)
        try await server.delete(taskID: task.id)
        #expect(try await changes.next() == .delete(old: TaskKey(id: task.id)))
        await realtime.disconnect()
    }

    /// The server ends a channel whose token expired; the socket asks the session for a new one,
    /// joins again with it, says `reconnected`, and changes keep coming.
    @Test func anExpiredTokenIsRenewedAndTheChannelJoinsAgain() async throws {
        let server = try await ArchonServer.start()
        try await server.admin("config", ["access_lifetime": 2])
        let (client, session) = try await server.signedInClient(refreshLeeway: 0)
        let first = try #require(await session.currentTokens?.accessToken)
        let realtime = ArchonAPI.realtime(for: client)
        let task = try await server.task(projectID: UUID(), start: false)
        var changes = realtime.taskChanges(id: task.id).makeAsyncIterator()
        #expect(try await changes.next() == .subscribed)
        #expect(try await changes.next() == .reconnected)
        let renewed = try #require(await session.currentTokens?.accessToken)
        #expect(renewed != first)
        _ = try await client.cancelTask(id: task.id)
        guard case .update(_, let new)? = try await changes.next() else { Issue.record("no update after the renewal"); return }
        #expect(new.status == .cancelled)
        await realtime.disconnect()
    }

    /// A refresh (here the app's own; a 401 or an expiry's does the same) goes to the joined
    /// channel at once, not at the next heartbeat; a sign-out ends the subscription.
    @Test func aRefreshedTokenGoesToTheChannelAtOnceAndASignOutEndsIt() async throws {
        let server = try await ArchonServer.start()
        let (client, session) = try await server.signedInClient()
        let realtime = ArchonAPI.realtime(for: client)
        let task = try await server.task(projectID: UUID(), start: false)
        var changes = realtime.taskChanges(id: task.id).makeAsyncIterator()
        #expect(try await changes.next() == .subscribed)
        let refreshed = try await session.refresh().accessToken
        var sent: [JSONValue] = []
        for _ in 0..<500 {
            let stats = try await server.realtimeStats()
            if case .object(let tokens)? = stats["tokens"], let list = tokens.values.first, case .array(let values) = list, values.count == 2 {
                sent = values
                break
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(sent.last == .string(refreshed), "the channel's tokens: \(sent)")
        await session.signOut()
        await #expect(throws: RealtimeError.tokenRefused("the session ended; sign in again")) { while try await changes.next() != nil {} }
        #expect(await realtime.subscriptionCount == 0)
    }

    /// Supabase's own Python client (`realtime` on PyPI) subscribes to the reference server with
    /// a filter, receives a task's change and a broadcast: the server speaks the real protocol.
    @Test func supabasesOwnClientSubscribesToTheReferenceServer() async throws {
        let server = try await ArchonServer.start()
        let output = try await server.runProbe("supabase_realtime_probe.py")
        let result = try JSONDecoder().decode(JSONValue.self, from: Data(output.utf8))
        #expect(result["type"] == "UPDATE")
        #expect(result["table"] == "tasks")
        #expect(result["status"] == "cancelled")
        #expect(result["id_matches"] == true)
        #expect(result["broadcast"]?["hello"] == "from supabase")
        #expect(result["old_record"]?["id"] != nil)
    }
}
