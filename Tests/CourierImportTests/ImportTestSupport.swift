import CourierCodegen
import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The real descriptions written by other people (`../shared/openapi`, which CI has next to its
/// clone, or `$COURIER_SHARED/openapi`); they are read from there, never copied in. Tests that
/// read them carry `.requires(.openAPI)`.
let corpus = ExternalCollection.openAPI.folder

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

/// Writes the Swift generated for `api` into a fresh temporary folder; returns the folder and
/// the files' paths.
func writeGeneratedSwift(of api: API, prefix: String) throws -> (folder: URL, paths: [String]) {
    let folder = try ScratchFolder.make(prefix)
    var paths: [String] = []
    for file in CodeGenerator.generate(api) where !file.contents.isEmpty {
        let path = folder.appendingPathComponent(file.name).path
        try file.contents.write(toFile: path, atomically: true, encoding: .utf8)
        paths.append(path)
    }
    return (folder, paths)
}

/// Writes `text` to a fresh temporary file and returns its URL.
func temporaryFile(_ text: String, name: String = "openapi.json") throws -> URL {
    let folder = try ScratchFolder.make("courier-import")
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

/// The root document of every other description in the corpus, as its README names them; a
/// packed one is read from a temporary folder it is unpacked into (`file.tar.gz#root` names
/// the root inside an archive). The tests never copy them into the repository.
let publishedRoots = [
    "adyen-checkout/CheckoutService-v72.json", "argo-workflows/swagger.json", "box/openapi.json.gz", "discord/openapi.json.gz",
    "docker-engine/swagger.yaml", "influxdb/oss.yml", "lob/lob-api-public.yml", "mistral/openapi.yaml", "museum/openapi.yaml",
    "okta/management-oneOfInheritance.yaml.gz", "opensearch/spec/namespaces/_core.yaml", "ory-kratos/v26.2.0.json",
    "published/digitalocean.tar.gz#specification/DigitalOcean-public.v2.yaml", "published/openai.json.gz",
    "published/openai.yaml.gz", "published/twilio_api_v2010.json.gz", "published/twilio_conversations_v1.json.gz",
    "slack/slack_web_openapi_v2.json.gz", "vonage/number-insight.yml", "xero/xero-webhooks.yaml", "xero/xero_accounting.yaml",
]

/// Where the packed corpus documents are unpacked, once per test run.
let unpackedCorpus: URL = {
    let folder = ScratchFolder.root.appendingPathComponent("courier-corpus")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

private let unpacking = NSLock()

/// The file to import for one of `publishedRoots`, unpacking it first when it is packed; an
/// absolute path is a description of the user's own, as it is.
func publishedDocument(_ root: String) throws -> URL {
    if root.hasPrefix("/") { return URL(fileURLWithPath: root) }
    let parts = root.split(separator: "#", maxSplits: 1).map(String.init)
    let packed = corpus.appendingPathComponent(parts[0])
    let target = unpackedCorpus.appendingPathComponent(parts[0].replacingOccurrences(of: "/", with: "_"))
    unpacking.lock()
    defer { unpacking.unlock() }
    if parts[0].hasSuffix(".tar.gz") {
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try runTool("/usr/bin/env", ["tar", "-xzf", packed.path, "-C", target.path])
        }
        return target.appendingPathComponent(parts[1])
    }
    guard parts[0].hasSuffix(".gz") else { return packed }
    let unpacked = target.deletingPathExtension()
    if !FileManager.default.fileExists(atPath: unpacked.path) {
        try runTool("/bin/sh", ["-c", "gzip -dc '\(packed.path)' > '\(unpacked.path)'"])
    }
    return unpacked
}

private func runTool(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ImportError("\(arguments.joined(separator: " ")) failed") }
}
