/// Writes the frames a client sends (RFC 6455 §5.2, §5.3): every one masked with a key of its
/// own, the length in the fewest bytes.
enum WebSocketFrameWriter {
    /// The bytes of `frame`, masked with `maskingKey`.
    static func bytes(of frame: WebSocketFrame, maskingKey: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        let count = frame.payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 14)
        bytes.append((frame.isFinal ? 0x80 : 0) | frame.opcode.rawValue)
        if count < 126 {
            bytes.append(0x80 | UInt8(count))
        } else if count <= Int(UInt16.max) {
            bytes.append(0x80 | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xFF))
        } else {
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        let key = [maskingKey.0, maskingKey.1, maskingKey.2, maskingKey.3]
        bytes.append(contentsOf: key)
        for (index, byte) in frame.payload.enumerated() { bytes.append(byte ^ key[index & 3]) }
        return bytes
    }

    /// The bytes of `frame`, masked with a key from the system's random source, as §5.3 asks:
    /// unpredictable, so that a proxy cannot be poisoned with crafted bytes.
    static func bytes(of frame: WebSocketFrame) -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        let key = random.next() as UInt32
        return bytes(of: frame, maskingKey: (UInt8(key >> 24), UInt8((key >> 16) & 0xFF), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF)))
    }

    /// The payload of a close frame: the code, then the reason cut to fit in 125 bytes without
    /// splitting a character.
    static func closePayload(_ code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var reasonBytes: [UInt8] = []
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard reasonBytes.count + encoded.count <= WebSocketFrame.maxControlPayload - 2 else { break }
            reasonBytes += encoded
        }
        return [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + reasonBytes
    }
}
