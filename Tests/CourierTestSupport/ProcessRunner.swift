import Foundation

/// Runs a program and returns its exit status and combined output. Waits without holding a
/// thread: a blocked thread of Swift concurrency's small pool would slow every test running
/// beside this one.
public func runProcess(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    process.environment = ProcessInfo.processInfo.environment.merging(ScratchFolder.childEnvironment) { $1 }.merging(environment) { $1 }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("courier-process-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    let status = try await exitStatus(of: process)
    try handle.close()
    return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
}

/// Runs `process` and returns its exit status, waiting without holding a thread.
private func exitStatus(of process: Process) async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
}

/// Runs a program and returns its exit status with its standard output and standard error
/// apart, for tests of what goes where.
public func runProcessApart(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(ScratchFolder.childEnvironment) { $1 }
    let folder = FileManager.default.temporaryDirectory
    let name = "courier-process-\(UUID().uuidString)"
    let outputLog = folder.appendingPathComponent("\(name).out")
    let errorLog = folder.appendingPathComponent("\(name).err")
    _ = FileManager.default.createFile(atPath: outputLog.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outputLog)
        try? FileManager.default.removeItem(at: errorLog)
    }
    let output = try FileHandle(forWritingTo: outputLog)
    let errors = try FileHandle(forWritingTo: errorLog)
    process.standardOutput = output
    process.standardError = errors
    let status = try await exitStatus(of: process)
    try output.close()
    try errors.close()
    return (
        status, (try? String(contentsOf: outputLog, encoding: .utf8)) ?? "", (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    )
}
