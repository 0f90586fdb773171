import Foundation

extension APIClientProtocol {
    /// Opens a JSON Lines (NDJSON) response and yields each line decoded as `T`, as it arrives.
    /// The request starts when iteration starts; stopping the iteration (or cancelling the task)
    /// closes the connection. A response that is not JSON Lines (see
    /// `JSONLinesParser.mediaTypes`) ends the stream with `APIError.invalidResponse`, saying
    /// what came back; a line that does not decode ends it with `APIError.decodingError`, naming
    /// the line. A line longer than `limits.maxLineBytes` ends it with `invalidResponse`.
    public func jsonLines<T: Decodable & Sendable>(
        _ request: APIRequest, as type: T.Type = T.self, options: RequestOptions? = nil, limits: EventStreamLimits = EventStreamLimits()
    ) -> AsyncThrowingStream<T, any Error> {
        var request = request
        request.accept = JSONLinesParser.accept
        let streamRequest = request
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await streamingResponse(for: streamRequest, options: options)
                    try await EventStreamCheck.require(
                        response, oneOf: JSONLinesParser.mediaTypes, describedAs: "JSON Lines (application/jsonl)", for: streamRequest)
                    var parser = JSONLinesParser(maxLineBytes: limits.maxLineBytes)
                    for try await chunk in response.body {
                        let lines: [(number: Int, text: Data)]
                        do {
                            lines = try parser.consume(chunk)
                        } catch let error as EventStreamLimitExceeded {
                            throw APIError.invalidResponse(
                                "the JSON Lines body of \(streamRequest.method.rawValue) \(streamRequest.path) was closed: \(error)", nil)
                        }
                        for line in lines { continuation.yield(try JSONLineDecoding.decode(T.self, line, of: streamRequest)) }
                    }
                    if let last = parser.finish() { continuation.yield(try JSONLineDecoding.decode(T.self, last, of: streamRequest)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? APIError.cancelled : APIClient.mapCancellation(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A line of a JSON Lines body that did not decode: which line of which request, and why.
public struct JSONLineDecodingError: Error, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// The request, as `METHOD /path`.
    public var request: String
    /// What the decoder said.
    public var underlying: any Error

    /// The line, the request, and the decoder's reason.
    public var description: String {
        "line \(line) of the JSON Lines body of \(request) did not decode: \(DecodingErrorDescription.describe(underlying))"
    }
}

enum JSONLineDecoding {
    static func decode<T: Decodable>(_ type: T.Type, _ line: (number: Int, text: Data), of request: APIRequest) throws -> T {
        do {
            return try JSONCoding.decoder(for: request.dateStyle).decode(T.self, from: line.text)
        } catch {
            throw APIError.decodingError(
                JSONLineDecodingError(line: line.number, request: "\(request.method.rawValue) \(request.path)", underlying: error))
        }
    }
}
