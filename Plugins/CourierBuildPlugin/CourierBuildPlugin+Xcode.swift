#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The build plugin for a target of an Xcode project, line for line the package path: the
/// schema is `Schema/<Target>/*.api` next to the `.xcodeproj`, or the `.api` files that are
/// members of the target. Xcode only: this file is not compiled on Linux.
extension CourierBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let schema = try SchemaLocation.find(
            target: target.displayName,
            in: [context.xcodeProject.directoryURL.appendingPathComponent("Schema").appendingPathComponent(target.displayName)]
                + target.schemaFolders)
        return [
            schema.generateCommand(
                target: target.displayName, courier: try context.tool(named: "courier").url, workDirectory: context.pluginWorkDirectoryURL),
        ]
    }
}

extension XcodeTarget {
    /// An Xcode target has no folder of its own: the folders of the `.api` files it holds.
    var schemaFolders: [URL] {
        let folders = inputFiles.map(\.url).filter { $0.pathExtension == "api" }.map { $0.deletingLastPathComponent() }
        return Array(Set(folders)).sorted { $0.path < $1.path }
    }
}
#endif
