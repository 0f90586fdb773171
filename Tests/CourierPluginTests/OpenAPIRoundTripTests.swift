import CourierImport
import CourierLoopbackServer
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing

/// The reference server's own OpenAPI document, imported with `courier import`, built by the
/// build plugin into a client, and that client run against the same server.
@Suite("Round trip: an OpenAPI document to a working client")
struct OpenAPIRoundTripTests {
    static let courierRoot = EndToEndPluginTests.courierRoot

    static let app = #"""
        import ArchonReference
        import CourierRuntime
        import Foundation

        let baseURL = URL(string: ProcessInfo.processInfo.environment["ARCHON_URL"]!)!
        let session = AuthSession(baseURL: baseURL, apiKey: ArchonReferenceAPI.apiKey("anon-key"))
        try await session.signIn(email: "ann@example.com", password: "secret")
        let client = ArchonReferenceAPI.client(baseURL: baseURL, apiKey: "anon-key", credentials: .session(session))
        let created = try await client.createProject(body: NewProject(name: "Round trip", description: "from openapi.json"))
        let listed = try await client.listProjects(order: "created_at.asc")
        print("created \(created[0].name); listed \(listed.map(\.name)); owner \(listed[0].ownerId.isEmpty ? "none" : "set")")
        do {
            _ = try await ArchonReferenceAPI.client(baseURL: baseURL, apiKey: "anon-key", credentials: .none).listProjects()
        } catch let error as APIError {
            print("without a token: \(error.statusCode.map(String.init) ?? "-")")
        }
        """#

    @Test(.timeLimit(.minutes(20)))
    func importedDocumentBuildsAClientThatTalksToItsServer() async throws {
        let server = try await ReadmeWalkThroughTests.startServer()
        let (document, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("openapi.json"))

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-roundtrip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let description = scratch.appendingPathComponent("openapi.json")
        try document.write(to: description)

        let result = try OpenAPIImporter.run(description: description)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        for file in result.files {
            try writeFile(file.text, to: scratch.appendingPathComponent("Schema/ArchonReference/\(file.name)"))
        }
        let identity = Self.courierRoot.lastPathComponent.lowercased()
        try writeFile("""
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "RoundTrip",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "\(Self.courierRoot.path)")],
                targets: [
                    .target(
                        name: "ArchonReference", dependencies: [.product(name: "CourierRuntime", package: "\(identity)")],
                        plugins: [.plugin(name: "CourierBuildPlugin", package: "\(identity)")]),
                    .executableTarget(name: "App", dependencies: ["ArchonReference", .product(name: "CourierRuntime", package: "\(identity)")]),
                ]
            )
            """, to: scratch.appendingPathComponent("Package.swift"))
        try writeFile("// Generated from Schema/ArchonReference.\n", to: scratch.appendingPathComponent("Sources/ArchonReference/ArchonReference.swift"))
        try writeFile(Self.app, to: scratch.appendingPathComponent("Sources/App/main.swift"))

        let build = try await runSwift(["build"], in: scratch)
        #expect(build.status == 0, "the build failed:\n\(build.output)")
        #expect(!build.output.contains("warning:"), "warnings:\n\(build.output)")
        let run = try await runSwift(["run", "--skip-build", "App"], in: scratch, environment: ["ARCHON_URL": server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("created Round trip; listed [\"Round trip\"]; owner set"), "\(run.output)")
        #expect(run.output.contains("without a token: 401"), "\(run.output)")
    }
}
