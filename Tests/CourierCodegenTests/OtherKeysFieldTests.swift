import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// A `[String: T] @otherKeys` field holds the keys no other field reads, and writes them back:
/// an object whose keys are partly fixed and partly the sender's choice survives a round trip.
@Suite("The keys no other field reads")
struct OtherKeysFieldTests {
    let decoder = JSONCoding.decoder(for: .iso8601)
    let encoder = JSONCoding.encoder(for: .iso8601)

    @Test func everyOtherKeyIsHeldAndWrittenBack() throws {
        let text = #"{"score": 1.5, "title": "Ship", "tags": ["a", null], "owner": {"id": 7}, "gone": null, "b": 1, "a": true}"#
        let hit = try decoder.decode(SearchHit.self, from: Data(text.utf8))
        #expect(hit.score == 1.5)
        #expect(
            hit.fields == [
                "title": .string("Ship"), "tags": .array([.string("a"), .null]), "owner": .object(["id": .integer(7)]), "gone": .null,
                "b": .integer(1), "a": .bool(true),
            ])
        // The declared fields first, then the others in the order of their keys (six keys: an
        // unsorted dictionary comes out in this order once in 720 runs).
        #expect(
            String(decoding: try encoder.encode(hit), as: UTF8.self)
                == #"{"score":1.5,"a":true,"b":1,"gone":null,"owner":{"id":7},"tags":["a",null],"title":"Ship"}"#)
        #expect(try decoder.decode(SearchHit.self, from: try encoder.encode(hit)) == hit)
    }

    @Test func noOtherKeysIsAnEmptyField() throws {
        let hit = try decoder.decode(SearchHit.self, from: Data(#"{"score": 2}"#.utf8))
        #expect(hit.fields.isEmpty)
        #expect(SearchHit(score: 2) == hit)
        #expect(String(decoding: try encoder.encode(hit), as: UTF8.self) == #"{"score":2}"#)
    }

    /// An entry on a key that another field writes would stand twice in the object.
    @Test func anEntryOnADeclaredKeyIsAnError() {
        let hit = SearchHit(score: 1, fields: ["score": .integer(3)])
        #expect(throws: EncodingError.self) { try encoder.encode(hit) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(hit) }
    }
}
