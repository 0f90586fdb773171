import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// A deadline bounds a whole call, beside the timeout that bounds an attempt without progress.
@Suite("Deadlines")
struct DeadlineTests {
    static func client(_ transport: any HTTPTransport, clock: ManualClock, deadline: TimeInterval? = nil) -> APIClient {
        APIClient(baseURL: testBaseURL, credentials: .none, transport: transport, configuration: .init(clock: clock, deadline: deadline))
    }

    /// A server that keeps an attempt alive (a byte every few seconds) never trips the idle
    /// timeout; the deadline ends the call, and the request is cancelled.
    @Test func aCallThatNeverEndsFailsAtItsDeadline() async throws {
        let clock = ManualClock()
        let transport = EndlessTransport()
        let client = Self.client(transport, clock: clock, deadline: 30)
        let call = Task { try await client.send(APIRequest(method: .get, path: "/slow", requiresAuth: false)) as Item }
        await clock.waitsBegun(1)
        #expect(clock.waits == [30])
        clock.advance(by: 29)
        clock.advance(by: 1)
        await #expect(throws: APIError.self) { try await call.value }
        do {
            _ = try await call.value
        } catch let error as APIError {
            guard case .timedOut = error else { Issue.record("expected timedOut, got \(error)"); return }
        }
        #expect(transport.cancellations.value == 1)
    }

    /// The call's own deadline beats the endpoint's, which beats the client's.
    @Test(arguments: [(nil, nil, 30.0), (nil, 12.0, 12.0), (5.0, 12.0, 5.0)] as [(TimeInterval?, TimeInterval?, TimeInterval)])
    func theMostSpecificDeadlineWins(option: TimeInterval?, endpoint: TimeInterval?, expected: TimeInterval) async throws {
        let clock = ManualClock()
        let client = Self.client(EndlessTransport(), clock: clock, deadline: 30)
        let request = APIRequest(method: .get, path: "/slow", requiresAuth: false, deadline: endpoint)
        let call = Task { try await client.send(request, options: RequestOptions(deadline: option)) as Item }
        await clock.waitsBegun(1)
        #expect(clock.waits == [expected])
        clock.advance(by: expected)
        await #expect(throws: APIError.self) { try await call.value }
    }

    /// Retries and their waits count against the deadline: a server that keeps failing ends
    /// the call at the deadline even though retries remain.
    @Test func retriesStopAtTheDeadline() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport([json(503, "{}")])
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, maxRetries: 10, transport: transport,
            configuration: .init(retryPolicy: RetryPolicy(jitter: 0), clock: clock, deadline: 2))
        let call = Task { try await client.send(APIRequest(method: .get, path: "/busy", requiresAuth: false)) as Item }
        await clock.waitsBegun(2)
        clock.advance(by: 2)
        do {
            _ = try await call.value
            Issue.record("the call succeeded")
        } catch let error as APIError {
            guard case .timedOut = error else { Issue.record("expected timedOut, got \(error)"); return }
        }
        #expect(transport.requests.count < 11)
    }

    @Test func withoutADeadlineNothingWaits() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport([json(200, #"{"id":1}"#)])
        let item: Item = try await Self.client(transport, clock: clock).send(APIRequest(method: .get, path: "/fast", requiresAuth: false))
        #expect(item.id == 1)
        #expect(clock.waits.isEmpty)
    }

    /// A call that ends before its deadline leaves no wait behind.
    @Test func aFastCallEndsItsDeadlineWait() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport([json(200, #"{"id":1}"#)])
        let item: Item = try await Self.client(transport, clock: clock, deadline: 30).send(APIRequest(method: .get, path: "/fast", requiresAuth: false))
        #expect(item.id == 1)
        #expect(clock.waits == [30])
        #expect(clock.pendingWaits == 0)
    }
}
