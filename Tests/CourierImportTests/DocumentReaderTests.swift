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
        (#"{"a": 01.}"#, "1:10: a number needs digits after '.'"),
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

    /// Columns count characters, not bytes: a mapping that starts after a non-ASCII anchor name
    /// on a sequence entry continues at the character column of its first key.
    @Test func yamlColumnsCountCharactersAfterNonASCIIText() throws {
        let yaml = "- &é name: a\n     kind: b\n- &ü {x: 1}\n"
        let node = try readDocument(yaml, yaml: true)
        #expect(node.array?.first?["name"] == .string("a"))
        #expect(node.array?.first?["kind"] == .string("b"))
        #expect(node.array?.count == 2)
    }

    @Test(arguments: [
        ("a: 1\n  b: 2", "2:3: unexpected text; is its indentation right?"),
        ("a: 1\na: 2", "2:1: the key 'a' appears twice in this mapping"),
        ("a: *missing", "1:4: the alias *missing has no anchor before it"),
        ("a: \"open", "1:4: the quoted string does not end"),
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
    @Test func theCorpusReadsAlikeInJSONAndYAML() throws {
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
