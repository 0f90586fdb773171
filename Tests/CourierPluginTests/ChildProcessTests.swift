import CourierTestSupport
import Foundation
import Testing

/// The programs the tests run (`swift build`, `swiftc`, the digester) keep their temporary files
/// in the test process's folder, which goes when the tests end: a run of the suite left hundreds
/// of the Swift driver's `TemporaryDirectory.*` folders in the system's temporary folder.
@Suite("Programs the tests run")
struct ChildProcessTests {
    static let temporary = ScratchFolder.root.appendingPathComponent("tmp").path

    @Test func theirTemporaryFolderIsInsideTheTestProcesssFolder() async throws {
        let (status, output) = try await runProcess("/usr/bin/env", [])
        #expect(status == 0)
        #expect(output.split(separator: "\n").contains("TMPDIR=\(Self.temporary)"), "\(output)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: Self.temporary, isDirectory: &isFolder) && isFolder.boolValue)

        let apart = try await runProcessApart("/usr/bin/env", [])
        #expect(apart.output.split(separator: "\n").contains("TMPDIR=\(Self.temporary)"), "\(apart.output)")

        // A test that sets its own keeps it.
        let own = try await runProcess("/usr/bin/env", [], environment: ["TMPDIR": "/elsewhere"])
        #expect(own.output.split(separator: "\n").contains("TMPDIR=/elsewhere"), "\(own.output)")
    }
}
