import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// Random values that each schema of a corpus description allows, checked by a real JSON Schema
/// validator, survive the generated types: decoded, encoded again, still valid, and equal to what
/// went in but for the normalisations `Docs/OpenAPI.md` lists. Its table of figures per
/// description is kept true here.
///
/// `swift test` checks the descriptions of `ciDocuments` (about three minutes); with
/// `COURIER_FIDELITY=all` it checks every description of the corpus (16 minutes on 2 cores,
/// most of it compiling the large clients).
@Suite("Fidelity of imported types", .serialized)
struct FidelityTests {
    /// The descriptions `swift test` checks: small and middling ones, of OpenAPI 3.0, 3.1 and
    /// Swagger 2.0, in JSON and YAML.
    static let ciDocuments = [
        "oai/petstore-expanded.json", "oai/uspto.json", "oai/link-example.json", "museum/openapi.yaml", "vonage/number-insight.yml",
        "xero/xero-webhooks.yaml", "docker-engine/swagger.yaml", "published/twilio_conversations_v1.json.gz", "oai/petstore.json",
        "oai/callback-example.json", "oai/webhook-example.json", "oai/api-with-examples.json", "oai/non-oauth-scopes.json",
        "twilio/twilio_lookups_v2.json", "twilio/twilio_chat_v2.json", "twilio/twilio_messaging_v1.json", "twilio/twilio_verify_v2.json",
        "published/twilio_api_v2010.json.gz",
    ]

    /// Every description of the corpus.
    static let allDocuments = corpusDocuments().filter { $0.pathExtension == "json" }.map {
        $0.path.replacingOccurrences(of: corpus.path + "/", with: "")
    } + publishedRoots

    /// `COURIER_FIDELITY=all` checks every description, `COURIER_FIDELITY=<root>` one of them,
    /// and `COURIER_FIDELITY=/an/absolute/path.yaml` any description (which has no row, so the
    /// test prints the row it would have, and the first values lost).
    static let documents: [String] = switch ProcessInfo.processInfo.environment["COURIER_FIDELITY"] {
    case "all"?: allDocuments
    case let root? where !root.isEmpty: [root]
    default: ciDocuments
    }

    /// `COURIER_FIDELITY_SEED=<n>` draws other random values than the table's (seed 1): the
    /// figures then differ from the table, so the test asks only that no value is lost.
    static let seed: Int? = ProcessInfo.processInfo.environment["COURIER_FIDELITY_SEED"].flatMap { Int($0) }

    /// Runs the fidelity check of one description and returns its report.
    static func report(_ description: URL) async throws -> [String: Any] {
        let harness = try await FidelityHarness.build(description)
        defer { try? FileManager.default.removeItem(at: harness.folder) }
        let schemas = harness.folder.appendingPathComponent("schemas.json")
        try JSONSerialization.data(withJSONObject: harness.schemas).write(to: schemas)
        let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
        let script = repositoryRoot.appendingPathComponent("Tests/Fidelity/fidelity.py").path
        let seedArguments = Self.seed.map { ["--seed", String($0)] } ?? []
        let (status, output, errors) = try await runProcessApart(
            python, [script, description.path, harness.executable.path, "--schemas", schemas.path] + seedArguments)
        guard status == 0, let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            throw ImportError("the fidelity check of \(description.lastPathComponent) failed (\(status)):\n\(errors.suffix(3000))")
        }
        return report
    }

    /// The row of `Docs/OpenAPI.md`'s fidelity table for `document`: its figures as written.
    static func documentedRow(_ document: String) throws -> [String]? {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("Docs/OpenAPI.md"), encoding: .utf8)
        guard let section = docs.range(of: "### Fidelity") else { return nil }
        for line in docs[section.upperBound...].split(separator: "\n") where line.hasPrefix("| `\(document)` ") {
            // † marks the descriptions `swift test` checks.
            return line.split(separator: "|").map { String($0.replacingOccurrences(of: "†", with: "").trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// A description given by its absolute path needs no corpus.
    static let needsCorpus = documents.contains { !$0.hasPrefix("/") }

    @Test(.enabled(if: !needsCorpus || ExternalCollection.openAPI.isPresent, Comment(rawValue: ExternalCollection.openAPI.absence)), arguments: documents)
    func everyValueSurvivesTheGeneratedTypes(_ document: String) async throws {
        let started = Date()
        let report = try await Self.report(try publishedDocument(document))
        func count(_ key: String) -> Int { report[key] as? Int ?? -1 }
        let lost = (report["lost"] as? [String: Int] ?? [:]).values.reduce(0, +)
        let figures = [
            "`\(document)`", "\(count("schemas"))", "\(count("instances"))", "\(count("decoded"))", "\(count("validAfter"))",
            "\(count("identical"))", "\(lost)",
        ]
        let examples = (report["examples"] as? [[String: Any]] ?? []).prefix(6).map { "\($0)" }.joined(separator: "\n")
        if let seed = Self.seed {
            #expect(lost == 0, "with seed \(seed): | \(figures.joined(separator: " | ")) |\n\(examples)")
        } else {
            #expect(try Self.documentedRow(document) == figures, "Docs/OpenAPI.md's fidelity row should be:\n| \(figures.joined(separator: " | ")) |\n\(examples)")
        }
        if let folder = ProcessInfo.processInfo.environment["COURIER_FIDELITY_REPORTS"] {
            var timed = report
            timed["seconds"] = Int(Date().timeIntervalSince(started))
            let data = try JSONSerialization.data(withJSONObject: timed, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(document.replacingOccurrences(of: "/", with: "_") + ".json"))
        }
    }
}
