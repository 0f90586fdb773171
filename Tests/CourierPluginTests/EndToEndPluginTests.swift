import CourierTestSupport
import Foundation
import Testing

/// The build plugin as a user meets it: a scratch package that depends on Courier by path.
/// Slow (it builds Courier from scratch); run it alone with
/// `swift test --filter CourierPluginTests`.
@Suite("The build plugin in a user's package", .serialized)
struct EndToEndPluginTests {
    static let courierRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let petsSchema = """
        api Pets {
          auth none
        }

        /// A pet.
        model Pet {
          id: Int
          name: String
        }

        /// Pets.
        group PetStore {
          /// Every pet.
          listPets: GET /pets {
            returns [Pet]
          }
        }

        """

    static let adoptEndpoint = """

        /// Adoption.
        group Adoption {
          /// Adopts a pet.
          adoptPet: POST /pets/{id}/adopt {
            path id: Int
            returns Pet
          }
        }

        """

    /// A long schema file: its code is spread over eight generated parts.
    static let catalogSchema = (0..<80).map { index in
        """
        /// Catalog item \(index).
        model CatalogItem\(index) {
          id: Int
          title: String
          tags: [String]
        }

        """
    }.joined(separator: "\n")

    static func manifest(courierIdentity: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "Scratch",
            platforms: [.macOS(.v13), .iOS(.v16)],
            dependencies: [.package(path: "\(courierRoot.path)")],
            targets: [
                .target(
                    name: "Pets",
                    dependencies: [.product(name: "CourierRuntime", package: "\(courierIdentity)")],
                    plugins: [.plugin(name: "CourierBuildPlugin", package: "\(courierIdentity)")]),
                .executableTarget(name: "App", dependencies: ["Pets", .product(name: "CourierRuntime", package: "\(courierIdentity)")]),
            ]
        )
        """
    }

    static let appBefore = """
        import CourierRuntime
        import Foundation
        import Pets

        // An API with `auth none` still gets a factory, and needs no credentials.
        let client: any PetStoreAPI = PetsAPI.client(baseURL: URL(string: "http://localhost:1")!)
        _ = client
        let mock = MockAPIClient()
        mock.stub(.get, "/pets", json: [Pet(id: 1, name: "Rex")])
        let pets = try await mock.listPets()
        print("pets: \\(pets.map(\\.name))")
        """

    static let appAfter = appBefore + """

        mock.stub(.post, "/pets/1/adopt", json: Pet(id: 1, name: "Rex"))
        let adopted = try await mock.adoptPet(id: 1)
        print("adopted: \\(adopted.name)")
        print("catalog: \\(CatalogItem0(id: 0, title: "first", tags: []).title) \\(CatalogItem79(id: 79, title: "last", tags: []).title)")
        """

    @Test(.timeLimit(.minutes(20)))
    func buildEditAndBuildAgain() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let identity = Self.courierRoot.lastPathComponent.lowercased()
        try writeFile(Self.manifest(courierIdentity: identity), to: scratch.appendingPathComponent("Package.swift"))
        let schema = scratch.appendingPathComponent("Schema/Pets/pets.api")
        try writeFile(Self.petsSchema, to: schema)
        try writeFile(Self.catalogSchema, to: scratch.appendingPathComponent("Schema/Pets/catalog.api"))
        try writeFile("// The Pets client is generated from Schema/Pets by CourierBuildPlugin.\n", to: scratch.appendingPathComponent("Sources/Pets/Pets.swift"))
        let app = scratch.appendingPathComponent("Sources/App/main.swift")
        try writeFile(Self.appBefore, to: app)

        let first = try await runSwift(["build"], in: scratch)
        #expect(first.status == 0, "first build failed:\n\(first.output)")
        // An app that does not subscribe to anything does not link the realtime module.
        let linked = try String(contentsOf: scratch.appendingPathComponent(".build/debug/App.product/Objects.LinkFileList"), encoding: .utf8)
        #expect(linked.contains("/CourierRuntime.build/"))
        #expect(!linked.contains("/CourierRealtime.build/"))
        #expect(!first.output.contains("warning:"), "warnings in the first build:\n\(first.output)")
        // Quiet: the files the schema made, not the placeholders and tallies.
        #expect(Self.generatorLines(first.output).contains { $0.contains("pets.generated.swift") }, "\(first.output)")
        #expect(!first.output.contains("unchanged"), "\(first.output)")
        #expect(!Self.generatorLines(first.output).contains { $0.contains("_unplanned") }, "\(first.output)")
        // The long schema file was compiled from its parts.
        let parts = try generatedFiles(in: scratch).filter { $0.lastPathComponent.hasPrefix("catalog.") }
        #expect(parts.count == 8, "\(parts.map(\.lastPathComponent))")
        let filled = parts.filter { ((try? String(contentsOf: $0, encoding: .utf8)) ?? "").contains("public struct CatalogItem") }
        #expect(filled.count >= 6, "declarations in only \(filled.count) of the catalog's parts")
        let modified = { (url: URL) in (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate }
        let catalogDates = parts.map(modified)

        // The schema as released, for `courier-diff` to compare with later.
        for arguments in [["init", "-q"], ["add", "Schema"], ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "release"]] {
            let git = try await runProcess("/usr/bin/env", ["git"] + arguments, in: scratch)
            try #require(git.status == 0, "git \(arguments): \(git.output)")
        }

        // A schema mistake is reported at the schema's line and column, and the build fails.
        try writeFile(Self.petsSchema.replacingOccurrences(of: "name: String", with: "name: Strng"), to: schema)
        let broken = try await runSwift(["build"], in: scratch)
        #expect(broken.status != 0)
        #expect(broken.output.contains("Schema/Pets/pets.api:8:9: error: unknown type 'Strng' (did you mean 'String'?)"), "\(broken.output)")

        // A realtime member in a target that does not depend on CourierRealtime: the build says
        // which product to add, at the member, instead of a compiler error in generated code.
        let realtime = Self.petsSchema.replacingOccurrences(of: "  auth none\n", with: "  auth none\n  realtime \"/realtime/v1/websocket\"\n")
            + "\n/// Pets' changes.\ngroup PetChanges {\n  /// New pets.\n  newPets: CHANGES pets {\n    row Pet\n    events insert\n  }\n}\n"
        try writeFile(realtime, to: schema)
        let missing = try await runSwift(["build"], in: scratch)
        #expect(missing.status != 0)
        #expect(
            missing.output.contains("Schema/Pets/pets.api:23:3: error: the generated code needs CourierRealtime, which the target does not depend on"),
            "\(missing.output)")
        #expect(missing.output.contains(".product(name: \"CourierRealtime\", package: \"Courier\")"), "\(missing.output)")

        // Adding an endpoint regenerates the client; the app calls the new method.
        try writeFile(Self.petsSchema + Self.adoptEndpoint, to: schema)
        try writeFile(Self.appAfter, to: app)
        let second = try await runSwift(["build"], in: scratch)
        #expect(second.status == 0, "second build failed:\n\(second.output)")
        // Only what changed: the pets file, not the catalog's untouched parts.
        #expect(Self.generatorLines(second.output).contains { $0.contains("pets.generated.swift") }, "\(second.output)")
        #expect(!Self.generatorLines(second.output).contains { $0.contains("catalog.") }, "\(second.output)")
        // An unchanged file keeps its bytes and its modification time, so nothing recompiles it.
        #expect(parts.map(modified) == catalogDates, "the catalog's untouched parts were written again")
        // The command plugin reports the change against the release: an endpoint added is a note.
        let diff = try await runSwift(["package", "courier-diff", "--base", "HEAD"], in: scratch)
        #expect(diff.status == 0, "\(diff.output)")
        #expect(diff.output.contains("Schema/Pets/pets.api"), "\(diff.output)")
        #expect(diff.output.contains("note: [endpoint-added] installed apps: `adoptPet`"), "\(diff.output)")
        let strict = try await runSwift(["package", "courier-diff", "--base", "HEAD", "--fail-on", "never", "--format", "markdown"], in: scratch)
        #expect(strict.output.contains("| Installed apps | 0 | 0 | 1 |"), "\(strict.output)")
        let run = try await runSwift(["run", "--skip-build", "App"], in: scratch)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("pets: [\"Rex\"]"))
        #expect(run.output.contains("adopted: Rex"))
        #expect(run.output.contains("catalog: first last"))

        // A new schema file: a new output, which SwiftPM must plan for.
        try writeFile("/// Toys.\nmodel Toy {\n  name: String\n}\n", to: scratch.appendingPathComponent("Schema/Pets/toys.api"))
        try writeFile(Self.appAfter + "\nprint(\"toy: \\(Toy(name: \"ball\").name)\")\n", to: app)
        let third = try await runSwift(["build"], in: scratch)
        #expect(third.status == 0, "build after adding a schema file failed:\n\(third.output)")
        let toy = try await runSwift(["run", "--skip-build", "App"], in: scratch)
        #expect(toy.output.contains("toy: ball"), "\(toy.output)")

        // Removing it again leaves no stale declaration behind.
        try FileManager.default.removeItem(at: scratch.appendingPathComponent("Schema/Pets/toys.api"))
        try writeFile(Self.appAfter, to: app)
        let fourth = try await runSwift(["build"], in: scratch)
        #expect(fourth.status == 0, "build after removing a schema file failed:\n\(fourth.output)")

        // Every edit a user makes to the schema folder builds, and compiles the schema as it is.
        var edits = SchemaFolderEdits(package: scratch)
        try await edits.run()
        let renamed = try await runSwift(["run", "--skip-build", "App"], in: scratch)
        #expect(renamed.output.contains("adopted: Rex"), "\(renamed.output)")
    }

    /// Code an app writes against the kitchen fixture's client: a main-actor view model calling
    /// it, and models, unions and enums used off the main actor.
    static let viewModel = #"""
import CourierRuntime
import Foundation

/// A view model as an app writes one: isolated to the main actor, calling the client directly.
@MainActor
final class NodeViewModel {
    private let client: any ThingsAPI
    private(set) var node: Node?
    private(set) var trees: [Tree] = []
    private(set) var failure: APIError?

    init(client: any ThingsAPI = MockAPIClient()) {
        self.client = client
    }

    func load() async {
        do {
            node = try await client.getNode(id: "1")
            for try await tree in client.trees(body: [:]) { trees.append(tree) }
        } catch let error as APIError {
            failure = error
        } catch {
            failure = .networkError(error)
        }
    }
}

/// Models are plain `Sendable` values, usable from any actor or none.
func countChildren(of node: Node) async -> Int {
    await Task.detached { node.children.count + (node.next == nil ? 0 : 1) }.value
}

/// Enums and unions decode and compare off the main actor too.
nonisolated func decodeTree(_ data: Data) throws -> Tree {
    try JSONCoding.decoder(for: .unixSeconds).decode(Tree.self, from: data)
}
"""#

    /// The settings a target commonly builds with, each a target of its own.
    static let targetSettings: [(name: String, settings: String)] = [
        ("Swift6Strict", ""),
        ("Xcode26Defaults", #".defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances")"#),
        ("Swift5Minimal", ".swiftLanguageMode(.v5)"),
        ("Swift5Complete", #".swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")"#),
    ]

    /// Every construct of the language, built in Swift 6 strict mode, with Xcode 26's defaults
    /// for new targets (main-actor isolation by default, nonisolated-nonsending, inferred
    /// isolated conformances), and in Swift 5 mode with minimal and complete checking: no error,
    /// no warning in any of them.
    @Test(.timeLimit(.minutes(20)))
    func generatedCodeBuildsInEveryCommonTargetSetting() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let identity = Self.courierRoot.lastPathComponent.lowercased()
        let kitchen = try String(contentsOf: Self.courierRoot.appendingPathComponent("Tests/CourierFixtures/kitchen.api"), encoding: .utf8)
        let rooms = try String(contentsOf: Self.courierRoot.appendingPathComponent("Tests/CourierFixtures/rooms.api"), encoding: .utf8)
        var targets: [String] = []
        for (name, settings) in Self.targetSettings {
            try writeFile(kitchen, to: scratch.appendingPathComponent("Schema/\(name)/kitchen.api"))
            // Realtime members too: their code under every setting, main-actor isolation by default among them.
            try writeFile(rooms, to: scratch.appendingPathComponent("Schema/\(name)/rooms.api"))
            try writeFile(Self.viewModel, to: scratch.appendingPathComponent("Sources/\(name)/ViewModel.swift"))
            targets.append("""
                    .target(
                        name: "\(name)",
                        dependencies: [.product(name: "CourierRuntime", package: "\(identity)"), .product(name: "CourierRealtime", package: "\(identity)")],
                        swiftSettings: [\(settings)], plugins: [.plugin(name: "CourierBuildPlugin", package: "\(identity)")]),
                """)
        }
        // Tools 6.2 for `defaultIsolation`; Courier itself keeps the 6.1 floor.
        try writeFile("""
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Settings",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "\(Self.courierRoot.path)")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )
            """, to: scratch.appendingPathComponent("Package.swift"))

        let build = try await runSwift(["build"], in: scratch)
        #expect(build.status == 0, "the build failed:\n\(build.output)")
        let problems = build.output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for (name, _) in Self.targetSettings {
            let objects = scratch.appendingPathComponent(".build/debug/\(name).build")
            for file in ["kitchen.generated.swift.o", "ViewModel.swift.o"] {
                #expect(FileManager.default.fileExists(atPath: objects.appendingPathComponent(file).path), "\(name): no \(file)")
            }
        }
    }

    /// The lines the generator printed in a build's output (`  name  N lines  (written)`).
    static func generatorLines(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(".generated.swift  ") && $0.contains(" lines") }
    }

    /// The build plugin's generated files in a package's build folder.
    private func generatedFiles(in package: URL) throws -> [URL] {
        let build = package.appendingPathComponent(".build")
        let enumerator = FileManager.default.enumerator(at: build, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(".generated.swift"), url.path.contains("/plugins/outputs/") { files.append(url) }
        }
        return files
    }
}
