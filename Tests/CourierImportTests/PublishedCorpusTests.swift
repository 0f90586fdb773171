import CourierCodegen
import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// Every published description in the corpus imports with no error into a schema that compiles
/// with no error and generates, and `Docs/OpenAPI.md` says truly what each one became.
@Suite("Importing every published description", .requires(.openAPI))
struct PublishedCorpusTests {
    static let docsRows: [String: [String]] = {
        let docs = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Docs/OpenAPI.md"), encoding: .utf8)) ?? ""
        // The rows of the published descriptions' table, not of the fidelity table after it.
        let table = docs.components(separatedBy: "### Fidelity")[0]
        var rows: [String: [String]] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Array(cells.dropFirst())
        }
        return rows
    }()

    @Test func everyCorpusFolderHasItsRootListed() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasSuffix(".md") && !corpusFolders.contains($0) }
        let listed = Set(publishedRoots.map { String($0.split(separator: "/")[0]) })
        #expect(Set(folders) == listed, "folders without a listed root: \(Set(folders).subtracting(listed).sorted())")
    }

    @Test(arguments: publishedRoots)
    func importsCompilesAndGeneratesAsTheDocsSay(_ root: String) throws {
        let result = try OpenAPIImporter.run(description: try publishedDocument(root))
        let compilation = SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) })
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(root):\n\(errors.prefix(10).map(\.description).joined(separator: "\n"))")
        let api = try #require(compilation.api)
        #expect(!CodeGenerator.generate(api).isEmpty)
        let lintWarnings = compilation.diagnostics.count
        let most = result.warningsByConstruct.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(3).map { "\($0.value) \($0.key)" }
        let actual = [
            "\(result.operationCount) of \(result.declaredOperationCount)",
            "\(result.declarationCount)" + (result.aliasCount > 0 ? " (\(result.aliasCount) alias\(result.aliasCount == 1 ? "" : "es"))" : ""), "\(result.jsonValueCount)",
            "\(result.warnings.count)", "\(lintWarnings)", most.isEmpty ? "—" : most.joined(separator: ", "),
        ]
        #expect(Self.docsRows[root] == actual, "Docs/OpenAPI.md should have: | `\(root)` | \(actual.joined(separator: " | ")) |")
    }
}
