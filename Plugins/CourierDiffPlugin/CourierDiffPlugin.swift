import Foundation
import PackagePlugin

/// `swift package courier-diff --base <git-ref> [--target T]… [courier diff options]`: runs
/// `courier diff` for every target that has a schema (`Schema/<Target>/`, or `.api` files in the
/// target's folder), comparing it with the same folder at the git revision.
@main
struct CourierDiffPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let chosen = Set(extractor.extractOption(named: "target"))
        let passed = extractor.remainingArguments
        guard passed.contains("--base") else {
            throw DiffPluginError("say which revision to compare with: swift package courier-diff --base main")
        }
        let courier = try context.tool(named: "courier").url
        var compared = 0
        var failed: [String] = []
        for target in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) where chosen.isEmpty || chosen.contains(target.name) {
            let folders = [context.package.directoryURL.appendingPathComponent("Schema").appendingPathComponent(target.name), target.directoryURL]
            guard let folder = folders.first(where: { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".api") }
            }) else { continue }
            print("== \(target.name): \(folder.path)")
            let process = Process()
            process.executableURL = courier
            process.arguments = ["diff", folder.path] + passed
            process.currentDirectoryURL = context.package.directoryURL
            try process.run()
            process.waitUntilExit()
            compared += 1
            if process.terminationStatus != 0 { failed.append(target.name) }
        }
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
