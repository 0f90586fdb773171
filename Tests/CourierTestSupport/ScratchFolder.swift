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

    /// What the programs a test runs are given: `TMPDIR` inside the process's folder, so that
    /// what they leave in a temporary folder (the Swift driver's `TemporaryDirectory.*` for each
    /// compilation) goes when the tests end.
    public static let childEnvironment: [String: String] = {
        let temporary = root.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return ["TMPDIR": temporary.path]
    }()

    /// A new, empty folder whose name begins with `prefix`.
    public static func make(_ prefix: String) throws -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
