import CourierTestSupport
import Foundation
import Testing

@testable import CourierSchema

/// `courier format`: one layout, comments kept, nothing else changed, and idempotent.
@Suite("The formatter")
struct FormatterTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every schema file of the repository: Archon, the fixtures, the httpbin client.
    static func repositorySchemas() throws -> [SourceFile] {
        try ["Schema/Archon", "Tests/CourierFixtures", "Tests/HTTPBinClient"].flatMap { folder in
            try SchemaCompiler.loadFiles(in: repositoryRoot.appendingPathComponent(folder).path)
        }
    }

    func format(_ text: String) throws -> String {
        try SchemaFormatter.format(SourceFile(path: "shop.api", text: text))
    }

    @Test func aMessyFileTakesTheOneLayout() throws {
        let messy = """


            // Shop API, version 2.
            api   Shop{
                auth bearer
              keys snake_case   // the server's keys


            }
            /// An item.
            model Item{
                 id : String   @deprecated  @wire( "item_id" )
              tags:[ String ]?=[]
              // grouped
              meta : [String:JSON]?
            }
            @frozen   enum Level : Int {
              low=1 // lowest
              high = 2   // highest
            }
            group Items{
              /// Gets one.
              getItem : GET /items/{id} @deprecated @timeout( 10s ) {
                path id:String
                returns Data< Item >
              }
              ping: GET /ping {}
              // a comment before the endpoint
              list: GET /items{
                returns [Item]
              }
            }
            """
        let expected = """
            // Shop API, version 2.
            api Shop {
              auth bearer
              keys snake_case  // the server's keys
            }

            /// An item.
            model Item {
              id: String @wire("item_id") @deprecated
              tags: [String]? = []
              // grouped
              meta: [String: JSON]?
            }

            @frozen enum Level: Int {
              low = 1   // lowest
              high = 2  // highest
            }

            group Items {
              /// Gets one.
              getItem: GET /items/{id} @timeout(10s) @deprecated {
                path id: String
                returns Data<Item>
              }

              ping: GET /ping {}

              // a comment before the endpoint
              list: GET /items {
                returns [Item]
              }
            }

            """
        #expect(try format(messy) == expected)
    }

    @Test func membersOnOneLineGetALineEach() throws {
        let text = "model Point { x: Double, y: Double }  // a point\nenum Sort { newest, oldest }\nmodel Empty {}\n"
        #expect(try format(text) == "model Point {\n  x: Double\n  y: Double\n}  // a point\n\nenum Sort {\n  newest\n  oldest\n}\n\nmodel Empty {}\n")
        // Commas inside brackets and parentheses are not member separators.
        let poll = "group G {\n  a: GET /a/{id} @poll(every: 2s, until: state in [done, failed]) {\n    path id: String\n    returns Job\n  }\n}\n"
        #expect(try format(poll) == poll)
        // Nor are the commas of the media types after `returns`.
        let media = "group G {\n  a: GET /a { returns Bytes \"image/png\",\"image/webp\", path id: Int }\n}\n"
        #expect(try format(media) == "group G {\n  a: GET /a {\n    returns Bytes \"image/png\", \"image/webp\"\n    path id: Int\n  }\n}\n")
    }

    @Test func attributesOnTheirOwnLineStayWithTheirDeclaration() throws {
        let text = "model A {}\n@deprecated(\"old\")\n\nmodel B {}\n/// Labels.\n@deprecated\nalias   Labels=[ String ]  // kept\nalias C = A\n"
        let expected = "model A {}\n\n@deprecated(\"old\")\nmodel B {}\n\n/// Labels.\n@deprecated\nalias Labels = [String]  // kept\n\nalias C = A\n"
        #expect(try format(text) == expected)
        #expect(try format(expected) == expected)
    }

    @Test func theRepositorysSchemasAreInTheLayoutAlready() throws {
        for file in try Self.repositorySchemas() {
            #expect(try SchemaFormatter.format(file) == String(decoding: file.bytes, as: UTF8.self), "\(file.path) is not formatted")
        }
    }

    /// Random spaces, indentation and blank lines added to Archon's files format back to them
    /// exactly: the layout depends on the content only.
    @Test(arguments: 0..<40)
    func layoutNoiseFormatsAway(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let files = try SchemaCompiler.loadFiles(in: Self.repositoryRoot.appendingPathComponent("Schema/Archon").path)
        let file = files[Int(seed) % files.count]
        let original = String(decoding: file.bytes, as: UTF8.self)
        var noisy = ""
        for line in original.split(separator: "\n", omittingEmptySubsequences: false) {
            if Int.random(in: 0..<8, using: &random) == 0 { noisy += "\n" }
            noisy += String(repeating: " ", count: Int.random(in: 0..<5, using: &random))
            let isComment = line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            var inPath = false
            var quotes = 0
            for character in line.drop(while: { $0 == " " }) {
                if character == "/", noisy.hasSuffix(" ") { inPath = true }
                if character == " " { inPath = false }
                if character == "\"", !noisy.hasSuffix("\\") { quotes += 1 }
                // Spaces around punctuation, never inside strings, paths or comments.
                if !isComment, !inPath, quotes % 2 == 0, character != "\"", ":,={}".contains(character), Int.random(in: 0..<3, using: &random) == 0 {
                    noisy += " \(character)  "
                } else {
                    noisy.append(character)
                }
            }
            noisy += Int.random(in: 0..<4, using: &random) == 0 ? "   \n" : "\n"
        }
        let noisyFile = SourceFile(path: file.path, text: noisy)
        let formatted = try SchemaFormatter.format(noisyFile)
        if formatted != original {
            Issue.record("\(file.path), seed \(seed):\n\(UnifiedDiffForTests.firstDifference(original, formatted))")
        }
    }

    @Test func formattingIsIdempotentAndKeepsEveryTokenAndComment() throws {
        let sources = try Self.repositorySchemas() + [SourceFile(path: "docs.api", text: try Self.languageReferenceExample())]
        for file in sources {
            let once = try SchemaFormatter.format(file)
            let twice = try SchemaFormatter.format(SourceFile(path: file.path, text: once))
            #expect(once == twice, "\(file.path): formatting twice differs")
            let before = Lexer.tokenize(file, keepingComments: true).tokens.filter { $0.kind != .newline }.map { "\($0.kind) \($0.text)" }
            let after = Lexer.tokenize(SourceFile(path: file.path, text: once), keepingComments: true).tokens.filter { $0.kind != .newline }
                .map { "\($0.kind) \($0.text)" }
            #expect(before.sorted() == after.sorted(), "\(file.path): tokens or comments changed")
        }
    }

    @Test func aFileThatDoesNotParseIsNotTouched() {
        #expect(throws: SchemaFormatter.Failure.self) { try format("model Item {\n  id String\n}\n") }
        do {
            _ = try format("model Item {\n  id String\n}\n")
        } catch let error as SchemaFormatter.Failure {
            #expect(error.diagnostics.first?.description.hasPrefix("shop.api:2:6: error:") == true, "\(error.diagnostics)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The first example of the language reference, comments and all.
    static func languageReferenceExample() throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Docs/SchemaLanguage.md"), encoding: .utf8)
        return text.components(separatedBy: "```\n").dropFirst().first { $0.contains("api ") } ?? ""
    }
}

/// The first differing line of two texts, for messages.
enum UnifiedDiffForTests {
    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) where index >= left.count || index >= right.count || left[index] != right[index] {
            return "line \(index + 1):\n- \(index < left.count ? left[index] : "")\n+ \(index < right.count ? right[index] : "")"
        }
        return "(same)"
    }
}
