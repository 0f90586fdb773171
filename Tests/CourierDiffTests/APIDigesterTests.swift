import CourierCodegen
import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierDiff

/// The Swift-source profile checked against the toolchain's own `swift-api-digester`: for
/// every example pair of the rule catalogue, both schemas are generated, compiled into
/// modules and compared by the digester. Where it reports a break, `courier diff` must report
/// one too. (The digester calls an argument added with a default a rename, because the
/// function's full name changed; `courier diff` reports it as a note, since calls compile.)
@Suite("Agreement with swift-api-digester", .serialized)
struct APIDigesterTests {
    static let modules = repositoryRoot.appendingPathComponent(".build/debug/Modules")

    /// The digester's findings for one side's generated Swift against the other's.
    func digesterBreaks(base: API, head: API, in folder: URL) async throws -> [String] {
        var dumps: [String] = []
        for (side, api) in [("base", base), ("head", head)] {
            let sources = folder.appendingPathComponent(side)
            let module = folder.appendingPathComponent("\(side)-module")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            var paths: [String] = []
            for file in CodeGenerator.generate(api) where !file.contents.isEmpty {
                let path = sources.appendingPathComponent(file.name).path
                try file.contents.write(toFile: path, atomically: true, encoding: .utf8)
                paths.append(path)
            }
            let (compiled, compileOutput) = try await runProcess(
                "/usr/bin/env",
                ["swiftc", "-emit-module", "-module-name", "Shop", "-parse-as-library", "-swift-version", "6", "-I", Self.modules.path,
                 "-emit-module-path", module.appendingPathComponent("Shop.swiftmodule").path, "-Xfrontend", "-experimental-skip-all-function-bodies"] + paths)
            try #require(compiled == 0, "the \(side) module does not compile: \(compileOutput)")
            let dump = folder.appendingPathComponent("\(side).json").path
            let (dumped, dumpOutput) = try await runProcess(
                "/usr/bin/env", ["swift-api-digester", "-dump-sdk", "-module", "Shop", "-I", module.path, "-I", Self.modules.path, "-o", dump])
            try #require(dumped == 0, "swift-api-digester -dump-sdk failed: \(dumpOutput)")
            dumps.append(dump)
        }
        let (status, output) = try await runProcess(
            "/usr/bin/env", ["swift-api-digester", "-diagnose-sdk", "-input-paths", dumps[0], "-input-paths", dumps[1]])
        try #require(status == 0, "swift-api-digester -diagnose-sdk failed: \(output)")
        return output.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("/*") }
    }

    // A guard against a hang, not a performance check: on 2 cores, beside the other suites,
    // the builds it compares take 4 to 5 minutes.
    @Test(.timeLimit(.minutes(9)))
    func whereTheDigesterSeesASourceBreakCourierDiffDoesToo() async throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.modules.appendingPathComponent("CourierRuntime.swiftmodule").path),
            "no CourierRuntime module in \(Self.modules.path): run swift build first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-digester-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pairsWithBreaks = 0
        for (index, example) in try RuleCatalogueTests.examples().enumerated() {
            let base = try compileSchema(example.before, path: "before/shop.api")
            let head = try compileSchema(example.after, path: "after/shop.api")
            let breaks = try await digesterBreaks(base: base, head: head, in: folder.appendingPathComponent("\(index)"))
            let source = SchemaDiff.compare(base: base, head: head).filter { $0.rule.profile == .swiftSource }
            if !breaks.isEmpty {
                pairsWithBreaks += 1
                #expect(!source.isEmpty, "\(example.rule): swift-api-digester reports \(breaks), courier diff nothing for Swift source")
            }
        }
        // The sample must exercise the comparison: most example pairs change the Swift surface.
        #expect(pairsWithBreaks >= 30, "only \(pairsWithBreaks) example pairs had a break the digester saw")
    }
}
