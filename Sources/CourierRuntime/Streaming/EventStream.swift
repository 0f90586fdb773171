import Foundation

extension APIClientProtocol {
    /// Opens a `text/event-stream` and yields each event's data decoded as `T`, as it arrives.
    /// The request starts when iteration starts; stopping the iteration (or cancelling the
    /// task) closes the connection. A response that is not `text/event-stream` ends the stream
    /// with `APIError.invalidResponse`.
    ///
    /// With `reconnect`, a connection of an idempotent request (a GET, or `@idempotent`) that
    /// drops or ends is reopened with `Last-Event-ID` (the ID of the last event that arrived
    /// whole) after the server's `retry` delay (1 s by default, at most
    /// `limits.maxReconnectDelay`, waited on the client's clock). A reopening that fails counts
    /// as one more attempt; at most `maxReconnects` attempts follow one another without an event,
    /// and each event that arrives starts the count again. A POST stream is never sent again by
    /// itself: the server would act twice.
    public func events<T: Decodable & Sendable>(
        _ request: APIRequest, as type: T.Type = T.self, options: RequestOptions? = nil, reconnect: Bool = false,
        maxReconnects: Int = 5, limits: EventStreamLimits = EventStreamLimits()
    ) -> AsyncThrowingStream<T, any Error> {
        // Decoded in the task that parses, so an event reaches the caller in one hop.
        let dateStyle = request.dateStyle
        return eventStream(request, options: options, reconnect: reconnect, maxReconnects: maxReconnects, limits: limits) { event in
            try ResponseDecoding.decode(T.self, from: Data(event.data.utf8), dateStyle: dateStyle)
        }
    }

    /// Opens a `text/event-stream` and yields its events as they arrive; reconnection and limits
    /// as for `events(_:as:options:reconnect:maxReconnects:limits:)`.
    public func serverSentEvents(
        _ request: APIRequest, options: RequestOptions? = nil, reconnect: Bool = false, maxReconnects: Int = 5,
        limits: EventStreamLimits = EventStreamLimits()
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        eventStream(request, options: options, reconnect: reconnect, maxReconnects: maxReconnects, limits: limits) { $0 }
    }

    /// The connection, parsing and reconnection behind both: `transform` turns each event into
    /// what the stream yields; if it throws, the stream ends with that error.
    private func eventStream<Element: Sendable>(
        _ request: APIRequest, options: RequestOptions?, reconnect: Bool, maxReconnects: Int, limits: EventStreamLimits,
        transform: @escaping @Sendable (ServerSentEvent) throws -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let clock = self.clock
        var request = request
        request.accept = "text/event-stream"
        let streamRequest = request
        let mayReconnect = reconnect && request.isIdempotent
        return AsyncThrowingStream { continuation in
            let task = Task {
                var parser = ServerSentEventParser(limits: limits)
                // Attempts since the last event arrived.
                var reconnects = 0
                var hasConnected = false
                while true {
                    do {
                        var attempt = streamRequest
                        if let lastEventID = parser.currentLastEventID { attempt.headers["Last-Event-ID"] = lastEventID }
                        let response = try await streamingResponse(for: attempt, options: options)
                        try await EventStreamCheck.requireEventStream(response, for: attempt)
                        hasConnected = true
                        for try await chunk in response.body {
                            let events = try EventStreamCheck.parse(chunk, with: &parser, for: attempt)
                            if !events.isEmpty { reconnects = 0 }
                            for event in events { continuation.yield(try transform(event)) }
                        }
                        if !mayReconnect { break }
                    } catch {
                        let mapped = APIClient.mapCancellation(error)
                        guard mayReconnect, hasConnected, EventStreamCheck.isDrop(mapped), reconnects < maxReconnects, !Task.isCancelled
                        else {
                            continuation.finish(throwing: Task.isCancelled ? APIError.cancelled : mapped)
                            return
                        }
                    }
                    guard reconnects < maxReconnects, !Task.isCancelled else { break }
                    reconnects += 1
                    do {
                        let asked = Double(parser.reconnectionDelay ?? 1000) / 1000
                        try await clock.sleep(for: min(asked, limits.maxReconnectDelay))
                    } catch {
                        continuation.finish(throwing: APIError.cancelled)
                        return
                    }
                    parser = ServerSentEventParser(
                        lastEventID: parser.currentLastEventID, reconnectionDelay: parser.reconnectionDelay, limits: limits)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The checks an event stream makes of what the server sends.
enum EventStreamCheck {
    /// The most of a wrong response's body kept for the error.
    static let keptBodyBytes = 64 * 1024

    /// Throws `invalidResponse` unless the response is `text/event-stream` (a JSON error page or
    /// a JSON Lines body must not end as a stream with no events).
    static func requireEventStream(_ response: HTTPStreamingResponse, for request: APIRequest) async throws {
        try await require(response, oneOf: ["text/event-stream"], describedAs: "an event stream (text/event-stream)", for: request)
    }

    /// Throws `invalidResponse`, keeping the start of the body, unless the response's media type
    /// is one of `mediaTypes` (lowercased, without parameters).
    static func require(
        _ response: HTTPStreamingResponse, oneOf mediaTypes: Set<String>, describedAs expected: String, for request: APIRequest
    ) async throws {
        let contentType = response.headers["Content-Type"]
        if let contentType, mediaTypes.contains(ResponseMediaTypeCheck.essence(of: contentType)) { return }
        var body = Data()
        for try await chunk in response.body {
            body.append(chunk.prefix(keptBodyBytes - body.count))
            if body.count >= keptBodyBytes { break }
        }
        let received = contentType.map { "'\($0)'" } ?? "no Content-Type"
        let described = "\(request.method.rawValue) \(request.path)"
        throw APIError.invalidResponse(
            "\(described) answered with \(received) instead of \(expected)",
            HTTPErrorResponse(request: described, status: response.status, headers: response.headers, body: body))
    }

    /// Feeds a chunk to the parser; a broken limit becomes `invalidResponse`.
    static func parse(_ chunk: Data, with parser: inout ServerSentEventParser, for request: APIRequest) throws -> [ServerSentEvent] {
        do {
            return try parser.consume(chunk)
        } catch let error as EventStreamLimitExceeded {
            throw APIError.invalidResponse("the event stream of \(request.method.rawValue) \(request.path) was closed: \(error)", nil)
        }
    }

    /// Whether a failure is a dropped or unreachable connection, worth reconnecting after.
    static func isDrop(_ error: any Error) -> Bool {
        if let transport = error as? TransportError { return transport != .cancelled }
        switch error as? APIError {
        case .networkError?, .timedOut?, .serverError?: return true
        default: return false
        }
    }
}
