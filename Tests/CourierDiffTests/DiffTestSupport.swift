import CourierSchema
import Foundation
import Testing

@testable import CourierDiff

/// The repository root, for `Docs/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The api block examples run in unless they show their own.
let defaultAPIBlock = "api Shop {\n  auth bearer\n}\n"

/// Compiles one schema text (with the default api block when it has none); records the
/// diagnostics and fails when it does not compile.
func compileSchema(_ text: String, path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> API {
    let source = text.contains("api Shop {") ? text : defaultAPIBlock + text
    let compilation = SchemaCompiler.compile([SourceFile(path: path, text: source)])
    guard let api = compilation.api else {
        Issue.record("the schema does not compile:\n\(compilation.diagnostics.map(\.description).joined(separator: "\n"))\n\(source)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
    return api
}

/// Every finding between two schema texts.
func diff(_ before: String, _ after: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Finding] {
    SchemaDiff.compare(
        base: try compileSchema(before, path: "before/shop.api", sourceLocation: sourceLocation),
        head: try compileSchema(after, path: "after/shop.api", sourceLocation: sourceLocation))
}

/// The rule ids of findings, sorted, for comparing.
func ruleIDs(_ findings: [Finding]) -> [String] { findings.map(\.rule.id).sorted() }
