import CourierSchema

/// An accept file: the changes a team makes on purpose. Each line names a rule and a subject,
/// with the reason after `#`:
///
///     response-field-removed Task.legacyTitle   # removed from the app in 3.2, which all users have
///     endpoint-removed       uploadAvatarV1     # no installed version calls it since 2.0
///
/// A subject ending in `*` matches every subject that starts with the rest (`Task.*`). Blank
/// lines and lines starting with `#` are skipped.
public struct AcceptList: Sendable {
    /// One accepted change.
    public struct Entry: Sendable, Hashable {
        /// The rule id.
        public let rule: String
        /// The subject, or a prefix ending in `*`.
        public let subject: String
        /// Why, as written after `#`.
        public let reason: String
        /// The line it is on, from 1.
        public let line: Int

        func matches(_ finding: Finding) -> Bool {
            guard finding.rule.id == rule else { return false }
            if subject.hasSuffix("*") { return finding.subject.hasPrefix(String(subject.dropLast())) }
            return finding.subject == subject
        }
    }

    /// A line that could not be read.
    public struct LineError: Error, Sendable, CustomStringConvertible {
        /// The file, as given.
        public let path: String
        /// The line, from 1.
        public let line: Int
        /// What is wrong.
        public let message: String

        public var description: String { "\(path):\(line):1: error: \(message)" }
    }

    /// The entries in file order.
    public let entries: [Entry]

    /// Reads an accept file's text; `path` names it in errors.
    public init(text: String, path: String) throws(LineError) {
        let ids = Set(DiffRule.catalogue.map(\.id))
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (body, reason) = line.splitOnce("#")
            let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard words.count == 2 else {
                throw LineError(path: path, line: index + 1, message: "expected 'rule-id subject # reason', as in 'response-field-removed Task.title # reason'")
            }
            guard ids.contains(words[0]) else {
                let hint = Suggestion.didYouMean(words[0], in: ids.sorted())
                throw LineError(path: path, line: index + 1, message: "'\(words[0])' is not a rule id\(hint); Docs/BreakingChanges.md lists them")
            }
            let why = reason.trimmingWhitespace()
            guard !why.isEmpty else {
                throw LineError(path: path, line: index + 1, message: "say why after '#': an accepted break needs a reason a reviewer can check")
            }
            entries.append(Entry(rule: words[0], subject: words[1], reason: why, line: index + 1))
        }
        self.entries = entries
    }

    /// The findings with the accepted ones marked, and the entries that matched nothing (stale
    /// acceptances a team should remove).
    public func apply(to findings: [Finding]) -> (findings: [Finding], unused: [Entry]) {
        var used: Set<Entry> = []
        let marked = findings.map { finding -> Finding in
            guard let entry = entries.first(where: { $0.matches(finding) }) else { return finding }
            used.insert(entry)
            var accepted = finding
            accepted.acceptedBecause = entry.reason
            return accepted
        }
        return (marked, entries.filter { !used.contains($0) })
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = characters.lastIndex(where: { !$0.isWhitespace })!
        return String(characters[first...last])
    }

    func splitOnce(_ separator: Character) -> (String, String) {
        guard let index = firstIndex(of: separator) else { return (String(self), "") }
        return (String(self[..<index]), String(self[self.index(after: index)...]))
    }
}
