import Foundation
import Testing

@testable import CourierRuntime

/// Any order of container use that `JSONEncoder` accepts gives valid JSON equal in value to
/// `JSONEncoder`'s, though `RequestBody.json` may carry hand-written `Encodable` code.
@Suite("WireJSONEncoder: containers in any order")
struct WireJSONEncoderOrderTests {
    /// A subclass-style encoder: takes the superclass encoder before writing its own members.
    struct SuperFirst: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            let superEncoder = container.superEncoder()
            try container.encode("n", forKey: "name")
            var parent = superEncoder.container(keyedBy: WireKey.self)
            try parent.encode(1, forKey: "id")
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
        #expect(try Self.value(WireJSONEncoder().encode(SuperFirst())) == ["super": ["id": 1], "name": "n"])
    }

    @Test func dictionariesWithIntegerKeysComeInKeyOrder() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, $0 * 2) })
        let text = String(decoding: try WireJSONEncoder().encode(dictionary), as: UTF8.self)
        let expected = (0..<50).map(String.init).sorted().map { "\"\($0)\":\(Int($0)! * 2)" }.joined(separator: ",")
        #expect(text == "{" + expected + "}")
    }
}
