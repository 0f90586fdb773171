import CourierTestSupport
import Foundation
import Testing

/// The `courier` command follows the conventions of command-line tools: help on standard
/// output with exit 0, usage errors on standard error with exit 2 and the command's usage.
@Suite("The courier command line")
struct CommandLineTests {
    static let commands = ["lint", "dump", "generate", "check", "format", "import", "diff", "help"]

    /// Options each command takes, which its help must explain.
    static let options: [String: [String]] = [
        "generate": ["--output", "--quiet"], "check": ["--output"], "format": ["--check"],
        "import": ["--output", "--name", "--tag", "--operation"],
        "diff": ["--base", "--format", "--fail-on", "--accept", "--output"],
    ]

    func courier(_ arguments: String...) async throws -> (status: Int32, output: String, errors: String) {
        try #require(FileManager.default.isExecutableFile(atPath: DiffCommandTests.courier), "build courier first: swift build")
        return try await runProcessApart(DiffCommandTests.courier, arguments)
    }

    @Test func theOverviewListsEveryCommandOnStandardOutput() async throws {
        for form in ["--help", "-h", "help"] {
            let run = try await courier(form)
            #expect(run.status == 0, "courier \(form)")
            #expect(run.errors.isEmpty)
            for command in Self.commands {
                #expect(run.output.contains("\n  \(command) "), "courier \(form) does not list \(command)")
            }
            #expect(run.output.contains("exit codes: 0"))
        }
    }

    @Test(arguments: commands)
    func everyCommandHasItsOwnHelp(_ command: String) async throws {
        let asked = try await courier(command, "--help")
        #expect(asked.status == 0, "courier \(command) --help: \(asked.errors)")
        #expect(asked.errors.isEmpty)
        #expect(asked.output.hasPrefix("usage: courier \(command)"), "\(asked.output)")
        for option in Self.options[command] ?? [] {
            #expect(asked.output.contains(option), "courier \(command) --help does not explain \(option)")
        }
        let short = try await courier(command, "-h")
        #expect(short.status == 0 && short.output == asked.output)
        let viaHelp = try await courier("help", command)
        #expect(viaHelp.status == 0 && viaHelp.output == asked.output)
    }

    @Test func helpAmongOtherArgumentsStillWins() async throws {
        let run = try await courier("import", "openapi.json", "--help", "--output", "Schema/Pets")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("usage: courier import"))
    }

    @Test func theVersionIsPrinted() async throws {
        let run = try await courier("--version")
        #expect(run.status == 0)
        #expect(run.output.range(of: #"^courier \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.output)")
    }

    @Test func aUsageErrorNamesTheMistakeAndTheCommandsUsage() async throws {
        let cases: [(arguments: [String], message: String, usage: String)] = [
            (["lint"], "error: missing the schema folder", "usage: courier lint <schema folder>"),
            (["lint", "a", "b"], "error: one schema folder only, but also got 'b'", "usage: courier lint"),
            (["generate", "Schema/Archon"], "error: 'generate' needs --output <dir>", "usage: courier generate"),
            (["check", "Schema/Archon", "--verbose"], "error: unknown option '--verbose'", "usage: courier check"),
            (["import", "--output", "x"], "error: missing the OpenAPI description to import", "usage: courier import"),
            (["diff", "only-one"], "error: 'diff' needs a base and a head folder", "usage: courier diff"),
            (["diff", "a", "b", "--format", "yaml"], "error: --format is text, markdown or json, not 'yaml'", "usage: courier diff"),
            (["format", "--fix", "x"], "error: unknown option '--fix'", "usage: courier format"),
        ]
        for (arguments, message, usage) in cases {
            let run = try await runProcessApart(DiffCommandTests.courier, arguments)
            #expect(run.status == 2, "courier \(arguments.joined(separator: " "))")
            #expect(run.output.isEmpty, "a usage error goes to standard error")
            #expect(run.errors.hasPrefix(message), "\(run.errors)")
            #expect(run.errors.contains("\n\(usage)"), "\(run.errors)")
            #expect(run.errors.contains("Run 'courier \(arguments[0]) --help'"))
        }
    }

    @Test func anUnknownCommandIsNamedWithTheClosestOne() async throws {
        let slip = try await courier("genrate", "Schema/Archon")
        #expect(slip.status == 2)
        #expect(slip.errors.hasPrefix("error: unknown command 'genrate'; did you mean 'generate'?"), "\(slip.errors)")
        let far = try await courier("frobnicate")
        #expect(far.status == 2)
        #expect(far.errors.hasPrefix("error: unknown command 'frobnicate'; the commands are lint, dump, generate"), "\(far.errors)")
        let help = try await courier("help", "lnt")
        #expect(help.status == 2)
        #expect(help.errors.hasPrefix("error: unknown command 'lnt'; did you mean 'lint'?"), "\(help.errors)")
        let none = try await courier()
        #expect(none.status == 2)
        #expect(none.errors.contains("commands:"))
    }

    @Test func theReadmeGivesTheExitCodes() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("| 0 |") && readme.contains("| 1 |") && readme.contains("| 2 |"), "the README's table of exit codes")
        #expect(readme.contains("courier <command> --help"))
    }
}
