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

    /// Picking an operation brings every schema it reaches and no other: the import compiles
    /// (it throws on a schema with errors, such as a type left out that a kept one names),
    /// generates, and is no larger than the whole description's.
    @Test(arguments: publishedRoots)
    func aPickedOperationImportsWhatItUses(_ root: String) throws {
        let url = try publishedDocument(root)
        // Each run reads the description afresh: an import converts a Swagger 2.0 root in place.
        let whole = try OpenAPIImporter.run(description: url)
        let files = try DescriptionFiles(root: url)
        let firstID = Self.firstOperationID(files)
        // Lob's schemas live in files its operations refer to: only operations bring them in.
        let hasComponentSchemas = !(files.rootNode["components"]?["schemas"]?.object?.members.isEmpty ?? true)
            || !(files.rootNode["definitions"]?.object?.members.isEmpty ?? true)
        guard whole.operationCount > 0 else {
            #expect(firstID == nil, "\(root): an operation the whole import did not see")
            return  // only webhooks: nothing to pick
        }
        let picked = try #require(firstID, "\(root) has no operation with an operationId to pick")
        let result = try OpenAPIImporter.run(description: url, options: ImportOptions(operations: [picked]))
        #expect(result.operationCount == 1, "\(root): \(picked)")
        #expect(result.declarationCount <= whole.declarationCount)
        #expect(result.unusedDeclarationCount > 0 || result.declarationCount == whole.declarationCount || !hasComponentSchemas,
                "\(root): \(picked) keeps \(result.declarationCount) of \(whole.declarationCount) declarations and counts none as left out")
        let api = try #require(SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) }).api)
        #expect(!CodeGenerator.generate(api).isEmpty)
    }

    /// The `operationId` of the first operation under `paths`, through `$ref`s to other files.
    static func firstOperationID(_ files: DescriptionFiles) -> String? {
        let paths = DocumentLocation(file: files.root, tokens: ["paths"])
        for (path, node) in files.rootNode["paths"]?.object?.members ?? [] {
            guard let (item, itemLocation) = try? files.resolve(node, at: paths.appending(path)) else { continue }
            for method in OperationMapper.methods {
                guard let operationNode = item[method],
                    let (operation, _) = try? files.resolve(operationNode, at: itemLocation.appending(method))
                else { continue }
                if let id = operation["operationId"]?.string { return id }
            }
        }
        return nil
    }
}
