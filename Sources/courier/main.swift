import CourierSchema
import Foundation

/// The `courier` command line: `lint` and `dump` a schema folder.
let usage = """
    usage: courier <command> <schema folder> [options]

    commands:
      lint <folder>    check a schema and print its diagnostics; exits 1 on errors
      dump <folder>    print the resolved API as JSON (stable key order)

    A schema is every .api file of one folder, such as Schema/Archon.
    """

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func compileOrExit(_ folder: String) -> SchemaCompilation {
    do {
        let compilation = try SchemaCompiler.compile(folder: folder)
        for diagnostic in compilation.diagnostics { printError(diagnostic.description) }
        return compilation
    } catch {
        printError(error.description)
        exit(1)
    }
}

func summary(_ compilation: SchemaCompilation) -> String {
    let errors = compilation.diagnostics.filter { $0.severity == .error }.count
    let warnings = compilation.diagnostics.count - errors
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    printError(usage)
    exit(2)
}
if command == "--help" || command == "-h" || command == "help" {
    print(usage)
    exit(0)
}
guard ["lint", "dump"].contains(command) else {
    printError("error: unknown command '\(command)'\n\n\(usage)")
    exit(2)
}
guard arguments.count == 2 else {
    printError("error: '\(command)' takes one schema folder\n\n\(usage)")
    exit(2)
}
let folder = arguments[1]
let compilation = compileOrExit(folder)

switch command {
case "lint":
    if let api = compilation.api {
        print("\(folder): api \(api.name): \(api.models.count) models, \(api.enums.count) enums, \(api.unions.count) unions, \(api.endpoints.count) endpoints in \(api.groups.count) groups; \(summary(compilation))")
    } else {
        print("\(folder): \(summary(compilation))")
    }
    exit(compilation.hasErrors ? 1 : 0)
default:
    guard let api = compilation.api else {
        printError("\(folder): \(summary(compilation)); nothing to dump")
        exit(1)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
        let data = try encoder.encode(api)
        FileHandle.standardOutput.write(data)
        print()
    } catch {
        printError("error: could not encode the API: \(error)")
        exit(1)
    }
}
