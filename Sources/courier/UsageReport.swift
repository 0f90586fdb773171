import CourierSchema

/// What a wrongly called command prints on standard error; each returns exit code 2.
enum UsageReport {
    /// A command called with arguments it does not take: the message, then how to call it.
    static func misused(_ help: CommandHelp, _ message: String) -> Int32 {
        Console.error("error: \(message)\n\(help.usageText)\nRun 'courier \(help.name) --help' for its arguments and options.")
        return 2
    }

    /// A command that does not exist, with the closest one when the name looks like a slip.
    static func unknownCommand(_ name: String) -> Int32 {
        let names = CommandHelp.all.map(\.name)
        let hint = Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'?" } ?? "the commands are \(names.joined(separator: ", "))"
        Console.error("error: unknown command '\(name)'; \(hint)\nRun 'courier help' for what each does.")
        return 2
    }
}
