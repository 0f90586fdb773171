import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

@Suite("Server-sent events (WHATWG rules)")
struct ServerSentEventTests {
    static func parse(_ text: String) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        do {
            return try parser.consume(Array(text.utf8))
        } catch {
            Issue.record("parsing failed: \(error)")
            return []
        }
    }

    @Test func dataLinesAreJoinedWithNewlines() {
        #expect(Self.parse("data: a\ndata:b\ndata\n\n") == [ServerSentEvent(data: "a\nb\n")])
    }

    @Test func onlyOneLeadingSpaceIsRemoved() {
        #expect(Self.parse("data:  two\n\n").map(\.data) == [" two"])
    }

    @Test func eventIdAndRetryFields() {
        let events = Self.parse("event: task_update\nid: 7\nretry: 2500\ndata: {}\n\n")
        #expect(events == [ServerSentEvent(type: "task_update", data: "{}", id: "7", retry: 2500)])
    }

    @Test func theEventTypeResetsButTheIdPersists() {
        let events = Self.parse("event: a\nid: 1\ndata: x\n\ndata: y\n\n")
        #expect(events.map(\.type) == ["a", "message"])
        #expect(events.map(\.id) == ["1", "1"])
    }

    @Test func invalidRetryAndIdWithNulAreIgnored() {
        let events = Self.parse("retry: 10s\nid: a\u{0}b\ndata: x\n\n")
        #expect(events == [ServerSentEvent(data: "x")])
    }

    @Test func commentsAndUnknownFieldsAreIgnored() {
        #expect(Self.parse(": keep-alive\nfoo: bar\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func anEventWithoutDataIsNotDispatched() {
        #expect(Self.parse("event: ping\n\n").isEmpty)
    }

    @Test func allLineEndings() {
        let expected = [ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: "c")]
        #expect(Self.parse("data: a\r\n\r\ndata: b\r\rdata: c\n\n") == expected)
    }

    @Test func aLeadingByteOrderMarkIsSkipped() {
        #expect(Self.parse("\u{FEFF}data: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func aFinalEventWithoutABlankLineIsDropped() {
        #expect(Self.parse("data: a\n\ndata: unfinished\n").map(\.data) == ["a"])
    }

    @Test func aFieldWithoutAColonIsAFieldWithAnEmptyValue() {
        #expect(Self.parse("data\n\n").map(\.data) == [""])
    }

    @Test func eventsSplitAtAnyByteBoundaryParseTheSame() throws {
        let stream = "\u{FEFF}: hi\r\nevent: task_update\r\nid: 42\r\ndata: {\"a\": \"é😀\"}\r\ndata: line2\r\n\r\ndata: b\rretry: 300\r\rdata: c\n\n"
        let bytes = Array(stream.utf8)
        let whole = Self.parse(stream)
        #expect(whole.count == 3)
        for split in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = try parser.consume(bytes[..<split]) + parser.consume(bytes[split...])
            #expect(events == whole, "split at \(split)")
        }
        var parser = ServerSentEventParser()
        var byteByByte: [ServerSentEvent] = []
        for byte in bytes { byteByByte += try parser.consume([byte]) }
        #expect(byteByByte == whole)
    }

    @Test func typedEventsAreDecodedAsTheyArrive() async throws {
        let transport = ScriptedTransport([eventStream("data: {\"id\":1}\n\ndata: {\"id\":2}\n\n")])
        var items: [Item] = []
        for try await item in makeClient(transport).events(APIRequest(method: .post, path: "/functions/v1/chat"), as: Item.self) {
            items.append(item)
        }
        #expect(items == [Item(id: 1), Item(id: 2)])
        #expect(transport.requests.first?.headers["Accept"] == "text/event-stream")
    }

    @Test func anEventThatDoesNotDecodeEndsTheStreamWithADecodingError() async throws {
        let transport = ScriptedTransport([eventStream("data: {\"id\":1}\n\ndata: {\"nope\":2}\n\n")])
        var items: [Item] = []
        let error = await apiError {
            for try await item in makeClient(transport).events(APIRequest(method: .get, path: "/s"), as: Item.self) { items.append(item) }
        }
        guard case .decodingError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(items == [Item(id: 1)])
    }

    @Test func reconnectSendsLastEventID() async throws {
        let transport = ScriptedTransport { request, index in
            switch index {
            case 0:
                #expect(request.headers["Last-Event-ID"] == nil)
                return try eventStream("id: 5\ndata: {\"id\":5}\n\n").get()
            case 1:
                #expect(request.headers["Last-Event-ID"] == "5")
                return try eventStream("id: 6\ndata: {\"id\":6}\n\n").get()
            default:
                #expect(request.headers["Last-Event-ID"] == "6")
                return try eventStream("").get()
            }
        }
        let clock = RecordingClock()
        var items: [Item] = []
        for try await item in makeClient(transport, clock: clock).events(APIRequest(method: .get, path: "/s"), as: Item.self, reconnect: true, maxReconnects: 1) {
            items.append(item)
        }
        #expect(items == [Item(id: 5), Item(id: 6)])
        // An event starts the count again: one reconnect after each event, none after the empty stream.
        #expect(clock.sleeps == [1, 1])
        #expect(transport.requests.count == 3)
    }
}
