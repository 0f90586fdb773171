/// One frame of the WebSocket protocol (RFC 6455 §5.2): a piece of a message, or a control
/// frame (close, ping, pong) that may come between the pieces of a message.
public struct WebSocketFrame: Sendable, Hashable {
    /// What a frame carries (RFC 6455 §5.2, §11.8).
    public enum Opcode: UInt8, Sendable, Hashable {
        /// A further piece of a fragmented message.
        case continuation = 0x0
        /// The first (or only) piece of a text message.
        case text = 0x1
        /// The first (or only) piece of a binary message.
        case binary = 0x2
        /// The closing handshake.
        case close = 0x8
        /// Asks the peer for a pong with the same payload.
        case ping = 0x9
        /// The answer to a ping, or an unsolicited heartbeat.
        case pong = 0xA

        /// Whether it is a control frame: at most 125 bytes, never fragmented (§5.5).
        public var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Whether this is the last piece of its message.
    public var isFinal: Bool
    /// What the frame carries.
    public var opcode: Opcode
    /// The payload, unmasked.
    public var payload: [UInt8]

    /// A frame.
    public init(opcode: Opcode, payload: [UInt8], isFinal: Bool = true) {
        self.isFinal = isFinal
        self.opcode = opcode
        self.payload = payload
    }

    /// The largest payload of a control frame (§5.5).
    public static let maxControlPayload = 125
}
