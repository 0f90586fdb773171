import Foundation

/// Folders a test makes for its files, all inside one folder of the test process's own that is
/// removed when the process exits, so that a run of the tests leaves nothing in the system's
/// temporary folder.
public enum ScratchFolder {
    /// The process's folder, removed when the process exits.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
        return root
    }()

    /// A new, empty folder whose name begins with `prefix`.
    public static func make(_ prefix: String) throws -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
