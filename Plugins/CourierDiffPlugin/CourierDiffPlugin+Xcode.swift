#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The `courier-diff` command for an Xcode project, line for line the package path: the schema
/// of each target is found next to the `.xcodeproj` or among the target's files. Xcode only:
/// this file is not compiled on Linux.
extension CourierDiffPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let runner = try DiffRunner(courier: try context.tool(named: "courier").url, root: context.xcodeProject.directoryURL, arguments: arguments)
        for target in context.xcodeProject.targets {
            let schemaFolders = Array(Set(target.inputFiles.map(\.url).filter { $0.pathExtension == "api" }.map { $0.deletingLastPathComponent() }))
            try runner.diff(target: target.displayName, candidates: schemaFolders.sorted { $0.path < $1.path })
        }
        try runner.finish()
    }
}
#endif
