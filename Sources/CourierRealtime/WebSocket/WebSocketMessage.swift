/// A whole WebSocket message: its fragments joined.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (valid UTF-8).
    case text(String)
    /// A binary message.
    case binary([UInt8])
}

extension WebSocketMessage {
    /// The message as one unfragmented frame.
    var frame: WebSocketFrame {
        switch self {
        case .text(let text): return WebSocketFrame(opcode: .text, payload: Array(text.utf8))
        case .binary(let bytes): return WebSocketFrame(opcode: .binary, payload: bytes)
        }
    }
}

/// What a run of frames amounts to: a whole message, or a control frame between the pieces of
/// one.
enum WebSocketEvent: Sendable, Hashable {
    case message(WebSocketMessage)
    case ping([UInt8])
    case pong([UInt8])
    /// The peer's close frame: its code (nil when it had none, 1005) and reason.
    case close(WebSocketCloseCode?, reason: String)
}

/// Joins fragmented messages (RFC 6455 §5.4) and checks what frames say: a continuation
/// without a start, a new message before the last one ended, a message past its limit, a text
/// message that is not UTF-8, and a close frame with a code that may not be sent or a reason
/// that is not UTF-8 each fail the connection.
struct WebSocketMessageAssembler {
    /// The largest message, all its fragments together.
    let maxMessageSize: Int
    private var kind: WebSocketFrame.Opcode?
    private var parts: [UInt8] = []

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    /// What `frame` completes, if anything.
    mutating func take(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            if kind != nil { throw .protocolViolation(.protocolError, "a new message began before the fragmented one ended") }
            kind = frame.opcode
            parts = []
        case .continuation:
            if kind == nil { throw .protocolViolation(.protocolError, "a continuation frame came with no message to continue") }
        }
        if parts.count + frame.payload.count > maxMessageSize {
            throw .protocolViolation(.messageTooBig, "a message is larger than the limit of \(maxMessageSize) bytes")
        }
        parts += frame.payload
        guard frame.isFinal, let kind else { return nil }
        self.kind = nil
        defer { parts = [] }
        if kind == .binary { return .message(.binary(parts)) }
        guard let text = String(validating: parts, as: UTF8.self) else {
            throw .protocolViolation(.invalidPayload, "a text message is not valid UTF-8")
        }
        return .message(.text(text))
    }

    /// A close frame's code and reason (§5.5.1, §7.4).
    static func close(_ payload: [UInt8]) throws(WebSocketError) -> WebSocketEvent {
        if payload.isEmpty { return .close(nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolViolation(.protocolError, "a close frame has one byte, not a code") }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.mayBeSent else { throw .protocolViolation(.protocolError, "a close frame has the code \(code.rawValue), which may not be sent") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw .protocolViolation(.invalidPayload, "a close frame's reason is not valid UTF-8")
        }
        return .close(code, reason: reason)
    }
}
