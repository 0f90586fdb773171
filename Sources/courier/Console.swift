import Foundation

/// Writing to standard error.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A mistake in how the command was called.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The arguments after the command: one schema folder and `--output <dir>`.
struct CommandOptions {
    var folder: String
    var output: String?
    /// `--expect name…`: the files a build plugin declared as outputs (the rest of the line).
    var expectedFiles: [String]?
    /// `--quiet`: print only the files that changed, and errors.
    var isQuiet = false
    /// `--stamp <folder>`: the build plugin's folder that each run touches.
    var stamp: String?
    /// `--plan <folder>`: the build plugin's folder that asks SwiftPM to plan again.
    var plan: String?
    /// `--modules a,b`: the modules the target can import (its dependencies), so that a schema
    /// that needs one it lacks is an error that says which, not a compiler error.
    var importableModules: [String]?

    /// The build plugin's run, when it declared its outputs with `--expect`.
    var pluginRun: BuildPluginRun? {
        expectedFiles.map { BuildPluginRun(stamp: stamp, plan: plan, expected: $0, importableModules: importableModules) }
    }

    static func parse(_ arguments: [String]) throws -> CommandOptions {
        var folder: String?
        var output: String?
        var expectedFiles: [String]?
        var isQuiet = false
        var stamp: String?
        var plan: String?
        var importableModules: [String]?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--expect" {
                expectedFiles = Array(arguments[(index + 1)...])
                break
            } else if argument == "--quiet" {
                isQuiet = true
                index += 1
            } else if ["--output", "--stamp", "--plan", "--modules"].contains(argument) {
                guard index + 1 < arguments.count else { throw UsageError("\(argument) needs a value") }
                switch argument {
                case "--output": output = arguments[index + 1]
                case "--stamp": stamp = arguments[index + 1]
                case "--modules": importableModules = arguments[index + 1].split(separator: ",").map(String.init)
                default: plan = arguments[index + 1]
                }
                index += 2
            } else if argument.hasPrefix("-") {
                throw UsageError("unknown option '\(argument)'")
            } else if folder == nil {
                folder = argument
                index += 1
            } else {
                throw UsageError("one schema folder only, but also got '\(argument)'")
            }
        }
        guard let folder else { throw UsageError("missing the schema folder") }
        return CommandOptions(folder: folder, output: output, expectedFiles: expectedFiles, isQuiet: isQuiet, stamp: stamp, plan: plan, importableModules: importableModules)
    }

    func requireOutput(_ command: String) throws -> String {
        guard let output else { throw UsageError("'\(command)' needs --output <dir>") }
        return output
    }
}

/// Walks a command's arguments: each option, and the value that follows it.
struct ArgumentCursor {
    private let arguments: [String]
    private var index = 0

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next argument, consumed; nil at the end.
    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
    }

    /// The value after `option`, consumed.
    mutating func value(of option: String) throws -> String {
        guard let value = next() else { throw UsageError("\(option) needs a value") }
        return value
    }
}
