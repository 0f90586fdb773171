import CourierCodegen
import CourierSchema
import Foundation

/// The `courier` command line.
let usage = """
    usage: courier <command> <schema folder> [options]

    commands:
      lint <folder>                     check a schema and print its diagnostics; exits 1 on errors
      dump <folder>                     print the resolved API as JSON (stable key order)
      generate <folder> --output <dir>  write the generated Swift files; only changed files are
                                        written, files generated earlier and no longer made removed;
                                        with --quiet, print only the files that changed (as builds do)
      check <folder> --output <dir>     exit 1 and print a unified diff when <dir> is not what
                                        generate would write
      import <openapi.json> --output <folder> [--name Module] [--tag T]… [--operation ID]…
                                        write the schema an OpenAPI 3 description becomes; what
                                        cannot be said exactly is printed as a warning
      diff <base> <head> | diff --base <git-ref> <head> [--format text|markdown|json]
           [--fail-on error|warning|never] [--accept <file>]
                                        what a schema change breaks for installed apps and for
                                        code that calls the client; exits 1 at --fail-on
      format [--check] <folder>         rewrite the schema's files in the one layout; with --check,
                                        print a diff and exit 1 when a file is not in it

    A schema is every .api file of one folder, such as Schema/Archon.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    Console.error(usage)
    exit(2)
}
if ["--help", "-h", "help"].contains(command) {
    print(usage)
    exit(0)
}
do {
    if command == "import" { exit(try ImportCommand.run(Array(arguments.dropFirst()))) }
    if command == "diff" { exit(try DiffCommand.run(Array(arguments.dropFirst()))) }
    if command == "format" { exit(try FormatCommand.run(Array(arguments.dropFirst()))) }
    let options = try CommandOptions.parse(Array(arguments.dropFirst()))
    switch command {
    case "lint": exit(Commands.lint(options))
    case "dump": exit(Commands.dump(options))
    case "generate": exit(try Commands.generate(options))
    case "check": exit(try Commands.check(options))
    default: throw UsageError("unknown command '\(command)'")
    }
} catch let error as UsageError {
    Console.error("error: \(error.message)\n\n\(usage)")
    exit(2)
} catch {
    Console.error("error: \(error)")
    exit(1)
}
