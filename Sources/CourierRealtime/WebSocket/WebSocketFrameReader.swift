/// Reads frames from the bytes a server sends, as they arrive in pieces of any size, and checks
/// each against RFC 6455 §5: a client fails the connection on a masked frame, reserved bits or
/// opcodes, a control frame that is fragmented or longer than 125 bytes, or a frame longer than
/// its limit. Nothing is copied twice: the bytes of a frame are kept until it is whole.
struct WebSocketFrameReader {
    /// The largest payload one frame may have.
    let maxPayload: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxPayload: Int) {
        self.maxPayload = maxPayload
    }

    /// Bytes that arrived.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The bytes received but not yet read as a frame.
    var pendingCount: Int { buffer.count - start }

    /// The next whole frame, nil when more bytes are needed; throws when the peer broke the
    /// protocol (the connection must then be failed with the error's code).
    mutating func next() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        if first & 0x70 != 0 {
            throw .protocolViolation(.protocolError, "a frame has reserved bits set, and no extension was agreed")
        }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolViolation(.protocolError, "a frame has the reserved opcode \(first & 0x0F)")
        }
        let isFinal = first & 0x80 != 0
        if second & 0x80 != 0 {
            throw .protocolViolation(.protocolError, "the server masked a frame, which only clients do")
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
            headerLength = 10
            if length >> 63 != 0 { throw .protocolViolation(.protocolError, "a frame's 64-bit length has its highest bit set") }
        }
        if opcode.isControl {
            if !isFinal { throw .protocolViolation(.protocolError, "a \(opcode) frame is fragmented") }
            if length > UInt64(WebSocketFrame.maxControlPayload) {
                throw .protocolViolation(.protocolError, "a \(opcode) frame has \(length) bytes, more than 125")
            }
        }
        if length > UInt64(maxPayload) {
            throw .protocolViolation(.messageTooBig, "a frame of \(length) bytes is larger than the limit of \(maxPayload)")
        }
        let total = headerLength + Int(length)
        guard available >= total else { return nil }
        let payload = Array(buffer[(start + headerLength)..<(start + total)])
        start += total
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 16)
            start = 0
        }
        return WebSocketFrame(opcode: opcode, payload: payload, isFinal: isFinal)
    }
}
