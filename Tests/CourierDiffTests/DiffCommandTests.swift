import CourierTestSupport
import Foundation
import Testing

@testable import CourierDiff

/// `courier diff` as a user runs it: the built executable, a real git repository for `--base`,
/// and Archon's own schema against an edited copy.
@Suite("The diff command", .serialized)
struct DiffCommandTests {
    static let courier = repositoryRoot.appendingPathComponent(".build/debug/courier").path

    func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-diff-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func git(_ arguments: [String], in folder: URL) async throws {
        let (status, output) = try await runProcess("/usr/bin/env", ["git"] + arguments, in: folder)
        try #require(status == 0, "git \(arguments.joined(separator: " ")): \(output)")
    }

    @Test func theBaseComesFromAGitRevision() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.courier), "build courier first: swift build")
        let repository = try temporaryFolder("git")
        defer { try? FileManager.default.removeItem(at: repository) }
        let schema = repository.appendingPathComponent("Schema/Shop")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        let file = schema.appendingPathComponent("shop.api")
        try "api Shop {\n  auth bearer\n}\nmodel Item {\n  id: String\n  title: String\n}\ngroup Items {\n  getItem: GET /items/{id} {\n    path id: String\n    returns Item\n  }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try await git(["init", "-q"], in: repository)
        try await git(["-c", "user.name=Test", "-c", "user.email=test@example.com", "add", "."], in: repository)
        try await git(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "base"], in: repository)
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "  title: String\n", with: "")
            .write(to: file, atomically: true, encoding: .utf8)

        let (status, output) = try await runProcess(Self.courier, ["diff", "--base", "HEAD", "Schema/Shop"], in: repository)
        #expect(status == 1)
        #expect(output.contains("Schema/Shop/shop.api:4:7: error: [response-field-removed] installed apps: `title` of `Item` is no longer sent"), "\(output)")
        #expect(output.contains("(getItem) [in the base at Schema/Shop/shop.api:6:3]"), "\(output)")
        #expect(output.contains("[property-removed] swift source: `Item.title` is gone"))

        let accept = repository.appendingPathComponent("shop.accept")
        try "response-field-removed Item.title # no app reads it\nproperty-removed Item.title # nor does code\n".write(to: accept, atomically: true, encoding: .utf8)
        let (accepted, acceptedOutput) = try await runProcess(Self.courier, ["diff", "--base", "HEAD", "Schema/Shop", "--accept", accept.path], in: repository)
        #expect(accepted == 0, "\(acceptedOutput)")
        #expect(acceptedOutput.contains("[accepted: no app reads it]"))

        let (never, _) = try await runProcess(Self.courier, ["diff", "--base", "HEAD", "Schema/Shop", "--fail-on", "never"], in: repository)
        #expect(never == 0)
        let report = repository.appendingPathComponent("diff.md")
        let (written, writtenOutput) = try await runProcess(
            Self.courier, ["diff", "--base", "HEAD", "Schema/Shop", "--format", "markdown", "--output", report.path], in: repository)
        #expect(written == 1)
        #expect(writtenOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "installed apps: 1 error, 0 warnings, 0 notes; swift source: 1 error, 0 warnings, 0 notes")
        #expect(try String(contentsOf: report, encoding: .utf8).hasPrefix("## `courier diff` HEAD → Schema/Shop\n"))
        let (missing, missingOutput) = try await runProcess(Self.courier, ["diff", "--base", "no-such-branch", "Schema/Shop"], in: repository)
        #expect(missing == 2)
        #expect(missingOutput.contains("'no-such-branch' is not a commit in this repository"))
    }

    /// Archon's schema with the edits a pull request might make, and the findings a careful
    /// reviewer would write by hand for them, no more and no fewer.
    @Test func archonAgainstAnEditedCopyGivesWhatAReviewerWouldWrite() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.courier), "build courier first: swift build")
        let head = try temporaryFolder("archon")
        defer { try? FileManager.default.removeItem(at: head) }
        let schema = repositoryRoot.appendingPathComponent("Schema/Archon")
        for name in try FileManager.default.contentsOfDirectory(atPath: schema.path) where name.hasSuffix(".api") {
            var text = try String(contentsOf: schema.appendingPathComponent(name), encoding: .utf8)
            if name == "tasks.api" {
                let edits = [
                    // A response field dropped.
                    ("  /// A human-readable description, such as the name of the step.\n  message: String\n", ""),
                    // A new lifecycle state.
                    ("  created\n", "  created\n  /// Paused by the user.\n  paused\n"),
                    // A field that may be missing now.
                    ("  projectId: UUID\n", "  projectId: UUID?\n"),
                    // A new required filter.
                    ("    query order: String = \"created_at.desc\"\n", "    query order: String = \"created_at.desc\"\n    query status: TaskStatus\n"),
                    // A route renamed.
                    ("cancelTask: POST /rest/v1/tasks/{id}/cancel", "cancelTask: POST /rest/v1/tasks/{id}/stop"),
                ]
                for (old, new) in edits {
                    try #require(text.contains(old), "tasks.api no longer has \(old)")
                    text = text.replacingOccurrences(of: old, with: new)
                }
            }
            try text.write(to: head.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let (status, output) = try await runProcess(Self.courier, ["diff", schema.path, head.path, "--format", "json"], in: repositoryRoot)
        #expect(status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        let findings = try #require(object["findings"] as? [[String: Any]])
        let summary = findings.map { "\($0["level"]!) \($0["rule"]!) \($0["subject"]!)" }.sorted()
        #expect(summary == [
            "error argument-added listTasks(status:)",
            "error endpoint-path-changed cancelTask",
            "error parameter-added-required listTasks.status",
            "error property-removed TaskEvent.message",
            "error property-type-changed ArchonTask.projectId",
            "error response-field-became-optional ArchonTask.projectId",
            "error response-field-removed TaskEvent.message",
            "note response-enum-value-added TaskStatus.paused",
            "warning enum-case-added TaskStatus.paused",
        ])
        let removed = try #require(findings.first { $0["rule"] as? String == "response-field-removed" })
        #expect(removed["endpoints"] as? [String] == ["cancelTask", "getTask", "listTasks", "projectTaskChanges", "sendMessage", "taskChanges"])
    }
}
