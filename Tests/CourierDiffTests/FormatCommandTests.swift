import CourierTestSupport
import Foundation
import Testing

/// `courier format` as CI and a person run it.
@Suite("The format command")
struct FormatCommandTests {
    @Test func checkReportsThenFormatRewritesThenCheckPasses() async throws {
        let courier = DiffCommandTests.courier
        try #require(FileManager.default.isExecutableFile(atPath: courier), "build courier first: swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-format-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("shop.api")
        let messy = "api Shop{\n    auth bearer\n}\nmodel Item{\n id : String // the key\n}\n"
        try messy.write(to: file, atomically: true, encoding: .utf8)

        let check = try await runProcess(courier, ["format", "--check", folder.path])
        #expect(check.status == 1)
        #expect(check.output.contains("\n-api Shop{\n") && check.output.contains("\n+api Shop {\n"), "\(check.output)")
        #expect(check.output.contains("1 of 1 files are not formatted"))
        #expect(try String(contentsOf: file, encoding: .utf8) == messy, "--check must not write")

        let format = try await runProcess(courier, ["format", folder.path])
        #expect(format.status == 0, "\(format.output)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "api Shop {\n  auth bearer\n}\n\nmodel Item {\n  id: String  // the key\n}\n")
        let again = try await runProcess(courier, ["format", "--check", folder.path])
        #expect(again.status == 0, "\(again.output)")

        let broken = "model Item {\n  id String\n}\n"
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let refused = try await runProcess(courier, ["format", folder.path])
        #expect(refused.status == 1)
        #expect(refused.output.contains("shop.api:2:6: error:"), "\(refused.output)")
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
    }
}
