import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// Unions without a tag key: the kitchen's `Content` (text or parts), `Part` (two objects told
/// apart by their required keys, a whole number, a number, a bool) and `Stamp` (a date in
/// seconds or a label).
@Suite("Untagged unions")
struct UntaggedUnionTests {
    let decoder = JSONCoding.decoder(for: .unixSeconds)
    let encoder = JSONCoding.encoder(for: .unixSeconds)

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try decoder.decode(T.self, from: Data(json.utf8))
    }

    @Test func eachShapeFindsItsVariant() throws {
        #expect(try decode(Content.self, #""hello""#) == .text("hello"))
        let parts = try decode(Content.self, #"[{"author": "Ada", "quote": "q"}, {"url": "https://x.test/a.png"}, 3, 2.5, true]"#)
        #expect(parts == .parts([
            .quote(QuotePart(quote: "q", author: "Ada")), .image(ImagePart(url: URL(string: "https://x.test/a.png")!)), .count(3), .ratio(2.5),
            .flag(true),
        ]))
    }

    @Test func aValueNoVariantTakesIsKeptWhole() throws {
        let parts = try decode([Part].self, #"[null, {"other": 1}, {"quote": 5, "author": "a"}, "text"]"#)
        #expect(parts == [.unknown(.null), .unknown(["other": 1]), .unknown(["quote": 5, "author": "a"]), .unknown("text")])
        #expect(try decode(Content.self, "{}") == .unknown([:]))
    }

    @Test func aModelWithItsRequiredKeysButWrongValuesFallsToTheNextVariant() throws {
        // `url` is there but is not a URL, so `image` fails and no later variant takes an object.
        #expect(try decode(Part.self, #"{"url": 7}"#) == .unknown(["url": 7]))
    }

    @Test func datesFollowTheAPIsDateStyle() throws {
        #expect(try decode(Stamp.self, "1800000000") == .at(Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try decode(Stamp.self, #""soon""#) == .label("soon"))
        let encoded = try encoder.encode([Stamp.at(Date(timeIntervalSince1970: 1_800_000_000)), .label("soon")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"[1800000000,"soon"]"#)
    }

    @Test func valuesEncodeAsTheyAreAndRoundTrip() throws {
        let message = Message(
            content: .parts([.quote(QuotePart(quote: "q", author: "Ada")), .count(3), .flag(false), .unknown(["x": [1, 2]])]),
            stamp: .label("now"))
        let data = try encoder.encode(message)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let content = try #require(object["content"] as? [Any])
        #expect((content[0] as? [String: String]) == ["quote": "q", "author": "Ada"])
        #expect(content[1] as? Int == 3)
        #expect((content[3] as? [String: [Int]]) == ["x": [1, 2]])
        #expect(try decoder.decode(Message.self, from: data) == message)
    }
}
