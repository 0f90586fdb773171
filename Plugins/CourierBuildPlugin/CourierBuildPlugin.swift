import Foundation
import PackagePlugin

/// Generates a target's API client from its schema on every build: `Schema/<Target>/*.api` at
/// the package root, or `*.api` files in the target's own folder.
///
/// SwiftPM plans a build (which commands, with which inputs and outputs) again only when the
/// manifest or a target's own folder changes, so a schema file added to, removed from or
/// renamed in `Schema/<Target>/` is not seen by the plan. The commands are made so that every
/// build still compiles the schema as it is (see `courier`'s `BuildPluginRun`):
/// - the generator runs on every build, with no schema file as a declared input (a file
///   removed since the plan would otherwise fail every build with "missing inputs"); it ends
///   at once when nothing changed, and rewrites only the files whose text changes;
/// - when the schema files are not those of the plan, it puts the code of added files in the
///   catch-all outputs and makes a watched folder appear or disappear: the folder is the
///   output folder of a prebuild command that does nothing, and SwiftPM plans again when such
///   a folder changes, so the next build gives each schema file its own outputs.
///
/// `CourierBuildPlugin+Xcode.swift` is the same plugin for targets of an Xcode project.
@main
struct CourierBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schema = try SchemaLocation.find(
            target: target.name,
            in: [context.package.directoryURL.appendingPathComponent("Schema").appendingPathComponent(target.name), target.directoryURL])
        return try schema.commands(
            target: target.name, courier: try context.tool(named: "courier").url, workDirectory: context.pluginWorkDirectoryURL,
            watchedByTheBuildSystem: (schema.folder.standardizedFileURL.path + "/").hasPrefix(target.directoryURL.standardizedFileURL.path + "/"),
            importableModules: target.recursiveTargetDependencies.map(\.name))
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

    /// A program that does nothing, for the prebuild command whose output folder SwiftPM
    /// watches; nil where there is none (then a build after adding or removing a schema file
    /// still compiles the whole schema, and the plan is renewed with the next change to the
    /// package).
    static let doNothing = ["/usr/bin/true", "/bin/true"].map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The commands that regenerate the client into `workDirectory/Generated`.
    /// `watchedByTheBuildSystem`: the schema is in the target's own folder, whose files SwiftPM
    /// plans for itself; they are then declared as inputs too, or SwiftPM calls them unhandled.
    /// `importableModules`: the target's dependencies, so that a schema that needs a module the
    /// target lacks (`CourierRealtime`) is an error naming it; nil where they are not known.
    func commands(target: String, courier: URL, workDirectory: URL, watchedByTheBuildSystem: Bool, importableModules: [String]? = nil) throws -> [Command] {
        let output = workDirectory.appendingPathComponent("Generated")
        let stamp = workDirectory.appendingPathComponent("Stamp")
        let plan = workDirectory.appendingPathComponent("Plan")
        // An input must exist when the build starts; the generator touches it at every run.
        try FileManager.default.createDirectory(at: stamp, withIntermediateDirectories: true)
        let outputs = expectedOutputs().map { output.appendingPathComponent($0) }
        var commands: [Command] = []
        if let doNothing = Self.doNothing {
            commands.append(.prebuildCommand(
                displayName: "Watching for schema files added to or removed from \(folder.lastPathComponent)",
                executable: doNothing, arguments: [], outputFilesDirectory: plan))
        }
        var arguments = ["generate", folder.path, "--output", output.path, "--quiet", "--stamp", stamp.path]
        if Self.doNothing != nil { arguments += ["--plan", plan.path] }
        if let importableModules { arguments += ["--modules", importableModules.joined(separator: ",")] }
        arguments += ["--expect"] + outputs.map(\.lastPathComponent)
        commands.append(.buildCommand(
            displayName: "Courier: the \(target) API client from \(folder.lastPathComponent)",
            executable: courier,
            arguments: arguments,
            inputFiles: [stamp] + (watchedByTheBuildSystem ? files : []), outputFiles: outputs))
        return commands
    }

    /// A build command declares its outputs before it runs. Each schema file `x.api` becomes
    /// `x.generated.swift`, and a long one also `x.2.generated.swift` onwards, as many parts as
    /// its length allows for (`CodeGenerator.plannedPartCount(forSchemaLines:)`, which the
    /// plugin cannot import; the generator writes the parts it does not fill as empty files),
    /// so the outputs follow from the files' names and lengths alone. Eight catch-all files
    /// stand ready for the code of schema files added after SwiftPM planned
    /// (`BuildPluginRun.catchAllFiles`).
    func expectedOutputs() -> [String] {
        files.flatMap { file in
            let stem = file.deletingPathExtension().lastPathComponent
            return [stem + ".generated.swift"] + (1..<Self.plannedParts(for: file)).map { "\(stem).\($0 + 1).generated.swift" }
        } + ["_unplanned.generated.swift"] + (2...8).map { "_unplanned.\($0).generated.swift" }
    }

    /// The parts declared for a schema file: eight up to 3,200 lines (newline bytes), 64 up to
    /// 12,800, 256 beyond, as `CodeGenerator.plannedPartCount(forSchemaLines:)` says.
    static func plannedParts(for file: URL) -> Int {
        let lines = ((try? Data(contentsOf: file)) ?? Data()).reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return lines <= 3_200 ? 8 : lines <= 12_800 ? 64 : 256
    }
}
