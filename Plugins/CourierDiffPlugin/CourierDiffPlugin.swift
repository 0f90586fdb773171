import Foundation
import PackagePlugin

/// `swift package courier-diff --base <git-ref> [--target T]… [courier diff options]`: runs
/// `courier diff` for every target that has a schema (`Schema/<Target>/`, or `.api` files in the
/// target's folder), comparing it with the same folder at the git revision.
///
/// `CourierDiffPlugin+Xcode.swift` is the same command for the targets of an Xcode project.
@main
struct CourierDiffPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let runner = try DiffRunner(courier: try context.tool(named: "courier").url, root: context.package.directoryURL, arguments: arguments)
        for target in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
            try runner.diff(target: target.name, candidates: [target.directoryURL])
        }
        try runner.finish()
    }
}

/// Runs `courier diff` for each chosen target whose schema it finds, and fails at the end if
/// any run failed.
final class DiffRunner {
    private let courier: URL
    private let root: URL
    private let chosen: Set<String>
    private let passed: [String]
    private var compared = 0
    private var failed: [String] = []

    init(courier: URL, root: URL, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        chosen = Set(extractor.extractOption(named: "target"))
        passed = extractor.remainingArguments
        guard passed.contains("--base") else {
            throw DiffPluginError("say which revision to compare with: swift package courier-diff --base main")
        }
        self.courier = courier
        self.root = root
    }

    /// Compares `target`'s schema, from `Schema/<target>/` under the root or else the first of
    /// `candidates` holding `.api` files, with the base revision; a target without one is skipped.
    func diff(target: String, candidates: [URL]) throws {
        guard chosen.isEmpty || chosen.contains(target) else { return }
        let folders = [root.appendingPathComponent("Schema").appendingPathComponent(target)] + candidates
        guard let folder = folders.first(where: { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".api") }
        }) else { return }
        print("== \(target): \(folder.path)")
        let process = Process()
        process.executableURL = courier
        process.arguments = ["diff", folder.path] + passed
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        compared += 1
        if process.terminationStatus != 0 { failed.append(target) }
    }

    /// Says so when no target had a schema, and fails when a comparison did.
    func finish() throws {
        if compared == 0 { print("No target has a schema (Schema/<Target>/*.api or .api files in the target's folder).") }
        if !failed.isEmpty {
            throw DiffPluginError("courier diff failed for \(failed.joined(separator: ", ")); see the findings above")
        }
    }
}

struct DiffPluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
