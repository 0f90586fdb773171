import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Numbers a server controls (`Retry-After`, `retry:`, `expires_in`, dates) never trap, never
/// hang the app, and are read as the standards say.
@Suite("Numbers from the server")
struct ServerControlledNumberTests {
    @Test func retryAfterIsDigitsOrAnHTTPDateAndNothingElse() {
        let now = Date(timeIntervalSince1970: 784_111_777)
        for text in ["1e3", "0x10", "1.5", "+5", "5 s", "١٢", "inf", "nan", "1e19", "1e300"] {
            #expect(RetryPolicy.retryAfter(text, now: now) == nil, "'\(text)' is not a Retry-After value")
        }
        #expect(RetryPolicy.retryAfter(" 30 ", now: now) == 30)
    }

    @Test func aHugeRetryAfterIsCapped() {
        let now = Date(timeIntervalSince1970: 784_111_777)
        for text in ["99999999999999999999", "18446744073709551616", "9223372036854775807"] {
            #expect(RetryPolicy.retryAfter(text, now: now) == RetryPolicy.retryAfterLimit)
        }
        #expect(RetryPolicy.retryAfter("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryPolicy.retryAfterLimit)
    }

    @Test func aHugeRetryAfterFailsWithAnErrorThatPrints() async throws {
        let transport = ScriptedTransport([json(429, "{}", headers: ["Retry-After": "99999999999999999999"])])
        let error = await apiError { try await makeClient(transport).send(APIRequest(method: .get, path: "/x")) }
        guard case .rateLimited(let retryAfter, _)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(retryAfter == RetryPolicy.retryAfterLimit)
        #expect(error?.description.contains("try again in 24 h") == true, "\(String(describing: error))")
        // Errors built by hand with absurd numbers print too.
        for value in [1e20, 1e300, .infinity, .nan, -5] {
            #expect(!APIError.rateLimited(retryAfter: value).description.isEmpty)
        }
    }

    @Test func theSystemClockSaturatesInsteadOfTrapping() async throws {
        for seconds in [2e10, 1e300, .infinity] {
            let task = Task { try await SystemClock().sleep(for: seconds) }
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result, error is CancellationError else {
                Issue.record("sleep(for: \(seconds)) gave \(result)")
                continue
            }
        }
        // NaN and negative waits are no wait at all.
        try await SystemClock().sleep(for: .nan)
        try await SystemClock().sleep(for: -1)
    }

    @Test func theSystemClockWaitsAtLeastTheTimeAsked() async throws {
        let start = ContinuousClock.now
        try await SystemClock().sleep(for: 0.05)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func anOverflowingRetryFieldKeepsThePreviousDelay() throws {
        var parser = ServerSentEventParser()
        _ = try parser.consume(Array("retry: 2500\ndata: a\n\nretry: 99999999999999999999999\ndata: b\n\n".utf8))
        #expect(parser.reconnectionDelay == 2500)
    }

    @Test func theReconnectionDelayIsClamped() async throws {
        let transport = ScriptedTransport([
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("retry: 20000000000000\nid: 1\ndata: {\"id\":1}\n\n".utf8))),
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("retry: 86400000\nid: 2\ndata: {\"id\":2}\n\n".utf8))),
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data())),
        ])
        let clock = RecordingClock()
        var received: [Item] = []
        for try await item in makeClient(transport, clock: clock).events(
            APIRequest(method: .get, path: "/events"), as: Item.self, reconnect: true, maxReconnects: 2)
        {
            received.append(item)
        }
        #expect(received == [Item(id: 1), Item(id: 2)])
        // Two reconnects follow the two events and one the empty stream, each at the longest delay.
        #expect(clock.sleeps == Array(repeating: EventStreamLimits().maxReconnectDelay, count: 3))
    }

    @Test func anAbsurdTokenLifetimeIsClamped() async throws {
        for lifetime in ["1e300", "-1e300", "1e19"] {
            let transport = ScriptedTransport([
                json(200, #"{"access_token":"a","refresh_token":"r","expires_in":\#(lifetime),"user":{"id":"u"}}"#)
            ])
            let clock = RecordingClock()
            let session = AuthSession(baseURL: testBaseURL, transport: transport, clock: clock)
            let tokens = try await session.signIn(email: "a@b.c", password: "p")
            let lifetimeSeconds = tokens.expiresAt.timeIntervalSince(clock.start)
            #expect(lifetimeSeconds >= 0 && lifetimeSeconds <= AuthTokens.maximumLifetime)
            #expect(!tokens.description.isEmpty)
            _ = try WireJSONEncoder().encode(tokens)
        }
    }

    @Test func impossibleDaysAreRejected() {
        for text in ["2026-02-31T00:00:00Z", "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-00-10T00:00:00Z"] {
            #expect(ISO8601.date(from: text) == nil, "\(text)")
        }
        for text in ["2024-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2026-12-31T23:59:59Z", "2026-01-31T00:00:00Z"] {
            #expect(ISO8601.date(from: text) != nil, "\(text)")
        }
    }

    @Test func datesOutsideYearsOneTo9999AreEncodingErrors() throws {
        let early = Date(timeIntervalSince1970: -62_135_596_801)  // 0000-12-31T23:59:59Z
        let late = Date(timeIntervalSince1970: 253_402_300_800)  // 10000-01-01T00:00:00Z
        for date in [early, late, Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300)] {
            #expect(throws: EncodingError.self) { try WireJSONEncoder().encode([date]) }
            #expect(!ISO8601.string(from: date).isEmpty)
        }
        let first = Date(timeIntervalSince1970: -62_135_596_800)  // 0001-01-01T00:00:00Z
        let last = Date(timeIntervalSince1970: 253_402_300_799.5)
        for date in [first, last] {
            let text = String(decoding: try WireJSONEncoder().encode([date]), as: UTF8.self)
            let decoded = try JSONCoding.decoder(for: .iso8601).decode([Date].self, from: Data(text.utf8))
            #expect(decoded == [date], "\(text)")
        }
    }
}
