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
        // Files that are members of the target are in Xcode's own plan; a folder next to the
        // project is not.
        let members = Set(target.inputFiles.map { $0.url.standardizedFileURL.path })
        return try schema.commands(
            target: target.displayName, courier: try context.tool(named: "courier").url, workDirectory: context.pluginWorkDirectoryURL,
            watchedByTheBuildSystem: schema.files.allSatisfy { members.contains($0.standardizedFileURL.path) })
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
