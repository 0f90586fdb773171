import CourierLoopbackServer
import Foundation
import Testing

/// The README's "From zero to a call", followed as a new user would: its files written exactly
/// as the README shows them, built, run against the reference server, and tested.
@Suite("The README's walk-through")
struct ReadmeWalkThroughTests {
    static let courierRoot = EndToEndPluginTests.courierRoot

    @Test(.timeLimit(.minutes(20)))
    func readmeWalkThroughWorksAsWritten() async throws {
        let readme = try String(contentsOf: Self.courierRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let files = ReadmeText.files(in: readme)
        #expect(files.map(\.path) == [
            "Package.swift", "Schema/ArchonClient/archon.api", "Sources/ArchonClient/ArchonClient.swift", "Sources/App/main.swift",
            "Tests/ArchonClientTests/ProjectsTests.swift",
        ])

        // Courier in a folder named `Courier` next to the package, as the README asks.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Courier"), withDestinationURL: Self.courierRoot)
        let hello = root.appendingPathComponent("Hello")
        for file in files { try writeFile(file.text, to: hello.appendingPathComponent(file.path)) }

        let build = try await runSwift(["build"], in: hello)
        #expect(build.status == 0, "the build failed:\n\(build.output)")
        #expect(!build.output.contains("warning:"), "warnings in the build:\n\(build.output)")

        // The generated code is where the README says.
        let generated = try #require(ReadmeText.lines(in: readme).first { $0.hasPrefix(".build/plugins/outputs/") })
        #expect(FileManager.default.fileExists(atPath: hello.appendingPathComponent(String(generated)).path), "no \(generated)")

        // The app's call and stream against the reference server print what the README shows.
        let server = try await Self.startServer()
        let run = try await runSwift(["run", "--skip-build", "App"], in: hello, environment: ["ARCHON_URL": server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.output)")
        let printed = try #require(ReadmeText.block(after: "prints:", in: readme))
        for line in printed.split(separator: "\n") where line != "…" {
            #expect(run.output.contains(line), "the app did not print '\(line)':\n\(run.output)")
        }

        let test = try await runSwift(["test"], in: hello)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("Test run with 3 tests"), "\(test.output)")

        // A schema mistake is reported as the README shows.
        let schema = hello.appendingPathComponent("Schema/ArchonClient/archon.api")
        let text = try String(contentsOf: schema, encoding: .utf8)
        let misspelt = try #require(text.range(of: "name: String"))
        try writeFile(text.replacingCharacters(in: misspelt, with: "name: Strng"), to: schema)
        let broken = try await runSwift(["build"], in: hello)
        #expect(broken.status != 0)
        let error = try #require(ReadmeText.lines(in: readme).first { $0.hasPrefix("Schema/ArchonClient/archon.api:") })
        #expect(broken.output.contains(error), "expected '\(error)' in:\n\(broken.output)")
    }

    /// The reference server with the Python that `Scripts/test` prepares.
    static func startServer() async throws -> LoopbackServerProcess {
        let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"] ?? courierRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw SetupError("no Python for the reference server at \(python): run Scripts/test, or set COURIER_TEST_PYTHON")
        }
        return try await LoopbackServerProcess.start(python: python, script: courierRoot.appendingPathComponent("Tests/Server/archon_server.py"))
    }
}

/// The parts of the README a test reads: files marked `<!-- file: path -->` before a fenced
/// block, and the lines of every fenced block.
enum ReadmeText {
    /// The fenced blocks that follow a `<!-- file: path -->` line, in the README's order.
    static func files(in readme: String) -> [(path: String, text: String)] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        var files: [(path: String, text: String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- file: ") && line.hasSuffix(" -->") {
            let path = line.dropFirst("<!-- file: ".count).dropLast(" -->".count)
            if let block = block(startingAt: index + 1, in: lines) { files.append((String(path), block + "\n")) }
        }
        return files
    }

    /// The fenced block right after the line `marker`.
    static func block(after marker: String, in readme: String) -> String? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0 == marker }) else { return nil }
        return block(startingAt: index + 2, in: lines)
    }

    /// Every line inside a fenced block.
    static func lines(in readme: String) -> [Substring] {
        var inside = false
        var result: [Substring] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inside.toggle() } else if inside { result.append(line) }
        }
        return result
    }

    private static func block(startingAt index: Int, in lines: [Substring]) -> String? {
        guard index < lines.count, lines[index].hasPrefix("```"),
            let end = lines[(index + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else { return nil }
        return lines[(index + 1)..<end].joined(separator: "\n")
    }
}
