import Foundation

extension APIClientProtocol {
    /// Opens a `text/event-stream` and yields each event's data decoded as `T`, as it arrives.
    /// The request starts when iteration starts; stopping the iteration (or cancelling the
    /// task) closes the connection. With `reconnect`, a connection that drops or ends is reopened
    /// with `Last-Event-ID` after the server's `retry` delay (1 s by default, waited on the
    /// client's clock), up to `maxReconnects` times.
    public func events<T: Decodable & Sendable>(
        _ request: APIRequest, as type: T.Type = T.self, options: RequestOptions? = nil, reconnect: Bool = false,
        maxReconnects: Int = 5
    ) -> AsyncThrowingStream<T, any Error> {
        // Decoded in the task that parses, so an event reaches the caller in one hop.
        let dateStyle = request.dateStyle
        return eventStream(request, options: options, reconnect: reconnect, maxReconnects: maxReconnects) { event in
            try ResponseDecoding.decode(T.self, from: Data(event.data.utf8), dateStyle: dateStyle)
        }
    }

    /// Opens a `text/event-stream` and yields its events as they arrive.
    public func serverSentEvents(
        _ request: APIRequest, options: RequestOptions? = nil, reconnect: Bool = false, maxReconnects: Int = 5
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        eventStream(request, options: options, reconnect: reconnect, maxReconnects: maxReconnects) { $0 }
    }

    /// The connection, parsing and reconnection behind both: `transform` turns each event into
    /// what the stream yields; if it throws, the stream ends with that error.
    private func eventStream<Element: Sendable>(
        _ request: APIRequest, options: RequestOptions?, reconnect: Bool, maxReconnects: Int,
        transform: @escaping @Sendable (ServerSentEvent) throws -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let clock = self.clock
        var request = request
        request.accept = "text/event-stream"
        let streamRequest = request
        return AsyncThrowingStream { continuation in
            let task = Task {
                var parser = ServerSentEventParser()
                var reconnects = 0
                while true {
                    do {
                        var attempt = streamRequest
                        if let lastEventID = parser.currentLastEventID { attempt.headers["Last-Event-ID"] = lastEventID }
                        let response = try await streamingResponse(for: attempt, options: options)
                        for try await chunk in response.body {
                            for event in parser.consume(chunk) { continuation.yield(try transform(event)) }
                        }
                        if !reconnect { break }
                    } catch {
                        let mapped = APIClient.mapCancellation(error)
                        let isDrop = (error as? TransportError).map { $0 != .cancelled } ?? false
                        guard reconnect, isDrop, reconnects < maxReconnects, !Task.isCancelled else {
                            continuation.finish(throwing: mapped)
                            return
                        }
                    }
                    guard reconnects < maxReconnects, !Task.isCancelled else { break }
                    reconnects += 1
                    do {
                        try await clock.sleep(for: Double(parser.reconnectionDelay ?? 1000) / 1000)
                    } catch {
                        continuation.finish(throwing: APIError.cancelled)
                        return
                    }
                    parser = ServerSentEventParser(lastEventID: parser.currentLastEventID, reconnectionDelay: parser.reconnectionDelay)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
