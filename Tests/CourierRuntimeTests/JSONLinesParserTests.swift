import CourierRuntime
import Foundation
import Testing

/// How a JSON Lines body is split into lines, however its bytes are cut into chunks.
@Suite("JSON Lines parsing")
struct JSONLinesParserTests {
    /// Every line the parser returns for `body` cut into chunks of `size` bytes.
    func lines(_ body: String, chunkSize size: Int, maxLineBytes: Int = 1 << 20) throws -> [String] {
        var parser = JSONLinesParser(maxLineBytes: maxLineBytes)
        let bytes = Array(body.utf8)
        var result: [String] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            result += try parser.consume(bytes[start..<min(start + size, bytes.count)]).map { "\($0.number): \(String(decoding: $0.text, as: UTF8.self))" }
        }
        if let last = parser.finish() { result.append("\(last.number): \(String(decoding: last.text, as: UTF8.self))") }
        return result
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func linesEndAtLFWithCRDroppedAndBlankLinesSkipped(chunkSize: Int) throws {
        let body = "\u{FEFF}{\"a\":1}\r\n\n  \n{\"a\":2}\n{\"a\":3}"
        #expect(try lines(body, chunkSize: chunkSize) == [#"1: {"a":1}"#, #"4: {"a":2}"#, #"5: {"a":3}"#])
    }

    @Test func aCarriageReturnInsideALineIsKept() throws {
        #expect(try lines("\"a\rb\"\n", chunkSize: 100) == ["1: \"a\rb\""])
    }

    @Test func aLineLongerThanTheLimitIsRefused() throws {
        #expect(try lines("12345678\n", chunkSize: 3, maxLineBytes: 8) == ["1: 12345678"])
        #expect(throws: EventStreamLimitExceeded(kind: .line, limit: 8)) { try lines("123456789\n", chunkSize: 3, maxLineBytes: 8) }
    }

    @Test func anEmptyBodyHasNoLines() throws {
        #expect(try lines("", chunkSize: 1).isEmpty)
        #expect(try lines("\n\r\n", chunkSize: 1).isEmpty)
    }
}
