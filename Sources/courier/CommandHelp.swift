/// What `courier help <command>` and `courier <command> --help` print: how to call a command
/// and what each argument and option means.
struct CommandHelp {
    /// The command's name, as typed after `courier`.
    let name: String
    /// One line for the overview.
    let summary: String
    /// The forms of the command line, without the leading `usage: `.
    let usage: [String]
    /// What the command does and its arguments and options, as the help text shows them.
    let details: String

    /// The usage lines, as a usage error shows them under its message.
    var usageText: String {
        usage.enumerated().map { index, line in (index == 0 ? "usage: " : "       ") + line }.joined(separator: "\n")
    }

    /// The whole help of the command.
    var text: String {
        "\(usageText)\n\n\(summary)\n\n\(details)\n"
    }
}

extension CommandHelp {
    /// Every command, in the order the overview lists them.
    static let all: [CommandHelp] = [lint, dump, generate, check, format, importCommand, diff, help]

    /// The command called `name`.
    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// What `courier --help` prints.
    static var overview: String {
        let width = all.map(\.name.count).max() ?? 0
        let rows = all.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        return """
            usage: courier <command> [arguments] [options]

            Courier generates a typed Swift client from an API schema: every .api file of one
            folder, such as Schema/Archon.

            commands:
            \(rows.joined(separator: "\n"))

            options:
              -h, --help     show help; 'courier <command> --help' shows a command's own
              --version      print Courier's version

            exit codes: 0 success; 1 the command ran and found something (schema errors, a stale
            output folder, a breaking change, a file not formatted); 2 it was called wrongly
            (and for diff: a side could not be read or does not compile).

            """
    }

    static let lint = CommandHelp(
        name: "lint", summary: "check a schema and print its diagnostics",
        usage: ["courier lint <schema folder>"],
        details: """
            Prints each error and warning as 'file:line:column: error: …' with a hint, then a
            summary of the API. Exits 1 when the schema has errors.
            """)

    static let dump = CommandHelp(
        name: "dump", summary: "print the resolved API as JSON",
        usage: ["courier dump <schema folder>"],
        details: """
            Prints the API as the generator sees it (names resolved, defaults applied), as JSON
            with a stable key order. Exits 1 when the schema has errors.
            """)

    static let generate = CommandHelp(
        name: "generate", summary: "write the generated Swift files",
        usage: ["courier generate <schema folder> --output <folder> [--quiet]"],
        details: """
            options:
              --output <folder>  where the Swift files go, such as Generated/Archon
              --quiet            print only the files that changed, as builds do

            Writes only files whose text changed, and removes files generated earlier that the
            schema no longer makes. Exits 1 when the schema has errors.
            """)

    static let check = CommandHelp(
        name: "check", summary: "fail when an output folder is not what generate would write",
        usage: ["courier check <schema folder> --output <folder>"],
        details: """
            options:
              --output <folder>  the folder to compare, such as Generated/Archon

            Exits 1 and prints a unified diff when the folder is stale; run 'courier generate'
            to bring it up to date. Meant for CI.
            """)

    static let format = CommandHelp(
        name: "format", summary: "rewrite a schema's files in the one layout",
        usage: ["courier format [--check] <schema folder>"],
        details: """
            options:
              --check  change nothing: print a diff and exit 1 when a file is not formatted

            A file with syntax errors is left as it is and reported; the command then exits 1.
            """)

    static let importCommand = CommandHelp(
        name: "import", summary: "write the schema an OpenAPI description becomes",
        usage: ["courier import <description> --output <folder> [--name <module>] [--tag <tag>]… [--operation <id>]…"],
        details: """
            The description is OpenAPI 3.0 or 3.1, or Swagger 2.0, in JSON or YAML, in one file
            or several that refer to each other.

            options:
              --output <folder>   where the .api files go, such as Schema/Pets
              --name <module>     the API's name (default: from the description's title)
              --tag <tag>         import only the operations with this tag; repeatable
              --operation <id>    import only the operation with this operationId; repeatable

            What cannot be said exactly in the schema is printed as a warning that names its
            place in the description; the summary counts the operations imported of those
            declared, and the warnings by construct. Exits 1 when the description cannot be read.
            """)

    static let diff = CommandHelp(
        name: "diff", summary: "what a schema change breaks for installed apps and for code",
        usage: ["courier diff <base folder> <head folder> [options]", "courier diff --base <git-ref> <head folder> [options]"],
        details: """
            options:
              --base <git-ref>               compare with the schema at this revision
              --format text|markdown|json    compiler-style lines (default), a pull-request
                                             comment, or JSON
              --fail-on error|warning|never  exit 1 when a change not accepted is at this level
                                             (default: error)
              --accept <file>                changes made on purpose: lines of
                                             'rule-id subject # reason'
              --output <file>                write the report there instead of standard output

            Exits 2 when a side cannot be read or does not compile. Every rule, with an example,
            is in Docs/BreakingChanges.md.
            """)

    static let help = CommandHelp(
        name: "help", summary: "show the commands, or one command's help",
        usage: ["courier help [command]"],
        details: "Prints to standard output and exits 0.")
}
