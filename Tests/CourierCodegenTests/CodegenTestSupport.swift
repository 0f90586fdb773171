import CourierCodegen
import CourierSchema
import Foundation
import Testing

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Compiles schema text that must be valid.
func api(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> API {
    let compilation = SchemaCompiler.compile([SourceFile(path: "Schema/Test/test.api", text: source)])
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)", sourceLocation: sourceLocation)
    return try #require(compilation.api, sourceLocation: sourceLocation)
}

/// Compares text with `Snapshots/<name>.swift`. A missing snapshot is recorded and the test
/// fails, so that a person reviews it before it counts.
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = repositoryRoot.appendingPathComponent("Tests/CourierCodegenTests/Snapshots/\(name).swift")
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded a new snapshot at \(url.path); review it and run the tests again", sourceLocation: sourceLocation)
        return
    }
    if expected != text {
        let diff = UnifiedDiff.diff(old: expected, new: text, oldName: "snapshot/\(name)", newName: "generated/\(name)")
        Issue.record("generated code differs from the snapshot:\n\(diff)", sourceLocation: sourceLocation)
    }
}

/// The one generated file with this name.
func file(_ name: String, of api: API) throws -> String {
    try #require(CodeGenerator.generate(api).first { $0.name == name }?.contents)
}
