import Foundation
import PackagePlugin

/// Generates a target's API client from its schema on every build: `Schema/<Target>/*.api` at
/// the package root, or `*.api` files in the target's own folder. Every schema file is an
/// input and every generated file an output, so the generator runs only when a schema changes.
///
/// `CourierBuildPlugin+Xcode.swift` is the same plugin for targets of an Xcode project.
@main
struct CourierBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schema = try SchemaLocation.find(
            target: target.name,
            in: [context.package.directoryURL.appendingPathComponent("Schema").appendingPathComponent(target.name), target.directoryURL])
        return [
            schema.generateCommand(
                target: target.name, courier: try context.tool(named: "courier").url, workDirectory: context.pluginWorkDirectoryURL),
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

    /// The first of `folders` that holds `.api` files; a target that uses the plugin without
    /// a schema is a mistake the build reports.
    static func find(target: String, in folders: [URL]) throws -> SchemaLocation {
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let files = names.filter { $0.hasSuffix(".api") }.sorted().map { folder.appendingPathComponent($0) }
            if !files.isEmpty { return SchemaLocation(folder: folder, files: files) }
        }
        throw PluginError("target '\(target)' uses CourierBuildPlugin but has no schema: add Schema/\(target)/*.api or .api files to its folder")
    }

    /// The one command that regenerates the client into `workDirectory/Generated`.
    func generateCommand(target: String, courier: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent("Generated")
        let outputs = expectedOutputs().map { output.appendingPathComponent($0) }
        return .buildCommand(
            displayName: "Generating the \(target) API client from \(folder.lastPathComponent)",
            executable: courier,
            arguments: ["generate", folder.path, "--output", output.path, "--quiet", "--expect"] + outputs.map(\.lastPathComponent),
            // The folder is an input too: a file added to it changes its modification time.
            inputFiles: files + [folder], outputFiles: outputs)
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
