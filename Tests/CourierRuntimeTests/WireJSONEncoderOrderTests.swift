import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Any order of container use that `JSONEncoder` accepts gives valid JSON equal in value to
/// `JSONEncoder`'s, though `RequestBody.json` may carry hand-written `Encodable` code.
@Suite("WireJSONEncoder: containers in any order")
struct WireJSONEncoderOrderTests {
    /// A subclass-style encoder: takes the superclass encoder before writing its own members.
    struct SuperFirst: Encodable {
        /// Adds a UUID and a date, which Foundation spells otherwise.
        var withSpellings = false

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            let superEncoder = container.superEncoder()
            try container.encode("n", forKey: "name")
            var parent = superEncoder.container(keyedBy: WireKey.self)
            try parent.encode(1, forKey: "id")
            guard withSpellings else { return }
            try parent.encode(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, forKey: "uuid")
            try parent.encode(Date(timeIntervalSince1970: 1_700_000_000.5), forKey: "at")
        }
    }

    /// Opens two nested containers, then fills both.
    struct OpenThenFill: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            var a = container.nestedContainer(keyedBy: WireKey.self, forKey: "a")
            var b = container.nestedContainer(keyedBy: WireKey.self, forKey: "b")
            try b.encode(1, forKey: "x")
            try a.encode(2, forKey: "y")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            var inner = list.nestedUnkeyedContainer()
            try list.encode(3)
            try inner.encode(4)
        }
    }

    /// Writes one key twice.
    struct DuplicateKey: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(1, forKey: "a")
            try container.encode("two", forKey: "a")
        }
    }

    static func value(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    @Test func outOfOrderUseGivesValidJSONEqualToFoundations() throws {
        let foundation = JSONEncoder()
        for (name, value) in [("super first", SuperFirst() as any Encodable), ("open then fill", OpenThenFill()), ("duplicate key", DuplicateKey())] {
            let ours = try WireJSONEncoder().encode(value)
            let theirs = try foundation.encode(value)
            #expect(try Self.value(ours) == Self.value(theirs), "\(name): \(String(decoding: ours, as: UTF8.self))")
        }
        // The second path writes as the first does: members where their keys first stood,
        // UUIDs lowercase, dates in the date style, the last value of a key written twice.
        #expect(String(decoding: try WireJSONEncoder().encode(SuperFirst(withSpellings: true)), as: UTF8.self)
            == #"{"super":{"id":1,"uuid":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","at":"2023-11-14T22:13:20.5Z"},"name":"n"}"#)
        #expect(String(decoding: try WireJSONEncoder().encode(DuplicateKey()), as: UTF8.self) == #"{"a":"two"}"#)
        #expect(String(decoding: try WireJSONEncoder(dateStyle: .unixSeconds).encode(SuperFirst(withSpellings: true)), as: UTF8.self)
            == #"{"super":{"id":1,"uuid":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","at":1700000000.5},"name":"n"}"#)
    }

    /// Hand-written encoding code with a random plan: nested containers and super-encoders
    /// opened early and filled later in a random order, keys written twice, values nested
    /// in values. The same seed gives both encoders the same calls.
    struct RandomPlan: Encodable {
        let seed: UInt64
        let depth: Int

        func encode(to encoder: any Encoder) throws {
            var generator = SeededGenerator(seed: seed)
            var container = encoder.container(keyedBy: WireKey.self)
            var later: [() throws -> Void] = []
            for index in 0..<Int.random(in: 1...5, using: &generator) {
                let key = WireKey(stringValue: "k\(index)")
                let number = Int.random(in: 0..<1000, using: &generator)
                switch Int.random(in: 0..<(depth < 3 ? 6 : 4), using: &generator) {
                case 0:
                    try container.encode(number, forKey: key)
                case 1:
                    var nested = container.nestedContainer(keyedBy: WireKey.self, forKey: key)
                    later.append { try nested.encode(number, forKey: "x") }
                case 2:
                    var list = container.nestedUnkeyedContainer(forKey: key)
                    try list.encode(number)
                    later.append { try list.encode("later") }
                case 3:
                    try container.encode("first", forKey: key)
                    try container.encode(number, forKey: key)
                case 4:
                    try container.encode(RandomPlan(seed: generator.next(), depth: depth + 1), forKey: key)
                default:
                    var list = container.nestedUnkeyedContainer(forKey: key)
                    let child = RandomPlan(seed: generator.next(), depth: depth + 1)
                    var inner = list.nestedContainer(keyedBy: WireKey.self)
                    later.append { try inner.encode(child, forKey: "child") }
                }
            }
            if Bool.random(using: &generator) {
                let parent = container.superEncoder()
                let id = Int.random(in: 0..<1000, using: &generator)
                later.append {
                    var parentContainer = parent.container(keyedBy: WireKey.self)
                    try parentContainer.encode(id, forKey: "id")
                }
            }
            later.shuffle(using: &generator)
            for write in later { try write() }
        }
    }

    @Test func randomPlansGiveValidJSONEqualToFoundations() throws {
        for seed in 0..<400 as Range<UInt64> {
            let plan = RandomPlan(seed: seed &* 0x9E37_79B9_7F4A_7C15, depth: 0)
            let theirs = try Self.value(JSONEncoder().encode(plan))
            let ours = try WireJSONEncoder().encode(plan)
            #expect(try Self.value(ours) == theirs, "seed \(seed): \(String(decoding: ours, as: UTF8.self))")
            // The tree alone too, for plans the one pass can follow.
            #expect(try Self.value(JSONTreeEncoder.encode(plan, dateStyle: .iso8601)) == theirs, "seed \(seed)")
        }
    }

    @Test func int128AndUInt128AreNumbersAsFoundationWritesThem() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        struct Wide: Encodable {
            let a: Int128
            let b: UInt128?
            let list: [Int128]
        }
        let wide = Wide(a: Int128(Int64.max) * 4, b: .max, list: [.min, -5, 0])
        let ours = try WireJSONEncoder().encode(wide)
        #expect(String(decoding: ours, as: UTF8.self)
            == #"{"a":36893488147419103228,"b":340282366920938463463374607431768211455,"list":[-170141183460469231731687303715884105728,-5,0]}"#)
        #expect(try Self.value(ours) == Self.value(JSONEncoder().encode(wide)))
    }

    @Test func dictionariesWithIntegerKeysComeInKeyOrder() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, $0 * 2) })
        let text = String(decoding: try WireJSONEncoder().encode(dictionary), as: UTF8.self)
        let expected = (0..<50).map(String.init).sorted().map { "\"\($0)\":\(Int($0)! * 2)" }.joined(separator: ",")
        #expect(text == "{" + expected + "}")
    }
}
