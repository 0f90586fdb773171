import CourierRuntime
import CourierTestSupport
import Foundation
import Testing

@testable import CourierRealtime

/// The parser of channel messages, held against JSONTestSuite (read where it lies, never
/// copied) and against what Foundation's `JSONDecoder` reads into `JSONValue`.
@Suite("The channel messages' JSON parser")
struct JSONValueParserTests {
    @Test(.requires(.conformance))
    func jsonTestSuite() throws {
        let folder = ExternalCollection.conformance.folder.appendingPathComponent("json-test-suite/test_parsing")
        var accepted: [String: [String]] = [:], refused: [String: [String]] = [:], differing: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let kind = String(name.prefix(1))
            // A WebSocket text message is valid UTF-8, or the connection fails before a parser sees it.
            guard let text = String(validating: data, as: UTF8.self) else {
                refused[kind, default: []].append(name)
                continue
            }
            do {
                let value = try JSONValueParser.parse(text)
                accepted[kind, default: []].append(name)
                if kind == "y", let foundation = try? JSONDecoder().decode(JSONValue.self, from: data), foundation != value, !Self.sameNumbers(foundation, value) {
                    differing.append(name)
                }
            } catch {
                refused[kind, default: []].append(name)
            }
        }
        let invalidUTF8 = ["y_string_utf16BE_no_BOM.json", "y_string_utf16LE_no_BOM.json"]
        #expect((accepted["y"]?.count ?? 0) >= 93, "\(accepted["y"]?.count ?? 0) valid cases accepted")
        #expect((refused["y"] ?? []).allSatisfy { invalidUTF8.contains($0) || !$0.isEmpty && String(validating: (try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data(), as: UTF8.self) == nil },
                "valid JSON refused: \(refused["y"] ?? [])")
        #expect(accepted["n"] == nil, "invalid JSON accepted: \(accepted["n"] ?? [])")
        #expect(differing.isEmpty, "read to another value than JSONDecoder's: \(differing)")
    }

    /// Numbers that are equal as numbers, kept as another case (`1.0` as a whole number).
    static func sameNumbers(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): return Double(a) == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || sameNumbers($0, $1) }
        case (.object(let a), .object(let b)): return a.keys == b.keys && a.allSatisfy { key, value in value == b[key] || sameNumbers(value, b[key]!) }
        default: return false
        }
    }

    @Test func messagesOfEveryShapeRead() throws {
        let text = #"{"topic":"realtime:a","event":"x","payload":{"s":"\u00e9\ud83d\ude00\n\"","n":-1.5e3,"i":9007199254740993,"big":123456789012345678901234567890,"t":true,"f":false,"z":null,"a":[1,[],{}]},"ref":"7","join_ref":12}"#
        let message = try PhoenixMessage.decode(text)
        #expect(message.payload["s"] == "é😀\n\"")
        #expect(message.payload["n"] == .number(-1500))
        #expect(message.payload["i"] == .integer(9_007_199_254_740_993))
        #expect(message.payload["big"] == .largeInteger(Decimal(string: "123456789012345678901234567890")!))
        #expect(message.payload["a"] == [1, [], [:]])
        #expect(message.ref == "7" && message.joinRef == "12")
        for broken in [#"{"topic":"a","event":"b""#, #"{"a":1,}"#, #"{"a":"\ud800"}"#, "[" + String(repeating: "[", count: 600) + "]", #"{"a":01}"#, "{} x"] {
            #expect(throws: RealtimeError.self, "\(broken.prefix(20))") { try PhoenixMessage.decode(broken) }
        }
    }

    /// What the writer writes, the parser reads back as it was: escapes, control characters,
    /// numbers of every kind, nesting.
    @Test func writtenValuesReadBack() throws {
        let values: [JSONValue] = [
            ["text": "a \"quoted\" \\ line\n\u{01}\u{1F}é😀", "n": -1.5, "tiny": 1e-7, "i": .integer(Int64.min), "big": .largeInteger(Decimal(string: "12345678901234567890123")!)],
            [1, "two", [3, [4, nil]], [:], true, false], "", 0,
        ]
        for value in values {
            var bytes: [UInt8] = []
            RealtimeCoding.write(value, to: &bytes)
            #expect(try JSONValueParser.parse(String(decoding: bytes, as: UTF8.self)) == value)
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) == value)
        }
    }
}
