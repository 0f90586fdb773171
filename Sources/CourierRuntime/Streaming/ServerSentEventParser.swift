import Foundation

/// Turns a byte stream into server-sent events, following the WHATWG rules
/// (html.spec.whatwg.org, "Interpreting an event stream"): lines end in CR, LF or CRLF, even
/// when the CR and LF arrive in different chunks; a leading BOM is skipped; `:` lines are
/// comments; `data` lines are joined with `\n`; `event`, `id` (unless it holds NUL) and
/// `retry` (digits only; a number too large to hold keeps the previous delay) are read; a blank
/// line dispatches, and an event with no data is not dispatched; an event still open when the
/// stream ends is dropped. The last event ID changes when an event is dispatched, not when its
/// `id:` line is read, so a reconnect never skips an event that did not arrive whole.
/// Memory is bounded: a line or an event over its limit throws `EventStreamLimitExceeded`.
public struct ServerSentEventParser: Sendable {
    private let limits: EventStreamLimits
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var isAtStart = true
    private var previousWasCR = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    /// The `id:` of the event being read (the spec's "last event ID buffer").
    private var idBuffer: String?
    /// The ID of the last dispatched event (the spec's "last event ID string").
    private var lastEventID: String?
    private var retry: Int?

    /// Creates a parser; `lastEventID` continues a reconnected stream.
    public init(lastEventID: String? = nil, reconnectionDelay: Int? = nil, limits: EventStreamLimits = EventStreamLimits()) {
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
        self.retry = reconnectionDelay
        self.limits = limits
    }

    /// The ID of the last event dispatched, for `Last-Event-ID` on reconnect; nil when there was
    /// none or the server reset it with an empty `id:`.
    public var currentLastEventID: String? {
        guard let lastEventID, !lastEventID.isEmpty else { return nil }
        return lastEventID
    }

    /// The reconnection delay the server last asked for, in milliseconds.
    public var reconnectionDelay: Int? { retry }

    /// Feeds a chunk and returns the events it completed. Throws `EventStreamLimitExceeded` when
    /// a line or an event grows past its limit; the parser must not be used after that.
    public mutating func consume(_ chunk: some Sequence<UInt8>) throws -> [ServerSentEvent] {
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
                guard index - lineStart <= limits.maxLineBytes else { throw EventStreamLimitExceeded(kind: .line, limit: limits.maxLineBytes) }
                if let event = try processLine(buffer[lineStart..<index]) { events.append(event) }
                previousWasCR = byte == 0x0D
                lineStart = index + 1
            }
            index += 1
        }
        buffer.removeFirst(lineStart)
        scanned = buffer.count
        guard buffer.count <= limits.maxLineBytes else { throw EventStreamLimitExceeded(kind: .line, limit: limits.maxLineBytes) }
        return events
    }

    private mutating func processLine(_ line: ArraySlice<UInt8>) throws -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[line.startIndex..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: field, as: UTF8.self) {
        case "data":
            guard data.count + value.count + 1 <= limits.maxEventBytes else {
                throw EventStreamLimitExceeded(kind: .event, limit: limits.maxEventBytes)
            }
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        case "retry":
            // All digits but too large for an Int: ignored, as any invalid retry.
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let delay = Int(String(decoding: value, as: UTF8.self)) {
                retry = delay
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = idBuffer
        defer {
            data = []
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            type: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self), id: currentLastEventID,
            retry: retry)
    }
}
