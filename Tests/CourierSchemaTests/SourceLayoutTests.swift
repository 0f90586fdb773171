import Foundation
import Testing

/// Small files with one concept each: a file of `Sources/` that grows past 300 lines holds more
/// than one, and is split along them.
@Suite("Source layout")
struct SourceLayoutTests {
    @Test func noSourceFileIsOver300Lines() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 200, "found only \(files.count) Swift files: has the layout changed?")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 300, "Sources/\(file) has \(lines) lines; split it along the concepts it holds")
        }
    }
}
