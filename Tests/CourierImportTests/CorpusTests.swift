import CourierCodegen
import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// Every description of the corpus imports without an error into a schema that compiles
/// without a diagnostic and generates; the JSON and YAML of one description import alike.
@Suite("Importing the corpus", .requires(.openAPI))
struct CorpusTests {
    @Test func theCorpusIsWhole() {
        #expect(
            corpusDocuments().count >= 18,
            "the descriptions are read from \(corpus.path), which holds only \(corpusDocuments().count) of them")
    }

    @Test(arguments: corpusDocuments())
    func importsLintsCleanAndGenerates(_ url: URL) throws {
        let result = try OpenAPIImporter.run(description: url)
        let compilation = SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) })
        #expect(compilation.diagnostics.isEmpty, "\(url.lastPathComponent):\n\(compilation.diagnostics.map(\.description).joined(separator: "\n"))")
        let api = try #require(compilation.api)
        let generated = CodeGenerator.generate(api)
        #expect(!generated.isEmpty)
        // Deterministic: a second import is byte for byte the first.
        let again = try OpenAPIImporter.run(description: url)
        #expect(again.files.map(\.text) == result.files.map(\.text))
    }

    @Test func jsonAndYAMLOfOneDescriptionImportToTheSameSchema() throws {
        let yamls = corpusDocuments().filter { $0.pathExtension == "yaml" }
        for yaml in yamls {
            let json = yaml.deletingPathExtension().appendingPathExtension("json")
            guard FileManager.default.fileExists(atPath: json.path) else { continue }
            let fromYAML = try OpenAPIImporter.run(description: yaml)
            let fromJSON = try OpenAPIImporter.run(description: json)
            #expect(fromYAML.files.map(\.name) == fromJSON.files.map(\.name), "\(yaml.lastPathComponent)")
            #expect(fromYAML.files.map(\.text) == fromJSON.files.map(\.text), "\(yaml.lastPathComponent)")
        }
    }

    @Test func twilioImportsEveryOperation() throws {
        var operations = 0
        for name in ["twilio_chat_v2", "twilio_lookups_v2", "twilio_messaging_v1", "twilio_verify_v2"] {
            operations += try OpenAPIImporter.run(description: corpus.appendingPathComponent("twilio/\(name).json")).operationCount
        }
        #expect(operations == 179)
    }
}

/// Re-importing after a change to one operation changes only that operation's lines.
@Suite("Stable imports", .requires(.openAPI))
struct StableImportTests {
    @Test func aChangedOperationChangesOnlyItsLines() throws {
        let original = try String(contentsOf: corpus.appendingPathComponent("twilio/twilio_lookups_v2.json"), encoding: .utf8)
        // One operation deprecated, with a new summary.
        let anchor = #""summary": "In Request Bulk","#
        #expect(original.contains(anchor))
        let changed = original.replacingOccurrences(of: anchor, with: #""summary": "Looks up many numbers.", "deprecated": true,"#)
        let before = try OpenAPIImporter.run(description: try temporaryFile(original))
        let after = try OpenAPIImporter.run(description: try temporaryFile(changed))
        #expect(before.files.map(\.name) == after.files.map(\.name))
        var changedLines: [String] = []
        for (old, new) in zip(before.files, after.files) where old.text != new.text {
            let oldLines = Set(old.text.split(separator: "\n", omittingEmptySubsequences: false))
            changedLines += new.text.split(separator: "\n", omittingEmptySubsequences: false).filter { !oldLines.contains($0) }.map(String.init)
            #expect(old.text.split(separator: "\n").count == new.text.split(separator: "\n").count, "\(old.name)")
        }
        #expect(changedLines == ["  /// Looks up many numbers.", "  createBulkLookup: POST /v2/batch/query @deprecated {"], "\(changedLines)")
    }
}

/// The Swift generated from every imported corpus description type-checks in Swift 6 mode
/// against the runtime, as a user's build would compile it.
@Suite("Imported clients compile", .serialized, .requires(.openAPI))
struct ImportedClientCompileTests {
    static let repositoryRoot = CourierImportTests.repositoryRoot

    @Test(.timeLimit(.minutes(10)))
    func everyCorpusClientTypeChecks() async throws {
        let modules = Self.repositoryRoot.appendingPathComponent(".build/debug/Modules")
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("CourierRuntime.swiftmodule").path),
            "no CourierRuntime module in \(modules.path): run swift build first")
        for url in corpusDocuments() where url.pathExtension == "json" {
            let compilation = SchemaCompiler.compile(try OpenAPIImporter.run(description: url).files.map { SourceFile(path: $0.name, text: $0.text) })
            let api = try #require(compilation.api)
            let (folder, paths) = try writeGeneratedSwift(of: api, prefix: "courier-compile")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (status, output) = try await runProcess(
                "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path] + paths)
            #expect(status == 0, "\(url.lastPathComponent) does not compile:\n\(output.prefix(4000))")
        }
    }
}

/// `Docs/OpenAPI.md` reports, for each corpus description, what the importer really does.
@Suite("The import's report", .requires(.openAPI))
struct ImportReportTests {
    @Test func theCorpusTableInTheDocsIsTrue() throws {
        let docs = try String(
            contentsOf: ImportedClientCompileTests.repositoryRoot.appendingPathComponent("Docs/OpenAPI.md"), encoding: .utf8)
        let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| oai/") || $0.hasPrefix("| twilio/") }
        let documents = corpusDocuments().filter { $0.pathExtension == "json" }
        #expect(rows.count == documents.count)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let result = try OpenAPIImporter.run(description: corpus.appendingPathComponent(cells[0]))
            let actual = [result.operationCount, result.declarationCount, result.jsonValueCount, result.warnings.count].map(String.init)
            #expect(Array(cells[1...4]) == actual, "\(cells[0]): the docs say \(cells[1...4]), the import does \(actual)")
        }
    }
}

/// Damaged descriptions are errors or imports, never crashes or hangs.
@Suite("Importing damaged descriptions", .requires(.openAPI))
struct DamagedDescriptionTests {
    @Test(arguments: ["oai/petstore-expanded.json", "oai/petstore-expanded.yaml", "oai/link-example.yaml", "oai/uspto.json"])
    func randomDamageNeverCrashes(_ name: String) throws {
        let original = Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
        var random = SeededGenerator(seed: UInt64(name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        let alphabet = Array("{}[]:,\"'#&*-|>\n \\$/~01aZ".utf8)
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<(1 + random.next() % 6) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
                }
            }
            let url = try temporaryFile(String(decoding: bytes, as: UTF8.self), name: name.components(separatedBy: "/").last!)
            do {
                _ = try OpenAPIImporter.run(description: url)
            } catch is ImportError {
                // A damaged description may be refused; it must say why, which ImportError does.
            }
        }
    }
}

/// The importer writes the layout `courier format` gives, so a formatted import is unchanged.
@Suite("Imports are formatted", .requires(.openAPI))
struct ImportLayoutTests {
    @Test(arguments: corpusDocuments().filter { $0.pathExtension == "json" })
    func anImportedSchemaIsAlreadyFormatted(_ url: URL) throws {
        for file in try OpenAPIImporter.run(description: url).files {
            let formatted = try SchemaFormatter.format(SourceFile(path: file.name, text: file.text))
            #expect(formatted == file.text, "\(url.lastPathComponent) \(file.name) is not in the formatter's layout")
        }
    }
}
