import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// A model of several optional fields has its comparison and hashing written out
/// (`fieldsEqual` through `ModelFields.equal`, `hash(into:)` through `ModelFields.hash`); they
/// must tell apart exactly what the derived ones did: every field takes part.
@Suite("Written-out equality and hashing of models")
struct WrittenEqualityTests {
    let decoder = JSONCoding.decoder(for: .unixSeconds)
    let encoder = JSONCoding.encoder(for: .unixSeconds)

    /// Each of `Everything.sample`'s members left out, or changed, in turn: a variant that
    /// decodes is equal to the sample exactly when it encodes to the same JSON, and hashes apart
    /// from it exactly then (a collision of Swift's seeded 64-bit hashes has odds of 2^-64).
    @Test func everyFieldTakesPart() throws {
        let sample = Everything.sample
        guard case .object(let object) = try decoder.decode(JSONValue.self, from: try encoder.encode(sample)) else {
            Issue.record("the sample does not encode as an object")
            return
        }
        var compared: Set<String> = []
        for key in object.keys.sorted() {
            var variants: [[String: JSONValue]] = []
            var removed = object
            removed[key] = nil
            variants.append(removed)
            if let changed = Self.changed(object[key]!) {
                var variant = object
                variant[key] = changed
                variants.append(variant)
            }
            for variant in variants {
                let data = try encoder.encode(JSONValue.object(variant))
                guard let value = try? decoder.decode(Everything.self, from: data) else { continue }
                let sameWire = try encoder.encode(value) == encoder.encode(sample)
                #expect((value == sample) == sameWire, "'\(key)' changed: == says \(value == sample), the wire says \(sameWire)")
                #expect(value == value)
                #expect((value.hashValue == sample.hashValue) == sameWire, "'\(key)' changed: the hash does not follow ==")
                if !sameWire {
                    compared.insert(key)
                    #expect(Set([value, sample]).count == 2)
                }
            }
        }
        // Every member the sample sends was found to make a difference.
        #expect(compared == Set(object.keys), "members never compared: \(Set(object.keys).subtracting(compared).sorted())")
    }

    /// The comparison is `FieldwiseEquatable.fieldsEqual`, not a `==` of each model's own: the
    /// runtime's one generic `==` serves every model, so that no model adds an overload that
    /// each `==` in the client is type-checked against. Each model that writes its comparison
    /// out writes its hashing out too.
    @Test func modelsDeclareNoEqualityOperatorOfTheirOwn() throws {
        #expect((Everything.self as Any.Type) is any FieldwiseEquatable.Type)
        let folder = repositoryRoot.appendingPathComponent("Generated/CourierFixtures")
        var written = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("static func =="), "\(name) declares a == of its own")
            let comparisons = text.components(separatedBy: "public static func fieldsEqual(").count - 1
            let hashings = text.components(separatedBy: "public func hash(into hasher: inout Hasher)").count - 1
            #expect(hashings == comparisons, "\(name): \(comparisons) models write their comparison out, \(hashings) their hashing")
            written += comparisons
        }
        #expect(written > 0, "no fixture model writes its comparison out")
    }

    @Test func optionalsCompareAsTheStandardLibraryDoes() {
        #expect(ModelFields.equal(String?.none, nil))
        #expect(ModelFields.equal("a", "a"))
        #expect(!ModelFields.equal("a", nil))
        #expect(!ModelFields.equal(nil, "a"))
        #expect(!ModelFields.equal("a", "b"))
        #expect(!ModelFields.equal(Double?.some(.nan), .some(.nan)))
    }

    @Test func fieldsHashAsTheStandardLibraryDoes() {
        func hashed(_ feed: (inout Hasher) -> Void) -> Int {
            var hasher = Hasher()
            feed(&hasher)
            return hasher.finalize()
        }
        #expect(hashed { ModelFields.hash("a", into: &$0) } == hashed { $0.combine(String?.some("a")) })
        #expect(hashed { ModelFields.hash(String?.none, into: &$0) } == hashed { $0.combine(String?.none) })
        #expect(hashed { ModelFields.hash("a", into: &$0) } != hashed { ModelFields.hash(String?.none, into: &$0) })
    }

    /// Another value of the same JSON kind, when there is an obvious one.
    private static func changed(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text): .string(text + "x")
        case .bool(let flag): .bool(!flag)
        case .integer(let number): .integer(number == .max ? 1 : number + 1)
        case .largeInteger: .integer(1)
        case .number(let number): .number(number + 1)
        case .array(let elements): .array(elements + elements)
        case .object(let members): .object(members.merging(["added": .integer(1)]) { $1 })
        case .null: nil
        }
    }
}
