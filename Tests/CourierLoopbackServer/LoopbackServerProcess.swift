import Foundation

/// A Python server script run for one test: it prints its port on its first line of output and
/// stops when its standard input closes, so a test that dies leaves nothing running.
public final class LoopbackServerProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    /// Starts `script` with `python` and waits for its port on a thread of its own, so that
    /// tests starting servers side by side never hold up Swift concurrency's few threads (a
    /// blocked pool delays every other test's tasks, streams included).
    public static func start(python: String, script: URL, arguments: [String] = []) async throws -> LoopbackServerProcess {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try LoopbackServerProcess(python: python, script: script, arguments: arguments) })
            }.start()
        }
    }

    /// Starts `script` with `python` and waits for its port, blocking the calling thread.
    private init(python: String, script: URL, arguments: [String]) throws {
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path] + arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            let message = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            throw SetupError("\(script.lastPathComponent) did not start:\n\(message)")
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        // Read what the server logs from now on: a pipe nobody reads fills up (64 KiB on Linux),
        // and a server writing a traceback to a full pipe stops answering.
        errors.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
        }
    }

    /// Stops the server: closing its input shuts it down, SIGTERM makes sure.
    /// (`Process.waitUntilExit()` can spin forever off the main thread on Linux, so no wait.)
    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}

/// A test's environment is not set up; the message says how to set it up.
public struct SetupError: Error, CustomStringConvertible {
    /// What is missing and what to do.
    public let description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
