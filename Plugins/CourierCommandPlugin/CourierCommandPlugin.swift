import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-api`: writes
/// `Generated/<Target>/` for every target that has a schema, so a pull request shows the
/// generated diff beside the schema change.
@main
struct CourierCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let courier = try context.tool(named: "courier").url
        var generated = 0
        for target in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
            let schema = context.package.directoryURL.appendingPathComponent("Schema").appendingPathComponent(target.name)
            let candidates = [schema, target.directoryURL]
            guard let folder = candidates.first(where: { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".api") }
            }) else { continue }
            let output = context.package.directoryURL.appendingPathComponent("Generated").appendingPathComponent(target.name)
            let process = Process()
            process.executableURL = courier
            process.arguments = ["generate", folder.path, "--output", output.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CommandError("courier generate failed for target '\(target.name)'; see the diagnostics above")
            }
            generated += 1
        }
        if generated == 0 { print("No target has a schema (Schema/<Target>/*.api or .api files in the target's folder).") }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
