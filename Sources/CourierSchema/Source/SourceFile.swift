/// One schema file: its path as it should be shown in diagnostics, and its bytes.
public struct SourceFile: Sendable, Hashable {
    /// The path printed in diagnostics, such as `Schema/Archon/tasks.api`.
    public let path: String
    /// The UTF-8 text of the file.
    public let bytes: [UInt8]

    /// Creates a source file from its bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates a source file from text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
