import CourierTestSupport
import Foundation
import Testing

/// The edits users make to a schema folder, each followed by a real `swift build` that must
/// succeed and compile exactly what `courier generate` writes for the folder as it is then.
/// SwiftPM does not plan again when a file comes or goes in `Schema/<Target>/`, so these are
/// the edits whose builds used to fail ("missing inputs") or compile yesterday's schema.
struct SchemaFolderEdits {
    let package: URL
    var module = "Pets"

    var folder: URL { package.appendingPathComponent("Schema/\(module)") }

    /// Runs every edit in turn on a package built once, whose target `Pets` uses the plugin.
    mutating func run() async throws {
        let bird = "/// A bird.\nmodel Bird {\n  name: String\n}\n"
        let fish = "/// A fish.\nmodel Fish {\n  fins: Int\n}\n"
        try writeFile(bird, to: folder.appendingPathComponent("birds.api"))
        try writeFile(fish, to: folder.appendingPathComponent("fish.api"))
        try await buildMatchesGenerate("two files added")
        #expect(try catchAllCode().contains("public struct Bird"), "the files added since the plan were not compiled from the catch-all files")

        // In place, as many editors save: the same file, no new directory entry.
        try editInPlace("birds.api", to: bird.replacingOccurrences(of: "  name: String\n", with: "  name: String\n  wingspan: Double\n"))
        try await buildMatchesGenerate("an added file edited in place at once")
        try await settles("after the edit in place")
        #expect(try catchAllCode().isEmpty, "the next plan should give each schema file its own outputs")
        try editInPlace("birds.api", to: bird.replacingOccurrences(of: "  name: String\n", with: "  name: String\n  song: String?\n"))
        try await buildMatchesGenerate("a planned file edited in place")

        // Grown past 3,200 lines (a long doc comment): the build that follows spreads it over
        // the eight parts planned and asks for a new plan, which declares 64 for it, and then
        // the plan holds: the plugin and the generator size files alike.
        let notes = String(repeating: "/// A line of a long note about birds.\n", count: 3_300)
        try editInPlace("birds.api", to: bird + "\n" + notes + "model Notes {\n  text: String\n}\n")
        try await buildMatchesGenerate("a planned file grown past 3,200 lines")
        try await settles("after the file grew")
        #expect(FileManager.default.fileExists(atPath: pluginOutput.appendingPathComponent("birds.64.generated.swift").path), "the plan has no 64 parts for the long file")
        try await plansHold("after the file grew")

        try FileManager.default.moveItem(at: folder.appendingPathComponent("fish.api"), to: folder.appendingPathComponent("aquarium.api"))
        try await buildMatchesGenerate("a file renamed")
        try await settles("after the rename")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("aquarium.api"))
        try await buildMatchesGenerate("a planned file removed")
        try await settles("after the removal")

        let pets = try String(contentsOf: folder.appendingPathComponent("pets.api"), encoding: .utf8)
        try writeFile(pets + "\n" + bird, to: folder.appendingPathComponent("pets.api"))
        try writeFile("/// A nest.\nmodel Nest {\n  height: Int\n}\n", to: folder.appendingPathComponent("birds.api"))
        try await buildMatchesGenerate("a declaration moved from one file to another")

        try editInPlace("birds.api", to: "")
        try await buildMatchesGenerate("a file emptied")
        try await settles("after emptying a file")

        // The module renamed: the target, its folder and its schema folder.
        let manifest = package.appendingPathComponent("Package.swift")
        let renamed = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "name: \"Pets\"", with: "name: \"Zoo\"").replacingOccurrences(of: "[\"Pets\",", with: "[\"Zoo\",")
        try writeFile(renamed, to: manifest)
        try FileManager.default.moveItem(at: package.appendingPathComponent("Sources/Pets"), to: package.appendingPathComponent("Sources/Zoo"))
        try FileManager.default.moveItem(at: folder, to: package.appendingPathComponent("Schema/Zoo"))
        let app = package.appendingPathComponent("Sources/App/main.swift")
        try writeFile(try String(contentsOf: app, encoding: .utf8).replacingOccurrences(of: "import Pets", with: "import Zoo"), to: app)
        module = "Zoo"
        try await buildMatchesGenerate("the module renamed")
    }

    /// Builds, and checks that the build compiled what `courier generate` writes now.
    func buildMatchesGenerate(_ step: String) async throws {
        let build = try await runSwift(["build"], in: package)
        try #require(build.status == 0, "\(step): the build failed:\n\(build.output)")
        #expect(!build.output.contains("warning:"), "\(step): warnings:\n\(build.output)")
        let reference = FileManager.default.temporaryDirectory.appendingPathComponent("courier-reference-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reference) }
        // The generator built from the same sources as the one the scratch package's plugin runs.
        let courier = EndToEndPluginTests.courierRoot.appendingPathComponent(".build/debug/courier").path
        let generate = try await runProcess(courier, ["generate", folder.path, "--output", reference.path])
        try #require(generate.status == 0, "\(step): courier generate failed:\n\(generate.output)")
        let compiled = try Self.declarations(in: pluginOutput)
        let expected = try Self.declarations(in: reference)
        #expect(compiled == expected, "\(step): the build compiled other code than courier generate writes:\nonly in the build: \(compiled.subtracting(expected))\nonly in courier generate's: \(expected.subtracting(compiled))")
    }

    /// Builds again without an edit: SwiftPM may plan again, and nothing is compiled anew but
    /// what the new plan moved out of the catch-all files.
    func settles(_ step: String) async throws {
        try await buildMatchesGenerate(step)
        let again = try await runSwift(["build"], in: package)
        try #require(again.status == 0, "\(step): the build failed:\n\(again.output)")
        #expect(!again.output.contains("Compiling \(module)"), "\(step): a build without an edit compiled \(module) again:\n\(again.output)")
    }

    /// A build without an edit asks for no new plan: the plan folder stays as it was.
    func plansHold(_ step: String) async throws {
        let plan = pluginOutput.deletingLastPathComponent().appendingPathComponent("Plan").path
        let before = FileManager.default.fileExists(atPath: plan)
        let build = try await runSwift(["build"], in: package)
        try #require(build.status == 0, "\(step): the build failed:\n\(build.output)")
        #expect(FileManager.default.fileExists(atPath: plan) == before, "\(step): a build without an edit asked SwiftPM to plan again")
    }

    /// The build plugin's output folder for the module.
    var pluginOutput: URL {
        package.appendingPathComponent(".build/plugins/outputs/\(package.lastPathComponent.lowercased())/\(module)/destination/CourierBuildPlugin/Generated")
    }

    /// The code in the catch-all files, which hold what the plan did not foresee.
    func catchAllCode() throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: pluginOutput.path).filter { $0.hasPrefix("_unplanned") }
            .map { try String(contentsOf: pluginOutput.appendingPathComponent($0), encoding: .utf8) }
            .joined().split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.hasPrefix("import ") }.joined(separator: "\n")
    }

    /// Writes a schema file's new text into the same file, as an editor that saves in place does.
    func editInPlace(_ name: String, to text: String) throws {
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(name))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Every line of code in a folder's Swift files, counted, without each file's opening
    /// comments and imports: the same code whichever files it was spread over.
    static func declarations(in folder: URL) throws -> [String: Int] {
        var lines: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0.hasPrefix("//") || $0.hasPrefix("import ") || $0.isEmpty }
            for line in code where !line.trimmingCharacters(in: .whitespaces).isEmpty { lines[String(line), default: 0] += 1 }
        }
        return lines
    }
}

extension Dictionary where Key == String, Value == Int {
    /// The lines counted more often here than in `other`.
    func subtracting(_ other: [String: Int]) -> [String] {
        compactMap { line, count in count > other[line, default: 0] ? line : nil }.sorted()
    }
}
