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

    /// Variants with the same keys, told apart by a field whose enum has one case: each takes
    /// only its own value, so the written line keeps its font; another role is no variant's.
    @Test func aFieldOfOneValueTellsVariantsApart() throws {
        #expect(try decode(Utterance.self, #"{"role": "written", "text": "hi", "font": "serif"}"#)
            == .written(WrittenLine(role: .written, text: "hi", font: "serif")))
        #expect(try decode(Utterance.self, #"{"role": "spoken", "text": "hi", "audio": "a.wav"}"#)
            == .spoken(SpokenLine(role: .spoken, text: "hi", audio: "a.wav")))
        #expect(try decode(Utterance.self, #"{"role": "sung", "text": "la"}"#) == .unknown(["role": "sung", "text": "la"]))
    }

    /// A field of one value that the variants do not require: the key may be absent, but a
    /// variant does not take another value of it, which its enum would read as `unknown`. Both
    /// declare `action` and `kind`, so without that the first took every action.
    @Test func anOptionalFieldOfOneValueTellsVariantsApart() throws {
        #expect(try decode(TemplateAction.self, #"{"action": "skipResource", "kind": "Bucket"}"#)
            == .skipResource(SkipResourceAction(action: .skipResource, kind: "Bucket")))
        #expect(try decode(TemplateAction.self, #"{"action": "skipKind", "kind": "Bucket"}"#)
            == .skipKind(SkipKindAction(action: .skipKind, kind: "Bucket")))
        #expect(try decode(TemplateAction.self, #"{"kind": "Bucket"}"#) == .skipKind(SkipKindAction(kind: "Bucket")))
        #expect(try decode(TemplateAction.self, #"{"action": "skipAll", "kind": "Bucket"}"#) == .unknown(["action": "skipAll", "kind": "Bucket"]))
    }

    /// The same one model down: the OAuth connection keeps its client id.
    @Test func aFieldOfOneValueOneModelDownTellsVariantsApart() throws {
        #expect(try decode(Connection.self, #"{"profile": {"auth_scheme": "OAUTH2", "client_id": "c1"}}"#)
            == .oauth(OAuthConnection(profile: OAuthProfile(authScheme: .oauth2, clientId: "c1"))))
        #expect(try decode(Connection.self, #"{"profile": {"auth_scheme": "TOKEN", "token": "t"}}"#)
            == .token(TokenConnection(profile: TokenProfile(authScheme: .token, token: "t"))))
    }

    @Test func aValueNoVariantTakesIsKeptWhole() throws {
        let parts = try decode([Part].self, #"[null, {"other": 1}, {"quote": 5, "author": "a"}, "text"]"#)
        #expect(parts == [.unknown(.null), .unknown(["other": 1]), .unknown(["quote": 5, "author": "a"]), .unknown("text")])
        #expect(try decode(Content.self, "{}") == .unknown([:]))
    }

    /// `Anything`'s one variant is `JSON`: every value is its, and its decoder (which asks no
    /// shape, or the kitchen's build would warn) keeps it whole.
    @Test func aUnionOfJSONAloneTakesEveryValue() throws {
        #expect(try decode(Anything.self, #"{"a": [1, null]}"#) == .json(["a": [1, .null]]))
        #expect(try decode(Anything.self, "null") == .json(.null))
        #expect(try encoder.encode(Anything.json("x")) == Data(#""x""#.utf8))
    }

    @Test func aModelWithItsRequiredKeysButWrongValuesFallsToTheNextVariant() throws {
        // `url` is there but is not a URL, so `image` fails and no later variant takes an object.
        #expect(try decode(Part.self, #"{"url": 7}"#) == .unknown(["url": 7]))
    }

    /// Any object fits both link models, whose keys are all optional: the one that declares
    /// more of its keys takes it, and an object whose keys neither declares is kept whole by
    /// the `JSON` variant rather than emptied by the first model.
    @Test func anObjectGoesToTheModelThatDeclaresMostOfItsKeys() throws {
        let first = URL(string: "https://x.test/1")!, next = URL(string: "https://x.test/3")!
        #expect(try decode(PageLinks.self, #"{"first": "https://x.test/1", "prev": "https://x.test/1"}"#) == .backward(BackwardLinks(first: first, prev: first)))
        #expect(try decode(PageLinks.self, #"{"next": "https://x.test/3"}"#) == .forward(ForwardLinks(next: next)))
        #expect(try decode(PageLinks.self, #"{"first": "https://x.test/1", "next": "https://x.test/3", "prev": "https://x.test/1"}"#) == .backward(BackwardLinks(first: first, prev: first)))
        #expect(try decode(PageLinks.self, #"{"nested": {"deep": [null]}}"#) == .other(["nested": ["deep": [nil]]]))
        // An empty object, and values that are not objects, keep the declared order.
        #expect(try decode(PageLinks.self, "{}") == .forward(ForwardLinks()))
        #expect(try decode(PageLinks.self, "7") == .other(7))
        // A model that declares the keys but cannot read them falls to the next variant.
        #expect(try decode(PageLinks.self, #"{"first": 1}"#) == .other(["first": 1]))
    }

    /// A tagged union declared before a model is tried first on an object with its tag, though
    /// the model declares the object's keys: Okta's signing keys (a union tagged by `kty`) come
    /// before its encryption key (a model with most of the same keys).
    @Test func aTaggedUnionBeforeAModelKeepsItsPlace() throws {
        #expect(try decode(Growth.self, #"{"kind": "leaf", "value": 1}"#) == .tree(.leaf(Leaf(value: 1))))
        #expect(try decode(Growth.self, #"{"value": 2}"#) == .leaf(Leaf(value: 2)))
    }

    @Test func theTryingOrderRanksModelsByTheKeysTheyDeclare() throws {
        func order(_ json: String, _ variants: [JSONShape.VariantKeys]) throws -> [Int] {
            try JSONDecoder().decode(ShapeProbe.self, from: Data(json.utf8)).shape.tryingOrder(variants)
        }
        let variants: [JSONShape.VariantKeys] = [.model(["a"]), .anyObject, .model(["b", "c"]), .other, .model(["d"])]
        // Models fill the places models hold, most keys first; the variant that takes any object
        // comes after them, and models that declare none of the keys last.
        #expect(try order(#"{"b": 1, "c": 2, "a": 3}"#, variants) == [2, 0, 3, 1, 4])
        #expect(try order(#"{"a": 1, "d": 2}"#, variants) == [0, 3, 4, 1, 2])
        #expect(try order(#"{"d": 1, "b": 2}"#, variants) == [2, 3, 4, 1, 0])
        #expect(try order(#"{"z": 1}"#, variants) == [3, 1, 0, 2, 4])
        #expect(try order("{}", variants) == [0, 1, 2, 3, 4])
        #expect(try order("[1]", variants) == [0, 1, 2, 3, 4])
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

/// Reads the shape of a value, as a union's decoder does.
private struct ShapeProbe: Decodable {
    let shape: JSONShape
    init(from decoder: any Decoder) throws { shape = try JSONShape(of: decoder) }
}
