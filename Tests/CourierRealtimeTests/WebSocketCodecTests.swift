import Foundation
import Testing

@testable import CourierRealtime

/// The WebSocket protocol's bytes (RFC 6455): frames as the RFC's own examples write them, the
/// opening handshake's key and accept, and every way a server can break the protocol.
@Suite("WebSocket frames and handshake")
struct WebSocketCodecTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// Reads every frame of `bytes`, given to the reader `chunk` bytes at a time.
    static func frames(_ bytes: [UInt8], chunk: Int = .max, maxPayload: Int = 1 << 20) throws -> [WebSocketFrame] {
        var reader = WebSocketFrameReader(maxPayload: maxPayload)
        var frames: [WebSocketFrame] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            reader.append(bytes[index..<end])
            index = end
            while let frame = try reader.next() { frames.append(frame) }
        }
        #expect(reader.pendingCount == 0, "bytes left over")
        return frames
    }

    /// The events a client makes of `bytes`.
    static func events(_ bytes: [UInt8], maxMessageSize: Int = 1 << 20) throws -> [WebSocketEvent] {
        var assembler = WebSocketMessageAssembler(maxMessageSize: maxMessageSize)
        return try frames(bytes).compactMap { try assembler.take($0) }
    }

    /// The code a client must fail the connection with after `bytes`, or nil.
    static func violation(_ bytes: [UInt8], maxPayload: Int = 1 << 20, maxMessageSize: Int = 1 << 20) -> WebSocketCloseCode? {
        var reader = WebSocketFrameReader(maxPayload: maxPayload)
        var assembler = WebSocketMessageAssembler(maxMessageSize: maxMessageSize)
        reader.append(bytes)
        do {
            while let frame = try reader.next() { _ = try assembler.take(frame) }
            return nil
        } catch {
            guard case .protocolViolation(let code, _) = error else { return nil }
            return code
        }
    }

    @Test func sha1MatchesRFC3174sVectors() {
        #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Self.hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func theAcceptAnswersTheKeyAsRFC6455sExampleDoes() {
        #expect(WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==").expectedAccept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // A fresh key is 16 random bytes, different each time.
        let keys = Set((0..<8).map { _ in WebSocketHandshake().key })
        #expect(keys.count == 8)
        #expect(keys.allSatisfy { Data(base64Encoded: $0)?.count == 16 })
    }

    @Test func theRFCsExampleFramesRead() throws {
        // §5.7: a single unmasked text frame, a fragmented one, a ping, 256 and 65536 bytes.
        #expect(try Self.events([0x81, 0x05] + Array("Hello".utf8)) == [.message(.text("Hello"))])
        #expect(try Self.events([0x01, 0x03] + Array("Hel".utf8) + [0x80, 0x02] + Array("lo".utf8)) == [.message(.text("Hello"))])
        #expect(try Self.events([0x89, 0x05] + Array("Hello".utf8)) == [.ping(Array("Hello".utf8))])
        let medium = [UInt8](repeating: 7, count: 256)
        #expect(try Self.events([0x82, 0x7E, 0x01, 0x00] + medium) == [.message(.binary(medium))])
        let large = [UInt8](repeating: 9, count: 65_536)
        #expect(try Self.events([0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0] + large) == [.message(.binary(large))])
    }

    @Test func framesReadTheSameWhateverTheBytesArrivedIn() throws {
        let bytes = [0x01, 0x03] + Array("Hel".utf8) + [0x89, 0x01, 0x21] + [0x80, 0x02] + Array("lo".utf8) + [0x82, 0x7E, 0x01, 0x00]
            + [UInt8](repeating: 1, count: 256) + [0x88, 0x02, 0x03, 0xE8]
        let whole = try Self.frames(bytes)
        #expect(whole.count == 5)
        for chunk in [1, 2, 3, 7, 100] { #expect(try Self.frames(bytes, chunk: chunk) == whole, "in pieces of \(chunk)") }
    }

    @Test func aClientFrameIsMaskedAsTheRFCsExampleIs() throws {
        // §5.7: "Hello" masked with 37 fa 21 3d.
        let bytes = WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)), maskingKey: (0x37, 0xFA, 0x21, 0x3D))
        #expect(Self.hex(bytes) == "818537fa213d7f9f4d5158")
        // Lengths in the fewest bytes, and every frame with a key of its own.
        #expect(WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0, count: 125)))[1] == 0x80 | 125)
        #expect(WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0, count: 126)))[1] == 0x80 | 126)
        #expect(WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0, count: 65_536)))[1] == 0x80 | 127)
        let keys = Set((0..<16).map { _ in WebSocketFrameWriter.bytes(of: WebSocketFrame(opcode: .ping, payload: [])).suffix(4) })
        #expect(keys.count > 1)
    }

    @Test func aCloseReasonIsCutToFitWithoutSplittingACharacter() throws {
        let payload = WebSocketFrameWriter.closePayload(.goingAway, reason: String(repeating: "é", count: 100))
        #expect(payload.count <= WebSocketFrame.maxControlPayload)
        #expect(payload.count == 2 + 122)
        #expect(try WebSocketMessageAssembler.close(payload) == .close(.goingAway, reason: String(repeating: "é", count: 61)))
        #expect(try WebSocketMessageAssembler.close([]) == .close(nil, reason: ""))
    }

    /// Each way a server breaks RFC 6455, and the code the client fails the connection with.
    @Test(arguments: [
        ([0xC1, 0x00], WebSocketCloseCode.protocolError),  // RSV1 without an extension
        ([0x83, 0x00], .protocolError),  // reserved opcode 3
        ([0x8B, 0x00], .protocolError),  // reserved control opcode B
        ([0x81, 0x81, 1, 2, 3, 4, 0x61], .protocolError),  // masked by the server
        ([0x89, 0x7E, 0x00, 0x7E] + [UInt8](repeating: 0, count: 126), .protocolError),  // ping of 126 bytes
        ([0x09, 0x00], .protocolError),  // fragmented ping
        ([0x80, 0x01, 0x61], .protocolError),  // continuation with nothing to continue
        ([0x01, 0x01, 0x61, 0x81, 0x01, 0x62], .protocolError),  // a new message inside a fragmented one
        ([0x81, 0x02, 0xC3, 0x28], .invalidPayload),  // text that is not UTF-8
        ([0x81, 0x03, 0xED, 0xA0, 0x80], .invalidPayload),  // a UTF-16 surrogate in UTF-8
        ([0x88, 0x01, 0x03], .protocolError),  // close with one byte
        ([0x88, 0x02, 0x03, 0xED], .protocolError),  // close with 1005, which is never sent
        ([0x88, 0x02, 0x03, 0xE7], .protocolError),  // close with 999
        ([0x88, 0x02, 0x07, 0xD0], .protocolError),  // close with 2000
        ([0x88, 0x04, 0x03, 0xE8, 0xC3, 0x28], .invalidPayload),  // close reason not UTF-8
        ([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], .protocolError),  // 64-bit length with the top bit
    ] as [([UInt8], WebSocketCloseCode)])
    func aBrokenProtocolFailsTheConnection(bytes: [UInt8], code: WebSocketCloseCode) {
        #expect(Self.violation(bytes) == code, "\(Self.hex(bytes))")
    }

    @Test func framesAndMessagesPastTheirLimitsAreRefusedBeforeTheyAreRead() {
        // The length is enough: the 1 GiB payload never has to arrive.
        #expect(Self.violation([0x82, 0x7F, 0, 0, 0, 0, 0x40, 0, 0, 0], maxPayload: 1 << 20) == .messageTooBig)
        let fragments = (0..<5).flatMap { index in [index == 0 ? 0x02 : (index == 4 ? 0x80 : 0x00), 0x7E, 0x01, 0x00] + [UInt8](repeating: 0, count: 256) }
        #expect(Self.violation(fragments, maxMessageSize: 1_000) == .messageTooBig)
        #expect(Self.violation(fragments, maxMessageSize: 1_280) == nil)
    }

    @Test func theServersAnswerIsChecked() throws {
        let handshake = WebSocketHandshake(protocols: ["phoenix"], key: "dGhlIHNhbXBsZSBub25jZQ==")
        func head(_ text: String) throws -> HTTPResponseHead { try #require(try HTTPResponseHead.parse(Array(text.utf8))).0 }
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"
        #expect(try handshake.check(head(good + "\r\n")) == nil)
        #expect(try handshake.check(head(good + "Sec-WebSocket-Protocol: phoenix\r\n\r\n")) == "phoenix")
        let refused = #expect(throws: WebSocketError.self) { try handshake.check(head("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n")) }
        #expect(refused == .handshakeRefused(status: 401, body: ""))
        for broken in [
            good.replacingOccurrences(of: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", with: "AAAA") + "\r\n",
            good.replacingOccurrences(of: "Upgrade: WebSocket\r\n", with: "") + "\r\n",
            good.replacingOccurrences(of: "keep-alive, Upgrade", with: "keep-alive") + "\r\n",
            good + "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
            good + "Sec-WebSocket-Protocol: mqtt\r\n\r\n",
        ] {
            #expect(throws: WebSocketError.self, "\(broken)") { try handshake.check(head(broken)) }
        }
        // A head is read only once it is whole, with what follows it left for the frames.
        #expect(try HTTPResponseHead.parse(Array("HTTP/1.1 101 OK\r\nUpgrade: websocket\r\n".utf8)) == nil)
        let (_, length) = try #require(try HTTPResponseHead.parse(Array((good + "\r\n").utf8) + [0x81, 0x00]))
        #expect(length == good.utf8.count + 2)
        #expect(throws: WebSocketError.self) { try HTTPResponseHead.parse(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8)) }
    }

    @Test func theUpgradeRequestIsWhatRFC6455Asks() throws {
        let handshake = WebSocketHandshake(protocols: [], key: "dGhlIHNhbXBsZSBub25jZQ==")
        let request = String(decoding: try handshake.request(url: URL(string: "wss://example.com/realtime/v1/websocket?apikey=k&vsn=1.0.0")!, headers: [("Origin", "https://app")]), as: UTF8.self)
        #expect(request == "GET /realtime/v1/websocket?apikey=k&vsn=1.0.0 HTTP/1.1\r\nHost: example.com\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: https://app\r\n\r\n")
        let port = String(decoding: try handshake.request(url: URL(string: "ws://127.0.0.1:4000")!, headers: []), as: UTF8.self)
        #expect(port.hasPrefix("GET / HTTP/1.1\r\nHost: 127.0.0.1:4000\r\n"))
        #expect(throws: WebSocketError.self) { try handshake.request(url: URL(string: "ws://h/")!, headers: [("X", "a\r\nInjected: 1")]) }
    }
}
