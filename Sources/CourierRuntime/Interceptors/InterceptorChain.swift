import Foundation

/// Runs a list of interceptors around one attempt and around each of its redirect hops.
struct InterceptorChain: Sendable {
    let interceptors: [any RequestInterceptor]
    let clock: any APIClock

    var isEmpty: Bool { interceptors.isEmpty }

    /// The request after every interceptor's `prepare`, and the record that follows the attempt
    /// through its redirect hops. With interceptors, the request asks its transport to show them
    /// each hop.
    func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> (HTTPRequest, AttemptRecord?) {
        // Without interceptors an attempt costs nothing more: no record, no hook.
        guard !interceptors.isEmpty else { return (request, nil) }
        let record = AttemptRecord(attempt: attempt, request: request, started: clock.now())
        var prepared = try await prepareAll(request, for: attempt)
        prepared.redirectHandler = RedirectHook(chain: self, record: record).handler
        record.current = (attempt, prepared, record.current.started)
        return (prepared, record)
    }

    /// Tells every interceptor how the attempt's last hop ended.
    func finish(_ record: AttemptRecord?, status: Int, headers: HTTPHeaders) async {
        guard let record else { return }
        let (attempt, request, started) = record.current
        await finishAll(attempt, request: request, outcome: .response(status: status, headers: headers, duration: seconds(since: started)))
    }

    /// Tells every interceptor that the attempt's last hop failed.
    func finish(_ record: AttemptRecord?, error: any Error) async {
        guard let record else { return }
        let (attempt, request, started) = record.current
        await finishAll(attempt, request: request, outcome: .failure(error, duration: seconds(since: started)))
    }

    /// The hop that brought a redirect has ended; the next one starts, prepared as its own attempt.
    func follow(_ response: HTTPResponse, to next: HTTPRequest, record: AttemptRecord, handler: @escaping RedirectHandler) async throws -> HTTPRequest {
        let (ended, endedRequest, started) = record.current
        let duration = seconds(since: started)
        await finishAll(ended, request: endedRequest, outcome: .response(status: response.status, headers: response.headers, duration: duration))
        var hop = ended
        hop.reason = .redirect(status: response.status)
        hop.elapsed = ended.elapsed + duration
        var nextRequest = try await prepareAll(next, for: hop)
        nextRequest.redirectHandler = handler
        record.current = (hop, nextRequest, clock.now())
        return nextRequest
    }

    private func prepareAll(_ request: HTTPRequest, for attempt: Attempt) async throws -> HTTPRequest {
        var request = request
        for interceptor in interceptors { request = try await interceptor.prepare(request, for: attempt) }
        return request
    }

    private func finishAll(_ attempt: Attempt, request: HTTPRequest, outcome: AttemptOutcome) async {
        for interceptor in interceptors { await interceptor.attemptEnded(attempt, request: request, outcome: outcome) }
    }

    private func seconds(since start: Date) -> TimeInterval { max(0, clock.now().timeIntervalSince(start)) }
}

/// Shows the interceptors each redirect hop of one attempt.
private struct RedirectHook: Sendable {
    let chain: InterceptorChain
    let record: AttemptRecord

    var handler: RedirectHandler {
        { [self] response, next in try await chain.follow(response, to: next, record: record, handler: handler) }
    }
}

/// The attempt whose hop is under way, the request that hop sent, and when it began.
final class AttemptRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var state: (attempt: Attempt, request: HTTPRequest, started: Date)

    init(attempt: Attempt, request: HTTPRequest, started: Date) {
        state = (attempt, request, started)
    }

    var current: (attempt: Attempt, request: HTTPRequest, started: Date) {
        get { lock.withLock { state } }
        set { lock.withLock { state = newValue } }
    }
}
