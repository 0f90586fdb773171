import Foundation
import Testing

@testable import CourierImport

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The real descriptions written by other people, beside the repository (`../shared/openapi`,
/// which CI has next to its clone); they are read from there, never copied in.
let corpus = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi")

/// The corpus folders these tests import whole: the specification's own examples and four of
/// Twilio's descriptions.
let corpusFolders = ["oai", "twilio"]

/// Every description of those folders, JSON and YAML.
func corpusDocuments() -> [URL] {
    var urls: [URL] = []
    for folder in corpusFolders {
        let enumerator = FileManager.default.enumerator(at: corpus.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if ["json", "yaml"].contains(url.pathExtension) { urls.append(url) }
        }
    }
    return urls.sorted { $0.path < $1.path }
}

/// Writes `text` to a fresh temporary file and returns its URL.
func temporaryFile(_ text: String, name: String = "openapi.json") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
}

/// Imports a description given as text; the schema's files joined, api block first.
func importText(_ text: String, name: String = "openapi.json", options: ImportOptions = ImportOptions()) throws -> (schema: String, result: ImportResult) {
    let result = try OpenAPIImporter.run(description: try temporaryFile(text, name: name), options: options)
    return (result.files.map { "// \($0.name)\n" + $0.text }.joined(separator: "\n"), result)
}

/// Reads JSON or YAML text.
func readDocument(_ text: String, yaml: Bool = false) throws -> DocumentNode {
    yaml ? try YAMLReader.read(Array(text.utf8)) : try JSONReader.read(Array(text.utf8))
}
