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
        let outputs = schema.expectedOutputs().map { output.appendingPathComponent($0) }
        return [
            .buildCommand(
                displayName: "Generating the \(target.name) API client from \(schema.folder.lastPathComponent)",
                executable: try context.tool(named: "courier").url,
                arguments: ["generate", schema.folder.path, "--output", output.path, "--quiet", "--expect"] + outputs.map(\.lastPathComponent),
                // The folder is an input too: a file added to it changes its modification time.
                inputFiles: schema.files + [schema.folder], outputFiles: outputs),
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

    /// A build command declares its outputs before it runs. Each schema file `x.api` becomes
    /// `x.generated.swift`, and a long one also `x.2.generated.swift` to `x.8.generated.swift`
    /// (as `CodeGenerator.fileNames(forSchemaFile:)` names them; the generator writes the parts
    /// it does not fill as empty files), so the outputs follow from the file names alone:
    /// SwiftPM does not plan again when a file's contents change.
    ///
    /// SwiftPM plans again when the package changes, not when a file appears in a schema folder,
    /// so one more output always stands ready: the generator puts the code of schema files
    /// that are newer than the plan there, and the build goes on working.
    func expectedOutputs() -> [String] {
        files.flatMap { file in
            let stem = file.deletingPathExtension().lastPathComponent
            return [stem + ".generated.swift"] + (2...8).map { "\(stem).\($0).generated.swift" }
        } + ["_unplanned.generated.swift"]
    }
}
