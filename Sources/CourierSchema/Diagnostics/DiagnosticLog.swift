/// Collects the diagnostics of one compilation so that every problem is reported in one run.
struct DiagnosticLog: Sendable {
    private(set) var diagnostics: [Diagnostic] = []

    /// Whether any error has been recorded.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func add(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func error(
        _ location: SourceLocation, _ message: String, hint: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        add(.error(at: location, message, hint: hint, notes: notes))
    }

    mutating func warning(
        _ location: SourceLocation, _ message: String, hint: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        add(.warning(at: location, message, hint: hint, notes: notes))
    }

    mutating func append(contentsOf other: DiagnosticLog) {
        diagnostics += other.diagnostics
    }
}
