import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// The JSON and YAML readers: what API descriptions hold, key order kept, errors at a line.
@Suite("Reading JSON and YAML")
struct DocumentReaderTests {
    @Test func jsonKeepsKeyOrderEscapesAndNumbersAsWritten() throws {
        let node = try readDocument(#"{"b": 1, "a": [true, null, -2.50e3], "c": "\u00e9\ud83d\ude00\n\"", "d": {}}"#)
        #expect(node.object?.keys == ["b", "a", "c", "d"])
        #expect(node["a"] == .array([.bool(true), .null, .number("-2.50e3")]))
        #expect(node["c"] == .string("é😀\n\""))
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, "1:9: expected a key in quotes"),
        ("{\n  \"a\" 1\n}", "2:7: expected ':' after the key \"a\""),
        (#"[1, 2"#, "1:6: expected ',' or ']' in an array"),
        (#""abc"#, "1:5: the string does not end"),
        (#"{"a": tru}"#, "1:7: expected 'true'"),
        (#"{"a": 1.}"#, "1:9: a number needs digits after '.'"),
        (#"{"a": -012}"#, "1:8: a JSON number does not start with 0 unless it is 0 (no leading zeros)"),
    ])
    func malformedJSONSaysWhereAndWhat(_ text: String, _ expected: String) {
        #expect(throws: DocumentError.self) { try readDocument(text) }
        do {
            _ = try readDocument(text)
        } catch {
            #expect("\(error)" == expected)
        }
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DocumentError.self) { try readDocument(text) }
    }

    @Test func deepYAMLIsRefusedNotCrashed() {
        #expect(throws: DocumentError.self) { try readDocument(String(repeating: "[", count: 100_000), yaml: true) }
        #expect(throws: DocumentError.self) { try readDocument(String(repeating: "- ", count: 100_000) + "x", yaml: true) }
        #expect(throws: DocumentError.self) { try readDocument(String(repeating: "a:\n ", count: 2_000) + "x", yaml: true) }
    }

    /// A control character is refused where it stands. The fuzzer found that a NUL inside a
    /// quoted string made the scanner, which reads past the end as NUL, loop forever.
    @Test(arguments: ["a: 'x\u{0}y'", "a: \"x\u{0}y\"", "a: x\u{1}", "é: b\nc: 'd\u{7F}'", "a:\n  - \u{8}"])
    func yamlControlCharactersAreRefused(_ text: String) throws {
        let expected = ["a: 'x\u{0}y'": "1:6", "a: \"x\u{0}y\"": "1:6", "a: x\u{1}": "1:5", "é: b\nc: 'd\u{7F}'": "2:6", "a:\n  - \u{8}": "2:5"][text]!
        // On a thread of its own, so that a reader that loops fails the test instead of hanging it.
        let outcome = ReaderOutcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                _ = try readDocument(text, yaml: true)
                outcome.set("read")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 20) == .success else {
            Issue.record("reading \(text.debugDescription) did not end")
            return
        }
        #expect(outcome.value.contains("\(expected): the control character U+00"), "\(outcome.value)")
    }

    /// Bytes that are not UTF-8 are refused where they stand, in JSON and in YAML: read as U+FFFD,
    /// they changed a path's text without a word (the import fuzz target's eighth finding).
    @Test(arguments: [
        (Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8), false, "1:9"),
        (Array("a: b\nc: 'é".utf8) + [0xC3] + Array("'".utf8), true, "2:6"),
        (Array("a: ".utf8) + [0xE2, 0x82] + Array("\n".utf8), true, "1:4"),
        (Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), false, "1:3"),
    ])
    func bytesThatAreNotUTF8AreRefused(_ bytes: [UInt8], _ yaml: Bool, _ position: String) {
        do {
            _ = yaml ? try YAMLReader.read(bytes) : try JSONReader.read(bytes)
            Issue.record("\(bytes) was read")
        } catch {
            #expect("\(error)".hasPrefix("\(position): the byte 0x"), "\(error)")
            #expect("\(error)".contains("is not UTF-8"), "\(error)")
        }
    }

    /// Aliases share what they name, so ten levels of ten aliases are a billion values to whoever
    /// walks the tree: such a document is refused.
    @Test func yamlAliasBombIsRefused() throws {
        var lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 { lines.append("l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        do {
            _ = try readDocument(lines.joined(separator: "\n"), yaml: true)
            Issue.record("the alias bomb was read")
        } catch {
            #expect("\(error)".contains("expand to more than 10000000 values"))
        }
        // A few levels are fine.
        #expect(try readDocument(lines.prefix(4).joined(separator: "\n"), yaml: true)["l3"]?.array?.count == 10)
    }

    @Test func yamlBlockCollectionsAndScalars() throws {
        let yaml = """
            # a comment
            openapi: 3.0.0   # trailing comment
            title: "Quoted: \\u00e9 \\"x\\""
            single: 'it''s'
            plain: a plain
              scalar folded
            literal: |
              line one
                indented
              line three
            folded: >-
              folded
              text

              next paragraph
            list:
              - one
              - two: 2
                three: 3
              -
                - nested
            sameIndent:
            - a
            - b
            flow: [1, "two", {three: 3, four: [4]}]
            empty:
            numbers: [0x1F, 0o17, 007, 1.5, -2e3, .inf]
            words: [null, ~, true, False, yes, '123']
            '200': status
            "a \\"quoted\\" key": 1
            'it''s a key': 2
            "plain key": 3
            """
        let node = try readDocument(yaml, yaml: true)
        #expect(node.object?.keys == [
            "openapi", "title", "single", "plain", "literal", "folded", "list", "sameIndent", "flow", "empty", "numbers", "words", "200",
            "a \"quoted\" key", "it's a key", "plain key",
        ])
        #expect(node["openapi"] == .string("3.0.0"))
        #expect(node["title"] == .string("Quoted: é \"x\""))
        #expect(node["single"] == .string("it's"))
        #expect(node["plain"] == .string("a plain scalar folded"))
        #expect(node["literal"] == .string("line one\n  indented\nline three\n"))
        #expect(node["folded"] == .string("folded text\nnext paragraph"))
        #expect(node["list"] == .array([.string("one"), .object(Self.object([("two", .number("2")), ("three", .number("3"))])), .array([.string("nested")])]))
        #expect(node["sameIndent"] == .array([.string("a"), .string("b")]))
        #expect(node["flow"] == .array([.number("1"), .string("two"), .object(Self.object([("three", .number("3")), ("four", .array([.number("4")]))]))]))
        #expect(node["empty"] == .null)
        #expect(node["numbers"] == .array([.number("31"), .number("15"), .number("7"), .number("1.5"), .number("-2e3"), .number("1e999")]))
        #expect(node["words"] == .array([.null, .null, .bool(true), .bool(false), .string("yes"), .string("123")]))
        #expect(node["200"] == .string("status"))
    }

    @Test func yamlWithCRLFLineEndsReadsAsWithLF() throws {
        let yaml = "a: 1\nb:\n  - x\n  - 'y'\nc: |\n  text\n"
        let crlf = yaml.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try readDocument(crlf, yaml: true) == readDocument(yaml, yaml: true))
        #expect(try readDocument(crlf, yaml: true)["c"] == .string("text\n"))
    }

    @Test func yamlAnchorsAliasesAndMergeKeys() throws {
        let yaml = """
            base: &base
              type: string
              format: uuid
            id: *base
            named:
              <<: *base
              format: email
            """
        let node = try readDocument(yaml, yaml: true)
        #expect(node["id"] == node["base"])
        #expect(node["named"]?["type"] == .string("string"))
        #expect(node["named"]?["format"] == .string("email"))
    }

    /// Columns count characters, not bytes: an error after non-ASCII text points where a person
    /// counts, and a mapping after a non-ASCII key lines up by characters.
    @Test func yamlColumnsCountCharactersAfterNonASCIIText() throws {
        let node = try readDocument("- ééé: a\n  ü: b\n- {x: 1}\n", yaml: true)
        #expect(node.array?.first?["ééé"] == .string("a"))
        #expect(node.array?.first?["ü"] == .string("b"))
        #expect(node.array?.count == 2)
        do {
            _ = try readDocument("a: 'ééé' ]", yaml: true)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "1:10: ']' closes no flow collection")
        }
    }

    /// Each of these was read to a wrong value, without an error, by the reader before this one.
    @Test(arguments: [
        ("[ word1\n# comment\n, word2]", DocumentNode.array([.string("word1"), .string("word2")])),
        ("a: |+\n  text\n\n\nb: 1", .object(DocumentReaderTests.object([("a", .string("text\n\n\n")), ("b", .number("1"))]))),
        ("top: &a1 key\n*a1 : value", .object(DocumentReaderTests.object([("top", .string("key")), ("key", .string("value"))]))),
        ("a: >\n\n  folded\n  line\n\n  next\n", .object(DocumentReaderTests.object([("a", .string("\nfolded line\nnext\n"))]))),
        ("a: plain\n  multi\n\n  line", .object(DocumentReaderTests.object([("a", .string("plain multi\nline"))]))),
        ("foo:\n  bar: 42\n", .object(DocumentReaderTests.object([("foo", .object(DocumentReaderTests.object([("bar", .number("42"))])))]))),
        ("d: >\n  tab\there\n  \tindented\n", .object(DocumentReaderTests.object([("d", .string("tab\there\n\tindented\n"))]))),
        ("k: \"a\\x41\\u00e9\\U0001F600 \\\n  b\"", .object(DocumentReaderTests.object([("k", .string("aAé😀 b"))]))),
    ])
    func yamlValuesReadRight(_ text: String, _ expected: DocumentNode) throws {
        #expect(try readDocument(text, yaml: true) == expected)
    }

    /// A description is one document; YAML 1.1's `yes`/`no` are text; tags decide over the text.
    @Test func yamlStreamsScalarsAndTags() throws {
        #expect(throws: DocumentError.self) { try readDocument("a: 1\n---\nb: 2", yaml: true) }
        #expect(try readDocument("enum: [yes, no, on, off, y, n]", yaml: true)["enum"] == .array(["yes", "no", "on", "off", "y", "n"].map(DocumentNode.string)))
        let tagged = try readDocument("a: !!str 12\nb: !!int \"7\"\nc: ! true\nd: !!float 1\ne: 0o17\nf: +.5\ng: 0x1_0", yaml: true)
        #expect(tagged["a"] == .string("12"))
        #expect(tagged["b"] == .number("7"))
        #expect(tagged["c"] == .string("true"))
        #expect(tagged["d"] == .number("1"))
        #expect(tagged["e"] == .number("15"))
        #expect(tagged["f"] == .number("0.5"))
        #expect(tagged["g"] == .string("0x1_0"))
        #expect(throws: DocumentError.self) { try readDocument("a: !!int twelve", yaml: true) }
    }

    @Test(arguments: [
        ("a: 1\n  b: 2", "2:4: a mapping value cannot start here: the text before this ':' spans lines; is this line's indentation right, or does that text need quotes?"),
        ("a:\n  - 1\n - 2", "3:2: expected a key here: is this line indented like the keys of its mapping?"),
        ("a: [1, 2", "1:9: the text ends inside a flow collection; a ']' is missing"),
        ("- a\n-\t- b", "2:3: a tab stands before this nested collection; indent it with spaces"),
        ("a: 1\na: 2", "2:1: the key 'a' appears twice in this mapping"),
        ("a: *missing", "1:4: the alias *missing has no anchor before it"),
        ("a: \"open", "1:4: the quoted string does not end"),
        ("a: \"\\q\"", "1:5: '\\q' is not an escape of YAML; write '\\\\' for a backslash"),
        ("a:\n\tb: 1", "2:1: a tab indents this line; YAML indents with spaces"),
    ])
    func malformedYAMLSaysWhereAndWhat(_ text: String, _ expected: String) {
        do {
            _ = try readDocument(text, yaml: true)
            Issue.record("no error for \(text)")
        } catch {
            #expect("\(error)" == expected)
        }
    }

    /// Every description the corpus has as JSON and YAML reads to the same tree.
    @Test(.requires(.openAPI)) func theCorpusReadsAlikeInJSONAndYAML() throws {
        let pairs = corpusDocuments().filter { $0.pathExtension == "yaml" }
        #expect(pairs.count >= 6)
        for yaml in pairs {
            let json = yaml.deletingPathExtension().appendingPathExtension("json")
            guard FileManager.default.fileExists(atPath: json.path) else { continue }
            let fromYAML = try YAMLReader.read([UInt8](try Data(contentsOf: yaml)))
            let fromJSON = try JSONReader.read([UInt8](try Data(contentsOf: json)))
            #expect(Self.normalized(fromYAML) == Self.normalized(fromJSON), "\(yaml.lastPathComponent)")
        }
    }

    static func object(_ members: [(String, DocumentNode)]) -> DocumentObject {
        var object = DocumentObject()
        for (key, value) in members { object.set(key, value) }
        return object
    }

    /// Numbers by value, so `1.0` and `1` compare equal across the two forms.
    static func normalized(_ node: DocumentNode) -> DocumentNode {
        switch node {
        case .number(let text): return .number(Double(text).map { "\($0)" } ?? text)
        case .array(let elements): return .array(elements.map(normalized))
        case .object(let object):
            var result = DocumentObject()
            for (key, value) in object.members { result.set(key, normalized(value)) }
            return .object(result)
        default: return node
        }
    }
}

/// What a reader run on another thread came to.
final class ReaderOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func set(_ value: String) { lock.withLock { text = value } }
    var value: String { lock.withLock { text } }
}
