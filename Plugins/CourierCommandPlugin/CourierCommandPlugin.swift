import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-api`: writes
/// `Generated/<Target>/` for every target that has a schema, so a pull request shows the
/// generated diff beside the schema change.
///
/// `CourierCommandPlugin+Xcode.swift` is the same command for the targets of an Xcode project.
@main
struct CourierCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let generator = Generator(courier: try context.tool(named: "courier").url, root: context.package.directoryURL)
        for target in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
            try generator.generate(target: target.name, candidates: [target.directoryURL])
        }
        generator.reportIfNothingGenerated()
    }
}

/// Runs `courier generate` for each target whose schema it finds, writing `Generated/<Target>/`
/// under the package or project root.
final class Generator {
    private let courier: URL
    private let root: URL
    private var generated = 0

    init(courier: URL, root: URL) {
        self.courier = courier
        self.root = root
    }

    /// Generates `target` from `Schema/<target>/` under the root, else from the first of
    /// `candidates` holding `.api` files; a target without a schema is skipped.
    func generate(target: String, candidates: [URL]) throws {
        let folders = [root.appendingPathComponent("Schema").appendingPathComponent(target)] + candidates
        guard let folder = folders.first(where: { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".api") }
        }) else { return }
        let output = root.appendingPathComponent("Generated").appendingPathComponent(target)
        let process = Process()
        process.executableURL = courier
        process.arguments = ["generate", folder.path, "--output", output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError("courier generate failed for target '\(target)'; see the diagnostics above")
        }
        generated += 1
    }

    /// Says so when no target had a schema, rather than finishing in silence.
    func reportIfNothingGenerated() {
        if generated == 0 { print("No target has a schema (Schema/<Target>/*.api or .api files in the target's folder).") }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
