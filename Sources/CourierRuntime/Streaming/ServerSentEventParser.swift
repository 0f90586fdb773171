import Foundation

/// Turns a byte stream into server-sent events, following the WHATWG rules
/// (html.spec.whatwg.org, "Interpreting an event stream"): lines end in CR, LF or CRLF, even
/// when the CR and LF arrive in different chunks; a leading BOM is skipped; `:` lines are
/// comments; `data` lines are joined with `\n`; `event`, `id` (unless it holds NUL) and
/// `retry` (digits only) are read; a blank line dispatches, and an event with no data is not
/// dispatched; an event still open when the stream ends is dropped.
public struct ServerSentEventParser: Sendable {
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var isAtStart = true
    private var previousWasCR = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    private var lastEventID: String?
    private var retry: Int?

    /// Creates a parser; `lastEventID` continues a reconnected stream.
    public init(lastEventID: String? = nil, reconnectionDelay: Int? = nil) {
        self.lastEventID = lastEventID
        self.retry = reconnectionDelay
    }

    /// The last event ID seen, for `Last-Event-ID` on reconnect.
    public var currentLastEventID: String? { lastEventID }

    /// The reconnection delay the server last asked for, in milliseconds.
    public var reconnectionDelay: Int? { retry }

    /// Feeds a chunk and returns the events it completed.
    public mutating func consume(_ chunk: some Sequence<UInt8>) -> [ServerSentEvent] {
        buffer.append(contentsOf: chunk)
        if isAtStart {
            if buffer.count < 3, [0xEF, 0xBB, 0xBF].starts(with: buffer) { return [] }
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
            isAtStart = false
        }
        var events: [ServerSentEvent] = []
        var lineStart = 0
        var index = scanned
        while index < buffer.count {
            let byte = buffer[index]
            if byte == 0x0A, previousWasCR, index == lineStart {
                // The LF of a CRLF whose CR ended the previous line.
                previousWasCR = false
                lineStart = index + 1
                index += 1
                continue
            }
            previousWasCR = false
            if byte == 0x0A || byte == 0x0D {
                if let event = processLine(buffer[lineStart..<index]) { events.append(event) }
                previousWasCR = byte == 0x0D
                lineStart = index + 1
            }
            index += 1
        }
        buffer.removeFirst(lineStart)
        scanned = buffer.count
        return events
    }

    private mutating func processLine(_ line: ArraySlice<UInt8>) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[line.startIndex..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: field, as: UTF8.self) {
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = []
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            type: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self), id: lastEventID,
            retry: retry)
    }
}
