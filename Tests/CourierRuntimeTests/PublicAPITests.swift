import CourierTestSupport
import Foundation
import Testing

/// The runtime's public API against the last release's, as the toolchain's `swift-api-digester`
/// sees them: every change it reports (a declaration removed, renamed or retyped, a case added
/// to an enum that apps switch over) must be named in `CHANGELOG.md`'s Unreleased section, so
/// that whoever upgrades learns what breaks and what to write instead. The baseline is
/// `Tests/PublicAPI/<Module>.json`, written by `Scripts/api-baseline` at each release.
@Suite("The public API and the changelog")
struct PublicAPITests {
    static let root = ExternalCollection.repositoryRoot
    static let modules = root.appendingPathComponent(".build/debug/Modules")

    /// The library modules whose public API the changelog answers for.
    static let libraries = ["CourierRuntime"]

    /// What the digester reports between the baseline and the module as built now: one line
    /// per change, such as `Func URLSessionTransport.send(_:) has been removed`.
    static func changes(of module: String, in folder: URL) async throws -> [String] {
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path),
            "no \(module) module in \(modules.path): run swift build first")
        let current = folder.appendingPathComponent("\(module).json").path
        let dump = try await runProcess(
            "/usr/bin/env", ["swift-api-digester", "-dump-sdk", "-module", module, "-I", modules.path, "-o", current, "-avoid-location", "-avoid-tool-args"])
        try #require(dump.status == 0, "swift-api-digester -dump-sdk failed: \(dump.output)")
        let baseline = root.appendingPathComponent("Tests/PublicAPI/\(module).json").path
        let diagnosis = try await runProcess("/usr/bin/env", ["swift-api-digester", "-diagnose-sdk", "-input-paths", baseline, "-input-paths", current])
        try #require(diagnosis.status == 0, "swift-api-digester -diagnose-sdk failed: \(diagnosis.output)")
        return diagnosis.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("/*") }
    }

    /// The declaration a change is about, without its argument labels: `Kind Name has …` gives
    /// `Name` up to its first parenthesis (`APIClient.Configuration.init`).
    static func declaration(in change: String) -> String? {
        let words = change.split(separator: " ", maxSplits: 2)
        guard words.count == 3, words[2].hasPrefix("has ") || words[2].hasPrefix("is ") else { return nil }
        return String(words[1].prefix { $0 != "(" })
    }

    /// The changelog's Unreleased section.
    static func unreleased() throws -> Substring {
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        guard let start = changelog.range(of: "\n## [Unreleased]") else { return "" }
        let rest = changelog[start.upperBound...]
        return rest[..<(rest.range(of: "\n## [")?.lowerBound ?? rest.endIndex)]
    }

    @Test(
        .enabled(if: Self.digesterMatchesTheBaseline, "the baseline in Tests/PublicAPI was dumped on Linux; another platform's SDK differs"),
        .timeLimit(.minutes(3)))
    func everyChangeSinceTheLastReleaseIsInTheChangelog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-public-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unreleased = try Self.unreleased()
        #expect(!unreleased.isEmpty, "CHANGELOG.md has no '## [Unreleased]' section")
        for module in Self.libraries {
            for change in try await Self.changes(of: module, in: folder) {
                guard let declaration = Self.declaration(in: change) else {
                    Issue.record("\(module): a change the test cannot read; name it in CHANGELOG.md and teach the test: \(change)")
                    continue
                }
                #expect(
                    unreleased.contains(declaration),
                    "\(module): '\(change)' is not in CHANGELOG.md under Unreleased: say what changed for callers, and for a break, what to write instead")
            }
        }
    }

    @Test func aChangeIsReadAsTheDeclarationItIsAbout() {
        #expect(Self.declaration(in: "Constructor APIClient.Configuration.init(apiKey:retryPolicy:) has been removed") == "APIClient.Configuration.init")
        #expect(Self.declaration(in: "EnumElement APIError.refreshFailed has been added as a new enum case") == "APIError.refreshFailed")
        #expect(Self.declaration(in: "Protocol APIClientProtocol has added inherited protocol EndpointGroup") == "APIClientProtocol")
        #expect(Self.declaration(in: "Var APIClientProtocol.clock is now with @discardableResult") == "APIClientProtocol.clock")
    }

    /// The platform the baseline was dumped on.
    static var digesterMatchesTheBaseline: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }
}
