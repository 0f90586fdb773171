import Foundation

/// Splits a JSON Lines (NDJSON) body into its lines as the bytes arrive: a line ends at LF, a
/// CR before it is dropped, blank lines are skipped, and a last line without a line end counts.
public struct JSONLinesParser: Sendable {
    /// The media types a JSON Lines stream is served as. Plain `application/json` is among them:
    /// many servers (httpbin's `/stream` among them) send JSON Lines under it.
    public static let mediaTypes: Set<String> = [
        "application/jsonl", "application/x-jsonl", "application/jsonlines", "application/x-jsonlines",
        "application/json-lines", "application/ndjson", "application/x-ndjson", "application/x-json-stream",
        "application/json",
    ]

    /// The `Accept` header of a JSON Lines request.
    public static let accept = "application/jsonl, application/x-ndjson, application/json;q=0.9"

    private let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var isFirstLine = true
    /// The number of the last line returned, counting blank lines, from 1.
    public private(set) var lineNumber = 0

    /// Creates a parser that refuses lines longer than `maxLineBytes`.
    public init(maxLineBytes: Int = EventStreamLimits().maxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    /// Takes the next bytes and returns the lines they complete, each with its line number.
    /// Throws `EventStreamLimitExceeded` when a line grows past the limit.
    public mutating func consume(_ chunk: some Sequence<UInt8>) throws -> [(number: Int, text: Data)] {
        var lines: [(number: Int, text: Data)] = []
        for byte in chunk {
            if byte == 0x0A {
                if let line = takeLine() { lines.append(line) }
                continue
            }
            guard pending.count < maxLineBytes else { throw EventStreamLimitExceeded(kind: .line, limit: maxLineBytes) }
            pending.append(byte)
        }
        return lines
    }

    /// The last line, when the body ended without a line end.
    public mutating func finish() -> (number: Int, text: Data)? {
        pending.isEmpty ? nil : takeLine()
    }

    private mutating func takeLine() -> (number: Int, text: Data)? {
        lineNumber += 1
        var line = pending[...]
        pending.removeAll(keepingCapacity: true)
        if isFirstLine, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        isFirstLine = false
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return (lineNumber, Data(line))
    }
}
