import Foundation

extension APIClientProtocol {
    /// Fetches a resource every `interval` seconds and yields each state, ending after the first
    /// state for which `isTerminal` is true — the fallback for following a task when its event
    /// stream drops. The first request starts when iteration starts. An error ends the sequence
    /// with that error (each request has already been retried by the client); cancelling the
    /// iterating task ends it at once, mid-wait or mid-request.
    public func poll<T: Decodable & Sendable>(
        _ request: APIRequest, as type: T.Type = T.self, every interval: TimeInterval = 2, options: RequestOptions? = nil,
        until isTerminal: @escaping @Sendable (T) -> Bool
    ) -> AsyncThrowingStream<T, any Error> {
        let clock = self.clock
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while true {
                        let state: T = try await send(request, options: options)
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

    /// Every page of a cursor-paginated endpoint, in order: `makeRequest` builds the request for
    /// a cursor (nil for the first page); iteration stops after a page without a cursor. A cursor
    /// returned twice ends the sequence with `decodingError` instead of looping forever.
    public func pages<T: Decodable & Sendable>(
        of type: T.Type = T.self, options: RequestOptions? = nil, _ makeRequest: @escaping @Sendable (String?) -> APIRequest
    ) -> AsyncThrowingStream<[T], any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var cursor: String?
                    var seen: Set<String> = []
                    repeat {
                        let page: PaginatedResponse<T> = try await send(makeRequest(cursor), options: options)
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
