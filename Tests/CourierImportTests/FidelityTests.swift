import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// Random values that each component schema of a corpus description allows, checked by a real
/// JSON Schema validator, survive the generated types: decoded, encoded again, still valid,
/// and equal to what went in but for the normalisations `Docs/OpenAPI.md` lists.
@Suite("Fidelity of imported types", .serialized)
struct FidelityTests {
    /// Runs the fidelity check of one description and returns its report.
    static func report(_ description: URL) async throws -> [String: Any] {
        let harness = try await FidelityHarness.build(description)
        defer { try? FileManager.default.removeItem(at: harness.folder) }
        let schemas = harness.folder.appendingPathComponent("schemas.json")
        try JSONSerialization.data(withJSONObject: harness.schemas).write(to: schemas)
        let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
        let script = repositoryRoot.appendingPathComponent("Tests/Fidelity/fidelity.py").path
        let (status, output, errors) = try await runProcessApart(python, [script, description.path, harness.executable.path, "--schemas", schemas.path])
        guard status == 0, let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            throw ImportError("the fidelity check of \(description.lastPathComponent) failed (\(status)):\n\(errors.suffix(3000))")
        }
        return report
    }

    @Test(arguments: ProcessInfo.processInfo.environment["COURIER_FIDELITY_ONLY"].map { [$0] } ?? publishedRoots)
    func everyValueSurvivesTheGeneratedTypes(_ document: String) async throws {
        let started = Date()
        let report = try await Self.report(try publishedDocument(document))
        var timed = report
        timed["seconds"] = Int(Date().timeIntervalSince(started))
        let data = try JSONSerialization.data(withJSONObject: timed, options: [.prettyPrinted, .sortedKeys])
        if let folder = ProcessInfo.processInfo.environment["COURIER_FIDELITY_REPORTS"] {
            try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(document.replacingOccurrences(of: "/", with: "_") + ".json"))
        }
    }
}
