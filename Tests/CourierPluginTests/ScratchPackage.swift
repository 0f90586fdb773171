import Foundation

/// Writes `text` to `url`, making the folders on the way.
func writeFile(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// Runs `swift` with arguments in a folder; returns its exit status and combined output.
/// Waits without holding a thread: a blocked thread of Swift concurrency's small pool
/// would slow every test running beside this one.
func runSwift(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let log = folder.appendingPathComponent(".e2e-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    try handle.close()
    return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
}
