import Foundation

extension EndpointGroup {
    /// Fetches a resource every `interval` seconds and yields each state, ending after the first
    /// state for which `isTerminal` is true — the fallback for following a task when its event
    /// stream drops. The first fetch starts when iteration starts. An error ends the sequence
    /// with that error (each request has already been retried by the client); cancelling the
    /// iterating task ends it at once, mid-wait or mid-request. Waits use the client's clock.
    public func poll<T: Sendable>(
        every interval: TimeInterval = 2, until isTerminal: @escaping @Sendable (T) -> Bool,
        _ fetch: @escaping @Sendable () async throws -> T
    ) -> AsyncThrowingStream<T, any Error> {
        let clock = self.clock
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while true {
                        let state = try await fetch()
                        continuation.yield(state)
                        if isTerminal(state) { break }
                        do {
                            try await clock.sleep(for: interval)
                        } catch {
                            throw APIError.cancelled
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: APIClient.mapCancellation(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every page of a cursor-paginated endpoint, in order: `fetch` gets the page at a cursor
    /// (nil for the first page); iteration stops after a page without a cursor. A cursor
    /// returned twice ends the sequence with `decodingError` instead of looping forever.
    public func pages<T: Sendable>(
        _ fetch: @escaping @Sendable (String?) async throws -> PaginatedResponse<T>
    ) -> AsyncThrowingStream<[T], any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var cursor: String?
                    var seen: Set<String> = []
                    repeat {
                        let page = try await fetch(cursor)
                        continuation.yield(page.data)
                        cursor = page.cursor
                        if let cursor, !seen.insert(cursor).inserted {
                            // A server that hands out a cursor twice would page forever.
                            throw APIError.decodingError(
                                DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the server returned the cursor '\(cursor)' twice")))
                        }
                    } while cursor != nil
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: APIClient.mapCancellation(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
