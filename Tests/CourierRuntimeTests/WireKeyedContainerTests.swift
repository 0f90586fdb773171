import CourierRuntime
import Foundation
import Testing

/// `read`, `readIfPresent`, `write` and `writeIfPresent`, which generated models decode and
/// encode through, behave as the containers' own `decode` and `encode` do, with any coder.
@Suite("Wire-keyed containers")
struct WireKeyedContainerTests {
    /// Every type the readers route to a dedicated overload, plus generic ones.
    struct Sample: Codable, Equatable {
        var text: String
        var count: Int
        var big: Int64
        var flag: Bool
        var ratio: Double
        var id: UUID
        var tags: [String]
        var note: String?
        var limit: Int?
        var small: Int32?
        var maybeBig: Int64? = nil
        var maybeFlag: Bool? = nil
        var maybeRatio: Double? = nil

        init(
            text: String, count: Int, big: Int64, flag: Bool, ratio: Double, id: UUID, tags: [String],
            note: String?, limit: Int?, small: Int32?
        ) {
            self.text = text
            self.count = count
            self.big = big
            self.flag = flag
            self.ratio = ratio
            self.id = id
            self.tags = tags
            self.note = note
            self.limit = limit
            self.small = small
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            text = try container.read(String.self, at: "text")
            count = try container.read(Int.self, at: "count")
            big = try container.read(Int64.self, at: "big")
            flag = try container.read(Bool.self, at: "flag")
            ratio = try container.read(Double.self, at: "ratio")
            id = try container.read(UUID.self, at: "id")
            tags = try container.read([String].self, at: "tags")
            note = try container.readIfPresent(String.self, at: "note")
            limit = try container.readIfPresent(Int.self, at: "limit")
            small = try container.readIfPresent(Int32.self, at: "small")
            maybeBig = try container.readIfPresent(Int64.self, at: "maybe_big")
            maybeFlag = try container.readIfPresent(Bool.self, at: "maybe_flag")
            maybeRatio = try container.readIfPresent(Double.self, at: "maybe_ratio")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.write(text, at: "text")
            try container.write(count, at: "count")
            try container.write(big, at: "big")
            try container.write(flag, at: "flag")
            try container.write(ratio, at: "ratio")
            try container.write(id, at: "id")
            try container.write(tags, at: "tags")
            try container.writeIfPresent(note, at: "note")
            try container.writeIfPresent(limit, at: "limit")
            try container.writeIfPresent(small, at: "small")
            try container.writeIfPresent(maybeBig, at: "maybe_big")
            try container.writeIfPresent(maybeFlag, at: "maybe_flag")
            try container.writeIfPresent(maybeRatio, at: "maybe_ratio")
        }
    }

    var full: Sample {
        var sample = Sample(
            text: "héllo", count: -3, big: 9_007_199_254_740_993, flag: true, ratio: 0.1,
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, tags: ["a", "b"],
            note: "n", limit: 7, small: -2)
        sample.maybeBig = -9_007_199_254_740_993
        sample.maybeFlag = false
        sample.maybeRatio = 2.5e-8
        return sample
    }

    @Test func everyTypeRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(full)
        #expect(try JSONDecoder().decode(Sample.self, from: data) == full)
        let ours = try WireJSONEncoder(dateStyle: .iso8601).encode(full)
        #expect(try JSONDecoder().decode(Sample.self, from: ours) == full)
    }

    @Test func everyTypeRoundTripsThroughAPropertyList() throws {
        let data = try PropertyListEncoder().encode(full)
        #expect(try PropertyListDecoder().decode(Sample.self, from: data) == full)
    }

    @Test func absentAndNullOptionalsReadAsNilAndAreNotWritten() throws {
        let json = #"{"text":"t","count":1,"big":2,"flag":false,"ratio":1.5,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","tags":[],"note":null}"#
        let sample = try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
        #expect(sample.note == nil && sample.limit == nil && sample.small == nil)
        let written = String(decoding: try WireJSONEncoder(dateStyle: .iso8601).encode(sample), as: UTF8.self)
        #expect(!written.contains("note") && !written.contains("limit") && !written.contains("small"))
    }

    @Test func aMissingKeyIsReportedByName() throws {
        let json = #"{"text":"t","big":2,"flag":false,"ratio":1.5,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","tags":[]}"#
        do {
            _ = try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
            Issue.record("decoding succeeded without the required key 'count'")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "count")
        }
    }

    @Test func aWrongTypeIsReportedAtItsKey() throws {
        let json = #"{"text":"t","count":"one","big":2,"flag":false,"ratio":1.5,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","tags":[]}"#
        do {
            _ = try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
            Issue.record("decoding succeeded with a string for an integer")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["count"])
        }
    }
}
