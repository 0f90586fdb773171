import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

@Suite("Retries, backoff and rate limits")
struct RetryTests {
    @Test func serverErrorsAreRetriedWithExponentialBackoffAndJitter() async throws {
        let transport = ScriptedTransport([json(503, "{}"), json(500, "{}"), json(502, "{}"), json(200, #"{"id":1}"#)])
        let clock = RecordingClock()
        let item: Item = try await makeClient(transport, clock: clock).send(APIRequest(method: .get, path: "/items/1"))
        #expect(item == Item(id: 1))
        #expect(transport.requests.count == 4)
        let sleeps = clock.sleeps
        #expect(sleeps.count == 3)
        for (sleep, base) in zip(sleeps, [1.0, 2.0, 4.0]) {
            #expect(sleep >= base && sleep <= base * 1.2, "slept \(sleep) for base \(base)")
        }
    }

    /// The jitter's randomness can be set: then the waits are exact.
    @Test func jitterFromAGivenSourceMakesExactWaits() async throws {
        let transport = ScriptedTransport([json(503, "{}"), json(503, "{}"), json(503, "{}"), json(200, #"{"id":1}"#)])
        let clock = RecordingClock()
        let client = APIClient(
            baseURL: testBaseURL, credentials: .none, transport: transport,
            configuration: .init(retryPolicy: RetryPolicy(jitter: 0.2, randomFraction: { 0.5 }), clock: clock))
        let _: Item = try await client.send(APIRequest(method: .get, path: "/items/1", requiresAuth: false))
        #expect(clock.sleeps == [1.1, 2.2, 4.4])
        #expect(RetryPolicy(jitter: 0.2, randomFraction: { 7 }).backoff(forRetry: 0) == 1.2)
    }

    @Test func retriesStopAtTheLimitWithTheServerError() async throws {
        let transport = ScriptedTransport([json(503, #"{"message":"down for maintenance"}"#)])
        let error = await apiError { let _: Item = try await makeClient(transport).send(APIRequest(method: .get, path: "/items")) }
        #expect(transport.requests.count == 4)
        guard case .serverError(503, let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(response?.message == "down for maintenance")
        #expect(error?.description.contains("GET https://api.example.com/items → 503") == true)
    }

    @Test func fourHundredsAreNeverRetried() async throws {
        for status in [400, 403, 404, 409, 422] {
            let transport = ScriptedTransport([json(status, #"{"error_description":"bad field"}"#)])
            let clock = RecordingClock()
            await #expect(throws: APIError.self) { try await makeClient(transport, clock: clock).send(APIRequest(method: .get, path: "/x")) }
            #expect(transport.requests.count == 1)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func postIsNotRetriedAfterItMayHaveReachedTheServer() async throws {
        let lost = ScriptedTransport([.failure(.connectionLost("reset")), json(200, "{}")])
        await #expect(throws: APIError.self) { try await makeClient(lost).send(APIRequest(method: .post, path: "/tasks")) }
        #expect(lost.requests.count == 1)

        let server = ScriptedTransport([json(503, "{}"), json(200, "{}")])
        await #expect(throws: APIError.self) { try await makeClient(server).send(APIRequest(method: .post, path: "/tasks")) }
        #expect(server.requests.count == 1)
    }

    @Test func postIsRetriedWhenItSurelyNeverLeft() async throws {
        let refused = ScriptedTransport([.failure(.cannotConnect("refused")), json(200, "{}")])
        try await makeClient(refused).send(APIRequest(method: .post, path: "/tasks"))
        #expect(refused.requests.count == 2)
    }

    @Test func idempotentPostIsRetried() async throws {
        let transport = ScriptedTransport([.failure(.connectionLost("reset")), json(503, "{}"), json(200, "{}")])
        try await makeClient(transport).send(APIRequest(method: .post, path: "/like", isIdempotent: true))
        #expect(transport.requests.count == 3)
    }

    @Test func networkFailuresOfAGetAreRetriedThenReported() async throws {
        let transport = ScriptedTransport([.failure(.connectionLost("reset"))])
        let error = await apiError { try await makeClient(transport, maxRetries: 2).send(APIRequest(method: .get, path: "/x")) }
        guard case .networkError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.count == 3)
    }

    @Test func timeoutsAreRetriedThenReportedAsTimedOut() async throws {
        let transport = ScriptedTransport([.failure(.timedOut)])
        let error = await apiError { try await makeClient(transport, maxRetries: 1).send(APIRequest(method: .get, path: "/x")) }
        guard case .timedOut? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.count == 2)
    }

    @Test func rateLimitWaitsForRetryAfterInSeconds() async throws {
        let transport = ScriptedTransport([json(429, "{}", headers: ["Retry-After": "7"]), json(200, #"{"id":2}"#)])
        let clock = RecordingClock()
        let item: Item = try await makeClient(transport, clock: clock).send(APIRequest(method: .post, path: "/x"))
        #expect(item.id == 2)
        #expect(clock.sleeps == [7])
    }

    @Test func rateLimitWaitsForRetryAfterAsAnHTTPDate() async throws {
        let clock = RecordingClock()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: clock.start.addingTimeInterval(12))
        let transport = ScriptedTransport([json(429, "{}", headers: ["Retry-After": date]), json(200, "{}")])
        try await makeClient(transport, clock: clock).send(APIRequest(method: .get, path: "/x"))
        #expect(clock.sleeps == [12])
    }

    @Test func aRetryAfterBeyondTheCapFailsAtOnce() async throws {
        let transport = ScriptedTransport([json(429, "{}", headers: ["Retry-After": "3600"])])
        let clock = RecordingClock()
        let error = await apiError { try await makeClient(transport, clock: clock).send(APIRequest(method: .get, path: "/x")) }
        guard case .rateLimited(let retryAfter, _)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(retryAfter == 3600)
        #expect(clock.sleeps.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func perRequestOptionsOverrideTheLimit() async throws {
        let transport = ScriptedTransport([json(503, "{}")])
        await #expect(throws: APIError.self) {
            try await makeClient(transport).send(APIRequest(method: .get, path: "/x"), options: RequestOptions(maxRetries: 0))
        }
        #expect(transport.requests.count == 1)
        let endpointLimit = ScriptedTransport([json(503, "{}")])
        await #expect(throws: APIError.self) { try await makeClient(endpointLimit).send(APIRequest(method: .get, path: "/x", maxRetries: 1)) }
        #expect(endpointLimit.requests.count == 2)
    }

    @Test func cancellingDuringABackoffWaitStopsAtOnce() async throws {
        let transport = ScriptedTransport([json(503, "{}")])
        let clock = CancelOnlyClock()
        let client = makeClient(transport, clock: clock)
        let task = Task { try await client.send(APIRequest(method: .get, path: "/x")) }
        await clock.waitForSleep()
        task.cancel()
        guard let outcome = await result(of: task, within: 10) else {
            Issue.record("the call went on waiting after it was cancelled")
            return
        }
        guard case .failure(let error as APIError) = outcome, case .cancelled = error else {
            Issue.record("expected cancelled, got \(outcome)")
            return
        }
        #expect(clock.cancelledWaits == 1, "the cancellation did not end the wait")
        #expect(transport.requests.count == 1)
    }

    @Test func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryPolicy.retryAfter("120", now: now) == 120)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:47 GMT", now: now) == 10)
        #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:47 GMT", now: now) == 10)
        #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:47 1994", now: now) == 10)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter("-5", now: now) == nil)
    }
}
