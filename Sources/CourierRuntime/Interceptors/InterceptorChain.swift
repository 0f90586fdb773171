import Foundation

/// Runs a list of interceptors around each attempt of a call: the first, every retry, the replay
/// after a refresh and each redirect hop.
struct InterceptorChain: Sendable {
    let interceptors: [any RequestInterceptor]
    let clock: any APIClock

    var isEmpty: Bool { interceptors.isEmpty }

    /// The request after every interceptor's `prepare`, and the record of the attempt for
    /// `finish`.
    func prepare(_ request: HTTPRequest, for attempt: Attempt) async throws -> (HTTPRequest, AttemptRecord?) {
        // Without interceptors an attempt costs nothing more: no record.
        guard !interceptors.isEmpty else { return (request, nil) }
        let started = clock.now()
        var prepared = request
        for interceptor in interceptors { prepared = try await interceptor.prepare(prepared, for: attempt) }
        return (prepared, AttemptRecord(attempt: attempt, request: prepared, started: started))
    }

    /// Tells every interceptor that the attempt ended with a response.
    func finish(_ record: AttemptRecord?, status: Int, headers: HTTPHeaders) async {
        guard let record else { return }
        await finishAll(record, outcome: .response(status: status, headers: headers, duration: seconds(since: record.started)))
    }

    /// Tells every interceptor that the attempt failed.
    func finish(_ record: AttemptRecord?, error: any Error) async {
        guard let record else { return }
        await finishAll(record, outcome: .failure(error, duration: seconds(since: record.started)))
    }

    private func finishAll(_ record: AttemptRecord, outcome: AttemptOutcome) async {
        for interceptor in interceptors { await interceptor.attemptEnded(record.attempt, request: record.request, outcome: outcome) }
    }

    private func seconds(since start: Date) -> TimeInterval { max(0, clock.now().timeIntervalSince(start)) }
}

/// One attempt under way: what it is, the request the interceptors left, and when it began.
struct AttemptRecord: Sendable {
    let attempt: Attempt
    let request: HTTPRequest
    let started: Date
}
