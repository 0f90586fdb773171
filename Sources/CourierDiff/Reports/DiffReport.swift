import CourierSchema

/// What `courier diff` found between two schemas, ready to print in any of its formats.
public struct DiffReport: Sendable {
    /// Names the base in headings, such as `main` or a folder.
    public let baseName: String
    /// Names the head.
    public let headName: String
    /// Every finding, accepted ones marked.
    public let findings: [Finding]
    /// Accept-file entries that matched no finding.
    public let unusedAcceptances: [AcceptList.Entry]

    /// Compares two schemas and applies an accept list.
    public init(base: API, head: API, baseName: String, headName: String, accepting acceptList: AcceptList? = nil) {
        let found = SchemaDiff.compare(base: base, head: head)
        let applied = acceptList?.apply(to: found) ?? (findings: found, unused: [])
        self.baseName = baseName
        self.headName = headName
        findings = applied.findings
        unusedAcceptances = applied.unused
    }

    /// The findings that count: not accepted.
    public var standing: [Finding] { findings.filter { !$0.isAccepted } }

    /// How many standing findings a profile has at a level.
    public func count(_ profile: DiffProfile, _ level: DiffLevel) -> Int {
        standing.filter { $0.rule.profile == profile && $0.rule.level == level }.count
    }

    /// Whether a standing finding is at `level` or above.
    public func fails(at level: DiffLevel) -> Bool {
        standing.contains { $0.rule.level >= level }
    }

    /// One line of totals, such as `installed apps: 2 errors, 1 warning, 3 notes; swift source: …`.
    public var summary: String {
        DiffProfile.allCases.map { profile in
            "\(profile.title.lowercased()): " + DiffLevel.allCases.reversed().map { level in
                let count = count(profile, level)
                return "\(count) \(level.rawValue)\(count == 1 ? "" : "s")"
            }.joined(separator: ", ")
        }.joined(separator: "; ") + (findings.count > standing.count ? "; \(findings.count - standing.count) accepted" : "")
    }
}
