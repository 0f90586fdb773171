import CourierTestSupport
import Foundation

/// Writes `text` to `url`, making the folders on the way.
func writeFile(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// Runs `swift` with arguments in a folder; returns its exit status and combined output.
func runSwift(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    try await runProcess("/usr/bin/env", ["swift"] + arguments, in: folder, environment: environment)
}
