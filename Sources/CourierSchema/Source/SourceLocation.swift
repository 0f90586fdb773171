/// A point in a schema file, 1-based, with the column counted in UTF-8 bytes as compilers do.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path of the file, as given to the compiler.
    public let file: String
    /// The line, starting at 1.
    public let line: Int
    /// The column, starting at 1.
    public let column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The `file:line:column` form used in diagnostics.
    public var description: String { "\(file):\(line):\(column)" }

    /// The location `count` columns further along the same line.
    public func advanced(by count: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + count)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
