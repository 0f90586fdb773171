import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// `Nullable<T>?` fields have three states, absent, null and a value, and each survives a
/// round trip: a PATCH can clear a field, and a required nullable key is always sent.
@Suite("Absent, null or a value")
struct NullableFieldTests {
    let decoder = JSONCoding.decoder(for: .unixSeconds)
    let encoder = JSONCoding.encoder(for: .unixSeconds)

    func object(_ patch: NodePatch) throws -> String {
        String(decoding: try encoder.encode(patch), as: UTF8.self)
    }

    @Test func eachStateIsWrittenAsItIs() throws {
        #expect(try object(NodePatch(dueAt: .null)) == #"{"due_at":null}"#)
        #expect(try object(NodePatch(title: .null, dueAt: .value(Date(timeIntervalSince1970: 60)))) == #"{"title":null,"due_at":60}"#)
        #expect(try object(NodePatch(title: .value("Ship"), dueAt: .null, labels: [.value("a"), .null])) == #"{"title":"Ship","due_at":null,"labels":["a",null]}"#)
    }

    @Test func eachStateIsReadAsItIs() throws {
        let absent = try decoder.decode(NodePatch.self, from: Data(#"{"due_at": null}"#.utf8))
        #expect(absent.title == nil)
        #expect(absent.dueAt == .null)
        let cleared = try decoder.decode(NodePatch.self, from: Data(#"{"title": null, "due_at": 60, "labels": [null, "b"]}"#.utf8))
        #expect(cleared.title == .null)
        #expect(cleared.dueAt == .value(Date(timeIntervalSince1970: 60)))
        #expect(cleared.labels == [.null, .value("b")])
        let set = try decoder.decode(NodePatch.self, from: Data(#"{"title": "Ship", "due_at": null}"#.utf8))
        #expect(set.title == .value("Ship"))
        for patch in [absent, cleared, set] {
            #expect(try decoder.decode(NodePatch.self, from: try encoder.encode(patch)) == patch)
        }
    }

    @Test func aFieldThatWritesNullKeepsItsKey() throws {
        #expect(try String(decoding: encoder.encode(NodeSnapshot(title: "Ship", dueAt: nil, done: nil)), as: UTF8.self) == #"{"title":"Ship","due_at":null}"#)
        #expect(try String(decoding: encoder.encode(NodeSnapshot(title: "Ship", dueAt: Date(timeIntervalSince1970: 60), done: nil)), as: UTF8.self) == #"{"title":"Ship","due_at":60}"#)
        // Reading is as for any optional: null and an absent key are both nil.
        #expect(try decoder.decode(NodeSnapshot.self, from: Data(#"{"title": "Ship", "due_at": null}"#.utf8)).dueAt == nil)
        #expect(try decoder.decode(NodeSnapshot.self, from: Data(#"{"title": "Ship"}"#.utf8)).dueAt == nil)
    }

    /// A default stands for an absent key; a `null` in an optional field is nil, not the default.
    @Test func anOptionalFieldTakesItsDefaultOnlyWhenTheKeyIsAbsent() throws {
        #expect(try decoder.decode(NodeSnapshot.self, from: Data(#"{"title": "a"}"#.utf8)).done == false)
        #expect(try decoder.decode(NodeSnapshot.self, from: Data(#"{"title": "a", "done": null}"#.utf8)).done == nil)
        #expect(try decoder.decode(NodeSnapshot.self, from: Data(#"{"title": "a", "done": true}"#.utf8)).done == true)
    }

    @Test func aRequiredNullableKeyMustBeThere() {
        #expect(throws: DecodingError.self) { try decoder.decode(NodePatch.self, from: Data(#"{"title": "Ship"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(NodePatch.self, from: Data(#"{"due_at": "soon"}"#.utf8)) }
    }

    @Test func aLiteralIsAValue() throws {
        let patch = NodePatch(title: "Ship", dueAt: .null, labels: ["a", .null])
        #expect(patch.title == .value("Ship"))
        #expect(patch.labels == [.value("a"), .null])
        let count: Nullable<Int> = 3
        let ratio: Nullable<Double> = 0.5
        let flag: Nullable<Bool> = true
        #expect([count.value, ratio.value.map { Int($0 * 2) }, flag.value.map { $0 ? 1 : 0 }] == [3, 1, 1])
    }

    @Test func nullableConvertsFromAndToAnOptional() {
        #expect(Nullable<Int>(nil) == .null)
        #expect(Nullable(3) == .value(3))
        #expect(Nullable<Int>.null.value == nil)
        #expect(Nullable.value(3).value == 3)
    }
}
