/// Rewrites a schema file in Courier's one layout, so that reviews show changes, not layout:
/// two spaces per block level, one space between tokens where the language reads best, the
/// attributes of a declaration in one order, and one blank line between declarations and
/// between a group's endpoints, and no other. Every comment and doc
/// comment stays where it is; comments at the ends of neighbouring lines are aligned. The
/// OpenAPI importer writes this layout too, and formatting is idempotent.
public enum SchemaFormatter {
    /// Why a file was not formatted: it does not parse, so its layout cannot be trusted.
    public struct Failure: Error, Sendable {
        /// The syntax errors, as `file:line:column: error: …`.
        public let diagnostics: [Diagnostic]
    }

    /// The order attributes are written in; unknown ones keep their order after these.
    static let attributeOrder = ["public", "auth", "idempotent", "retries", "timeout", "deadline", "poll", "frozen", "wire", "prefix", "style", "message", "writesNull", "otherKeys", "deprecated"]

    /// The file in the canonical layout.
    public static func format(_ file: SourceFile) throws(Failure) -> String {
        let (tokens, lexLog) = Lexer.tokenize(file, keepingComments: true)
        let (_, parseLog) = Parser.parse(file)
        let errors = (lexLog.diagnostics + parseLog.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw Failure(diagnostics: errors) }
        var lines = FormattedLine.split(tokens)
        FormattedLine.indent(&lines)
        FormattedLine.alignTrailingComments(&lines)
        return FormattedLine.join(lines)
    }
}
