@testable import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

/// `WireJSONEncoder` writes what Foundation's `JSONEncoder` writes, byte for byte, except for the
/// order of object members; and it keeps that order stable.
@Suite("WireJSONEncoder")
struct WireJSONEncoderTests {
    let ours = WireJSONEncoder(dateStyle: .iso8601)

    /// Foundation's encoder with the options that make its output comparable: sorted keys
    /// (ours sorts dictionaries too) and slashes left alone.
    func foundation(_ dates: JSONEncoder.DateEncodingStrategy = .deferredToDate) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = dates
        return encoder
    }

    func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        let samples = [
            "", "plain", "quote \" and backslash \\ and slash /", "tab\tnew line\ncarriage\rback\u{08}feed\u{0C}",
            "controls \u{00}\u{01}\u{1F} and del \u{7F}", "é, 漢字, emoji 👩‍💻, separator \u{2028}",
            String(repeating: "long ", count: 500),
        ]
        #expect(text(try ours.encode(samples)) == text(try foundation().encode(samples)))
    }

    @Test func numbersAreSpelledAsFoundationSpellsThem() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 1.5, 1e-7, 1e21, 1.2345678901234568e20, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1_700_000_000.123]
        #expect(text(try ours.encode(doubles)) == text(try foundation().encode(doubles)))
        let floats: [Float] = [0, 0.1, 1, 3.4e38, -2.5]
        #expect(text(try ours.encode(floats)) == text(try foundation().encode(floats)))
        #expect(text(try ours.encode([Int.min, Int.max, 0, -7])) == "[\(Int.min),\(Int.max),0,-7]")
        #expect(text(try ours.encode([Int8.min, Int8.max])) == "[-128,127]")
        #expect(text(try ours.encode([UInt64.max, 0])) == "[18446744073709551615,0]")
        #expect(text(try ours.encode([UInt8.max])) == "[255]")
        #expect(text(try ours.encode([Int16.min])) == "[-32768]")
        #expect(text(try ours.encode([Int32.max])) == "[2147483647]")
        #expect(text(try ours.encode([Decimal(string: "12.50")!])) == text(try foundation().encode([Decimal(string: "12.50")!])))
    }

    @Test func foundationTypesUseTheirJSONSpelling() throws {
        let uuid = UUID()
        let url = URL(string: "https://example.com/a/b?c=d&e=f")!
        let data = Data([0, 1, 2, 250, 255])
        #expect(text(try ours.encode([uuid])) == text(try foundation().encode([uuid])).lowercased())
        #expect(text(try ours.encode([url])) == #"["https://example.com/a/b?c=d&e=f"]"#)
        #expect(text(try ours.encode([data])) == text(try foundation().encode([data])))
        #expect(text(try ours.encode([true, false])) == "[true,false]")
        #expect(text(try ours.encode([Int?.none, 1])) == "[null,1]")
        #expect(text(try ours.encode("top-level string")) == #""top-level string""#)
        #expect(text(try ours.encode(42)) == "42")
    }

    @Test func datesFollowTheDateStyle() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        // 1_700_000_000.5 s after 1970 is 2023-11-14T22:13:20.5Z, written by hand.
        #expect(text(try ours.encode([date])) == #"["2023-11-14T22:13:20.5Z"]"#)
        #expect(text(try WireJSONEncoder(dateStyle: .unixSeconds).encode([date])) == text(try foundation(.secondsSince1970).encode([date])))
        #expect(text(try WireJSONEncoder(dateStyle: .unixMillis).encode([date])) == text(try foundation(.millisecondsSince1970).encode([date])))
    }

    struct Profile: Codable, Equatable {
        var name: String
        var age: Int?
        var tags: [String]
        var scores: [String: Double]
        var friends: [Profile]
        var joined: Date
    }

    @Test func membersComeInDeclarationOrderAndDictionariesInKeyOrder() throws {
        let profile = Profile(
            name: "Ann", age: nil, tags: ["a", "b"], scores: ["zeta": 1, "alpha": 2.5, "mid": -1],
            friends: [Profile(name: "Bo", age: 3, tags: [], scores: [:], friends: [], joined: Date(timeIntervalSince1970: 0))],
            joined: Date(timeIntervalSince1970: 1_700_000_000))
        let encoded = text(try ours.encode(profile))
        #expect(
            encoded
                == #"{"name":"Ann","tags":["a","b"],"scores":{"alpha":2.5,"mid":-1,"zeta":1},"friends":[{"name":"Bo","age":3,"tags":[],"scores":{},"friends":[],"joined":"1970-01-01T00:00:00Z"}],"joined":"2023-11-14T22:13:20Z"}"#
        )
        let decoded = try JSONCoding.decoder(for: .iso8601).decode(Profile.self, from: Data(encoded.utf8))
        #expect(decoded == profile)
    }

    /// A key that is neither text nor `CodingKeyRepresentable`.
    enum Shade: String, Codable, Hashable { case dark, light, mid }

    /// Dictionaries whose keys are not text are encoded as `Dictionary` encodes them (keys and
    /// values in turn), always in the same order: two equal dictionaries built in different ways
    /// iterate in different orders, and must still give the same bytes.
    @Test func dictionariesWithOtherKeysEncodeInOneOrder() throws {
        let keys = Array(Int8(-40)...Int8(40))
        let grown = Dictionary(uniqueKeysWithValues: keys.map { ($0, $0 % 3 == 0) })
        var reserved = [Int8: Bool](minimumCapacity: 4_096)
        for key in keys.reversed() { reserved[key] = key % 3 == 0 }
        #expect(Array(grown.keys) != Array(reserved.keys), "the two dictionaries iterate alike; the test shows nothing")
        #expect(try ours.encode(grown) == ours.encode(reserved))
        let pairs = try JSONSerialization.jsonObject(with: try ours.encode(grown)) as? [Any]
        #expect(pairs?.count == keys.count * 2)
        let decoded = try JSONCoding.decoder(for: .iso8601).decode([Int8: Bool].self, from: try ours.encode(grown))
        #expect(decoded == grown)

        var shades = [Shade: Int](minimumCapacity: 1_024)
        for (index, shade) in [Shade.mid, .light, .dark].enumerated() { shades[shade] = index }
        let fewer = Dictionary(uniqueKeysWithValues: [(Shade.dark, 2), (.light, 1), (.mid, 0)])
        #expect(text(try ours.encode(shades)) == #"["dark",2,"light",1,"mid",0]"#)
        #expect(try ours.encode(fewer) == ours.encode(shades))
    }

    /// Random JSON trees encode to exactly Foundation's bytes (its keys sorted, ours in key order).
    @Test func randomValuesMatchFoundationByteForByte() throws {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        for _ in 0..<300 {
            let value = randomJSON(depth: 0, using: &generator)
            #expect(text(try ours.encode(value)) == text(try foundation().encode(value)))
            // The second path, for out-of-order use, writes the same bytes.
            #expect(text(try JSONTreeEncoder.encode(value, dateStyle: .iso8601)) == text(try ours.encode(value)))
        }
    }

    func randomJSON(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let keys = ["id", "name", "a", "b_c", "zz", "Key", "value_1", "x y", "quote\"d", "é"]
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &generator))
        case 4:
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &generator)))
            }
            return .string(String(scalars) + (Bool.random(using: &generator) ? "ü漢" : ""))
        case 5:
            return .array((0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomJSON(depth: depth + 1, using: &generator) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<6, using: &generator) {
                object[keys.randomElement(using: &generator)!] = randomJSON(depth: depth + 1, using: &generator)
            }
            return .object(object)
        }
    }

    /// Writes its tag after the variant's own members, as tagged unions do.
    struct Tagged: Encodable {
        var profile: Profile
        func encode(to encoder: any Encoder) throws {
            try profile.encode(to: encoder)
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode("profile", forKey: "type")
        }
    }

    struct Nested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            var inner = container.nestedContainer(keyedBy: WireKey.self, forKey: "inner")
            try inner.encode(1, forKey: "one")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            try list.encode("x")
            var deeper = list.nestedContainer(keyedBy: WireKey.self)
            try deeper.encode(true, forKey: "deep")
            try list.encodeNil()
            let base = container.superEncoder()
            var baseContainer = base.singleValueContainer()
            try baseContainer.encode(7)
            let empty = container.superEncoder(forKey: "nothing")
            _ = empty
            try container.encode(2, forKey: "after")
        }
    }

    @Test func containersNestAndCloseInOrder() throws {
        #expect(
            text(try ours.encode(Nested()))
                == #"{"inner":{"one":1},"list":["x",{"deep":true},null],"super":7,"nothing":{},"after":2}"#)
        let tagged = Tagged(profile: Profile(name: "A", age: 1, tags: [], scores: [:], friends: [], joined: Date(timeIntervalSince1970: 0)))
        let encoded = text(try ours.encode(tagged))
        #expect(encoded.hasPrefix(#"{"name":"A","#))
        #expect(encoded.hasSuffix(#","type":"profile"}"#))
    }

    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Measured: Encodable {
        var values: [Double]
    }

    @Test func invalidValuesAreErrorsWithTheirPath() throws {
        #expect(text(try ours.encode([Silent()])) == "[{}]")
        #expect(throws: EncodingError.self) { try ours.encode(Silent()) }
        do {
            _ = try ours.encode(Measured(values: [1, .nan]))
            Issue.record("NaN was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        }
        #expect(throws: EncodingError.self) { try ours.encode([Double.infinity]) }
    }
}
