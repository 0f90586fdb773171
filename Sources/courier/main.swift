import CourierCodegen
import CourierSchema
import Foundation

/// The `courier` command line: `courier <command> [arguments] [options]`.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    Console.error(CommandHelp.overview)
    exit(2)
}
let rest = Array(arguments.dropFirst())

switch command {
case "--help", "-h":
    print(CommandHelp.overview, terminator: "")
    exit(0)
case "--version":
    print("courier \(CourierVersion.current)")
    exit(0)
case "help":
    guard let topic = rest.first else {
        print(CommandHelp.overview, terminator: "")
        exit(0)
    }
    if topic == "--help" || topic == "-h" {
        print(CommandHelp.help.text, terminator: "")
        exit(0)
    }
    guard let help = CommandHelp.named(topic), rest.count == 1 else {
        exit(UsageReport.unknownCommand(rest.count == 1 ? topic : rest.joined(separator: " ")))
    }
    print(help.text, terminator: "")
    exit(0)
default:
    break
}

guard let help = CommandHelp.named(command) else { exit(UsageReport.unknownCommand(command)) }
// `--expect` ends the options: what follows are file names a build plugin declared.
if rest.prefix(while: { $0 != "--expect" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(help.text, terminator: "")
    exit(0)
}
do {
    switch command {
    case "import": exit(try ImportCommand.run(rest))
    case "diff": exit(try DiffCommand.run(rest))
    case "format": exit(try FormatCommand.run(rest))
    case "lint": exit(Commands.lint(try CommandOptions.parse(rest)))
    case "dump": exit(Commands.dump(try CommandOptions.parse(rest)))
    case "generate": exit(try Commands.generate(try CommandOptions.parse(rest)))
    case "check": exit(try Commands.check(try CommandOptions.parse(rest)))
    default: exit(UsageReport.unknownCommand(command))
    }
} catch let error as UsageError {
    exit(UsageReport.misused(help, error.message))
} catch {
    Console.error("error: \(error)")
    exit(1)
}
