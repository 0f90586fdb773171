import CourierSchema
import Foundation

/// Reads a schema folder as it was at a git revision, for `courier diff --base <ref>`.
public enum GitSchemaFiles {
    /// Why the base could not be read from git.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong and what to do.
        public let description: String
    }

    /// The `.api` files of `folder` at `revision`, named as `folder/<file>` so that findings in
    /// the base point where the head's files are.
    public static func files(at revision: String, folder: String) throws(Failure) -> [SourceFile] {
        let directory = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw Failure(description: "\(folder): error: no such folder; pass the head's schema folder, such as Schema/Archon")
        }
        let root = try git(["rev-parse", "--show-toplevel"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: directory, failure: "'\(revision)' is not a commit in this repository")
        let rootPath = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let folderPath = directory.resolvingSymlinksInPath().path
        guard folderPath == rootPath || folderPath.hasPrefix(rootPath + "/") else {
            throw Failure(description: "\(folder): error: the folder is not inside the git repository at \(root)")
        }
        let relative = folderPath == rootPath ? "" : String(folderPath.dropFirst(rootPath.count + 1)) + "/"
        let listing = try git(["ls-tree", "--name-only", revision, "--", relative.isEmpty ? "." : relative], in: URL(fileURLWithPath: rootPath))
        let names = listing.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }.filter { $0.hasSuffix(".api") }.sorted()
        guard !names.isEmpty else {
            throw Failure(description: "\(folder): error: no .api files here at \(revision); is the schema new since then?")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return try names.map { name throws(Failure) in
            let text = try git(["show", "\(revision):\(relative)\(name)"], in: URL(fileURLWithPath: rootPath))
            return SourceFile(path: prefix + name, bytes: Array(text.utf8))
        }
    }

    private static func git(_ arguments: [String], in directory: URL, failure: String? = nil) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "error: could not run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "error: \(failure ?? "git \(arguments.joined(separator: " ")) failed")\(detail.isEmpty ? "" : ": \(detail)")")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
