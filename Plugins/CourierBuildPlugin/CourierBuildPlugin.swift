import Foundation
import PackagePlugin

/// Generates a target's API client from its schema on every build: `Schema/<Target>/*.api` at
/// the package root, or `*.api` files in the target's own folder. Every schema file is an
/// input and every generated file an output, so the generator runs only when a schema changes.
@main
struct CourierBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard let schema = SchemaLocation.find(packageDirectory: context.package.directoryURL, target: target.name, targetDirectory: target.directoryURL)
        else {
            throw PluginError("target '\(target.name)' uses CourierBuildPlugin but has no schema: add Schema/\(target.name)/*.api or .api files to its folder")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let outputs = try schema.expectedOutputs().map { output.appendingPathComponent($0) }
        return [
            .buildCommand(
                displayName: "Generating the \(target.name) API client from \(schema.folder.lastPathComponent)",
                executable: try context.tool(named: "courier").url,
                arguments: ["generate", schema.folder.path, "--output", output.path, "--expect"] + outputs.map(\.lastPathComponent),
                inputFiles: schema.files, outputFiles: outputs),
        ]
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where a target's schema is, and which files the generator will make from it.
struct SchemaLocation {
    let folder: URL
    let files: [URL]

    static func find(packageDirectory: URL, target: String, targetDirectory: URL) -> SchemaLocation? {
        for folder in [packageDirectory.appendingPathComponent("Schema").appendingPathComponent(target), targetDirectory] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let files = names.filter { $0.hasSuffix(".api") }.sorted().map { folder.appendingPathComponent($0) }
            if !files.isEmpty { return SchemaLocation(folder: folder, files: files) }
        }
        return nil
    }

    /// A build command declares its outputs before it runs, so the file names are read off the
    /// schema here: `<Api>API.swift`, `Models.swift`, and `APIClient+<Group>.swift` for each
    /// line that starts with `group Name`. `courier generate --expect` fails the build with an
    /// explanation if the generator disagrees.
    func expectedOutputs() throws -> [String] {
        var apiName: String?
        var groups: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(whereSeparator: \.isNewline) {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" })
                guard words.count >= 2, let name = Self.identifier(words[1]) else { continue }
                if words[0] == "api", apiName == nil { apiName = name }
                if words[0] == "group" { groups.append(name) }
            }
        }
        return ["\(apiName ?? "API")API.swift", "Models.swift"] + groups.map { "APIClient+\($0).swift" }
    }

    private static func identifier(_ word: Substring) -> String? {
        guard let first = word.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return nil }
        guard word.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
            return nil
        }
        return String(word)
    }
}
