import CourierRuntime
import Testing

@testable import CourierRealtime

/// Phoenix channel messages (serializer 1.0.0) as Supabase Realtime writes them.
@Suite("Phoenix channel messages")
struct PhoenixMessageTests {
    @Test func aMessageReadsAndWritesAsTheServerWritesIt() throws {
        let text = #"{"topic":"realtime:tasks","event":"postgres_changes","payload":{"ids":[3],"data":{"type":"DELETE","old_record":{"id":7}}},"ref":null,"join_ref":"4"}"#
        let message = try PhoenixMessage.decode(text)
        #expect(message.topic == "realtime:tasks")
        #expect(message.event == "postgres_changes")
        #expect(message.ref == nil)
        #expect(message.joinRef == "4")
        #expect(message.payload["data"]?["old_record"]?["id"] == .integer(7))
        #expect(try PhoenixMessage.decode(message.text) == message)
        #expect(PhoenixMessage(topic: "phoenix", event: "heartbeat", ref: "9").text == #"{"event":"heartbeat","payload":{},"ref":"9","topic":"phoenix"}"#)
    }

    @Test func referencesWrittenAsNumbersAreRead() throws {
        #expect(try PhoenixMessage.decode(#"{"topic":"t","event":"phx_reply","payload":{},"ref":12,"join_ref":3}"#).ref == "12")
    }

    @Test(arguments: [#"[null,"1","t","e",{}]"#, #"{"event":"e","payload":{}}"#, #"{"topic":"t","payload":{}}"#, "not json", #"{"topic":1,"event":"e"}"#])
    func whatIsNotAMessageIsRefusedWithAReason(_ text: String) {
        #expect(throws: RealtimeError.self) { try PhoenixMessage.decode(text) }
    }
}
