import CourierTestSupport
import Foundation
import Testing

@testable import CourierSchema

/// Thousands of seeded mutations of the Archon schema: each must end in diagnostics or an IR,
/// never a crash or a hang. A failure names its seed and iteration, so it reproduces.
@Suite("Fuzzing the front end")
struct FuzzTests {
    static let fragments = [
        "{", "}", "(", ")", "[", "]", "<", ">", ":", ",", "=", "?", "@", "\"", "\\", "/", "//", "///",
        "\n", "\r\n", " ", "model", "enum", "union", "group", "api", "tag", "returns", "stream", "body",
        "multipart", "form", "path", "query", "header", "@poll(", "@wire(\"", "in [", "Page<", "Data<",
        "{id}", "GET", "-", "1.5", "99999999999999999999999", "2s", "5x", "\u{FEFF}", "é", "😀", "\0",
        "\u{1F}", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "\"\\u{", "/{", "?x={",
    ]

    @Test func randomMutationsNeverCrashOrHang() throws {
        let files = try archonSchemaFiles()
        var generator = SeededGenerator(seed: 0xC0FFEE)
        var slowest: (seconds: Double, iteration: Int) = (0, -1)
        for iteration in 0..<3000 {
            var mutated = files
            let fileIndex = Int.random(in: 0..<files.count, using: &generator)
            mutated[fileIndex] = SourceFile(
                path: files[fileIndex].path, bytes: mutate(files[fileIndex].bytes, using: &generator))
            let start = Date()
            let compilation = SchemaCompiler.compile(mutated)
            let seconds = Date().timeIntervalSince(start)
            if seconds > slowest.seconds { slowest = (seconds, iteration) }
            check(compilation, iteration: iteration)
        }
        // A hang guard, not a performance test: one compilation of this schema takes milliseconds.
        #expect(slowest.seconds < 10, "iteration \(slowest.iteration) took \(slowest.seconds) s")
    }

    @Test func everyTruncationEndsInDiagnostics() throws {
        let files = try archonSchemaFiles()
        let tasks = try #require(files.first { $0.path.hasSuffix("tasks.api") })
        for length in stride(from: 0, to: tasks.bytes.count, by: 7) {
            let truncated = files.map { $0.path == tasks.path ? SourceFile(path: $0.path, bytes: Array($0.bytes.prefix(length))) : $0 }
            check(SchemaCompiler.compile(truncated), iteration: length)
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 42)
        for iteration in 0..<300 {
            let count = Int.random(in: 0..<2000, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            check(SchemaCompiler.compile([SourceFile(path: "random.api", bytes: bytes)]), iteration: iteration)
        }
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let deep = "api T {}\nmodel A {\n  a: " + String(repeating: "[", count: 100_000) + "Int\n}"
        let compilation = compile(deep)
        #expect(compilation.diagnostics.contains { $0.message == "type is nested too deeply" })
        let deepValue = "api T {}\nmodel A {\n  a: [Int] = " + String(repeating: "[", count: 100_000) + "\n}"
        #expect(compile(deepValue).hasErrors)
        let longChain = "api T {}\n" + (0..<5000).map { "model M\($0) { next: M\($0 + 1)? }" }.joined(separator: "\n") + "\nmodel M5000 { id: Int }"
        #expect(compile(longChain).diagnostics.isEmpty)
    }

    private func check(_ compilation: SchemaCompilation, iteration: Int) {
        if compilation.api == nil {
            #expect(compilation.hasErrors, "iteration \(iteration): no API and no error")
        }
        for diagnostic in compilation.diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "iteration \(iteration): \(diagnostic)")
            #expect(!diagnostic.message.isEmpty)
        }
    }

    private func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = result.isEmpty ? 0 : Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:  // delete a run
                let end = min(result.count, position + Int.random(in: 1...40, using: &generator))
                result.removeSubrange(position..<end)
            case 1:  // insert a fragment
                let fragment = FuzzTests.fragments.randomElement(using: &generator)!
                result.insert(contentsOf: Array(fragment.utf8), at: position)
            case 2:  // duplicate a run elsewhere
                let end = min(result.count, position + Int.random(in: 1...200, using: &generator))
                let run = Array(result[position..<end])
                let target = Int.random(in: 0...result.count, using: &generator)
                result.insert(contentsOf: run, at: target)
            case 3:  // flip a byte
                if !result.isEmpty { result[position] = UInt8.random(in: 0...255, using: &generator) }
            case 4:  // swap two bytes
                if result.count > 1 {
                    result.swapAt(position, Int.random(in: 0..<result.count, using: &generator))
                }
            default:  // truncate
                result = Array(result.prefix(position))
            }
        }
        return result
    }
}
