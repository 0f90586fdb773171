/// A problem found in a schema: where, how bad, what, and what to do about it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The schema cannot be compiled.
        case error
        /// The schema compiles, but something is probably not what was meant.
        case warning
    }

    /// A secondary remark with its own location, such as where a name was first declared.
    public struct Note: Sendable, Hashable {
        /// Where the note points.
        public let location: SourceLocation
        /// What it says.
        public let message: String

        /// Creates a note.
        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// How serious it is.
    public let severity: Severity
    /// Where it is.
    public let location: SourceLocation
    /// What is wrong, lowercase and without a final period.
    public let message: String
    /// What to do about it, printed as a note at the same location.
    public let hint: String?
    /// Related places.
    public let notes: [Note]

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, at location: SourceLocation, _ message: String,
        hint: String? = nil, notes: [Note] = []
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
        self.notes = notes
    }

    /// Creates an error.
    public static func error(
        at location: SourceLocation, _ message: String, hint: String? = nil, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint, notes: notes)
    }

    /// Creates a warning.
    public static func warning(
        at location: SourceLocation, _ message: String, hint: String? = nil, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint, notes: notes)
    }

    /// The diagnostic as compilers print it: `file:line:column: error: message`, then its notes.
    public var description: String {
        var lines = ["\(location): \(severity.rawValue): \(message)"]
        if let hint {
            lines.append("\(location): note: \(hint)")
        }
        for note in notes {
            lines.append("\(note.location): note: \(note.message)")
        }
        return lines.joined(separator: "\n")
    }
}
