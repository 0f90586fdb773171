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

    /// A message read, written and read again is the same message, numbers of every kind
    /// included: `5.0` is not written as the whole number `5`, nor `-0.0` as `0`, and a number
    /// with more digits than a Double holds reads as the whole number its Double is, both times
    /// (the fuzzer found `JSONEncoder`'s text read back as other kinds).
    @Test func numbersKeepTheirKindWhenAMessageIsWrittenAndReadAgain() throws {
        let numbers = #"{"a":5.0,"b":-0.0,"c":1e16,"d":1444444444444444444444444444444444.4444,"e":18446744073709551616,"#
            + #""f":1447444444444444444444444444444444444444,"g":1E22,"h":-7,"i":0.1,"j":[2.5e-8,{"k":3.0}]}"#
        let message = try PhoenixMessage.decode(#"{"topic":"t","event":"e","payload":"# + numbers + "}")
        let again = try PhoenixMessage.decode(message.text)
        #expect(again == message, "\(message.text)")
        #expect(again.text == message.text)
        #expect(message.payload["a"] == .number(5.0))
        #expect(again.payload["j"] == .array([.number(2.5e-8), .object(["k": .number(3.0)])]))
    }

    @Test func referencesWrittenAsNumbersAreRead() throws {
        #expect(try PhoenixMessage.decode(#"{"topic":"t","event":"phx_reply","payload":{},"ref":12,"join_ref":3}"#).ref == "12")
    }

    @Test(arguments: [#"[null,"1","t","e",{}]"#, #"{"event":"e","payload":{}}"#, #"{"topic":"t","payload":{}}"#, "not json", #"{"topic":1,"event":"e"}"#])
    func whatIsNotAMessageIsRefusedWithAReason(_ text: String) {
        #expect(throws: RealtimeError.self) { try PhoenixMessage.decode(text) }
    }
}
