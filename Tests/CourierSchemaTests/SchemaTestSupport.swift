import Foundation
import Testing

@testable import CourierSchema

/// Compiles schema text as the single file `test.api`.
func compile(_ source: String, path: String = "test.api") -> SchemaCompilation {
    SchemaCompiler.compile([SourceFile(path: path, text: source)])
}

/// Compiles schema text that must be valid and returns its API, recording an issue otherwise.
func compileValid(
    _ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> API? {
    let compilation = compile(source)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)", sourceLocation: sourceLocation)
    return compilation.api
}

/// Source text with a `1️⃣` marker where a diagnostic must land.
struct MarkedSource {
    static let marker = "1️⃣"
    let text: String
    let line: Int
    let column: Int

    init(_ marked: String) {
        guard let range = marked.range(of: MarkedSource.marker) else {
            text = marked
            line = 0
            column = 0
            return
        }
        let before = marked[..<range.lowerBound]
        line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        column = before[lineStart...].utf8.count + 1
        text = marked.replacingCharacters(in: range, with: "")
    }
}

/// The repository's root folder, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The Archon schema's files.
func archonSchemaFiles() throws -> [SourceFile] {
    try SchemaCompiler.loadFiles(in: repositoryRoot.appendingPathComponent("Schema/Archon").path)
}
