#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The `generate-api` command for an Xcode project, line for line the package path: it writes
/// `Generated/<Target>/` next to the `.xcodeproj` for every target with a schema. Xcode only:
/// this file is not compiled on Linux.
extension CourierCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let generator = Generator(courier: try context.tool(named: "courier").url, root: context.xcodeProject.directoryURL)
        for target in context.xcodeProject.targets {
            let schemaFolders = Array(Set(target.inputFiles.map(\.url).filter { $0.pathExtension == "api" }.map { $0.deletingLastPathComponent() }))
            try generator.generate(target: target.displayName, candidates: schemaFolders.sorted { $0.path < $1.path })
        }
        generator.reportIfNothingGenerated()
    }
}
#endif
