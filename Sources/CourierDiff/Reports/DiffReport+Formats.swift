import CourierSchema
import Foundation

/// The three ways a report prints: compiler-style lines, Markdown for a pull request, JSON.
extension DiffReport {
    /// `file:line:column: level: [rule-id] profile: message` lines that Xcode and CI annotate,
    /// then the summary.
    public func compilerStyle() -> String {
        var lines = findings.map(\.compilerStyle)
        for entry in unusedAcceptances {
            lines.append("warning: the accept file's line \(entry.line) (\(entry.rule) \(entry.subject)) matches no change; remove it")
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pull-request comment: a table of totals, then each profile's findings.
    public func markdown() -> String {
        var text = "## `courier diff` \(baseName) → \(headName)\n\n"
        text += "| | errors | warnings | notes |\n|---|---|---|---|\n"
        for profile in DiffProfile.allCases {
            text += "| \(profile.title) | \(count(profile, .error)) | \(count(profile, .warning)) | \(count(profile, .note)) |\n"
        }
        let accepted = findings.count - standing.count
        if accepted > 0 { text += "\n\(accepted) accepted change\(accepted == 1 ? "" : "s") (listed with their reason).\n" }
        for profile in DiffProfile.allCases {
            let items = findings.filter { $0.rule.profile == profile }
            text += "\n### \(profile.title)\n\n"
            guard !items.isEmpty else {
                text += "Nothing changes for \(profile == .installedApps ? "installed apps" : "code that calls the client").\n"
                continue
            }
            text += "| level | rule | where | change | endpoints |\n|---|---|---|---|---|\n"
            for finding in items {
                let level = finding.acceptedBecause.map { "accepted (\(Self.cell($0)))" } ?? "**\(finding.rule.level.rawValue)**"
                var place = "`\((finding.location.file as NSString).lastPathComponent):\(finding.location.line)`"
                if let removedFrom = finding.removedFrom { place += " (was line \(removedFrom.line))" }
                let endpoints = Finding.endpointList(finding.endpoints)
                text += "| \(level) | `\(finding.rule.id)` | \(place) | \(Self.cell(finding.message)) | \(Self.cell(endpoints)) |\n"
            }
        }
        if !unusedAcceptances.isEmpty {
            text += "\nAccept-file lines that match no change: "
            text += unusedAcceptances.map { "`\($0.rule) \($0.subject)` (line \($0.line))" }.joined(separator: ", ") + ".\n"
        }
        return text
    }

    /// Table cells: pipes escaped, line breaks folded.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A JSON document for tools: totals, findings, and unused acceptances.
    public func json() -> String {
        struct Document: Encodable {
            let base: String
            let head: String
            let summary: [String: [String: Int]]
            let findings: [Item]
            let unusedAcceptances: [Unused]
        }
        struct Item: Encodable {
            let rule: String
            let profile: String
            let level: String
            let file: String
            let line: Int
            let column: Int
            let subject: String
            let message: String
            let endpoints: [String]
            let acceptedBecause: String?
            let removedFrom: String?
        }
        struct Unused: Encodable {
            let rule: String
            let subject: String
            let line: Int
        }
        var summary: [String: [String: Int]] = [:]
        for profile in DiffProfile.allCases {
            summary[profile.rawValue] = Dictionary(uniqueKeysWithValues: DiffLevel.allCases.map { ($0.rawValue, count(profile, $0)) })
        }
        let document = Document(
            base: baseName, head: headName, summary: summary,
            findings: findings.map {
                Item(
                    rule: $0.rule.id, profile: $0.rule.profile.rawValue, level: $0.rule.level.rawValue, file: $0.location.file,
                    line: $0.location.line, column: $0.location.column, subject: $0.subject, message: $0.message,
                    endpoints: $0.endpoints, acceptedBecause: $0.acceptedBecause, removedFrom: $0.removedFrom?.description)
            },
            unusedAcceptances: unusedAcceptances.map { Unused(rule: $0.rule, subject: $0.subject, line: $0.line) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
