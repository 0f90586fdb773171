import CourierCodegen
import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// Every description of the corpus imports without an error into a schema that compiles
/// without a diagnostic and generates; the JSON and YAML of one description import alike.
@Suite("Importing the corpus")
struct CorpusTests {
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
