/// Whose code a finding is about.
public enum DiffProfile: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Apps built from the base schema, still installed, talking to a server that speaks the head.
    case installedApps = "installed-apps"
    /// Swift code written against the base's generated client, rebuilt against the head's.
    case swiftSource = "swift-source"

    /// How reports title the profile.
    public var title: String {
        switch self {
        case .installedApps: "Installed apps"
        case .swiftSource: "Swift source"
        }
    }
}

/// How serious a finding is.
public enum DiffLevel: String, Sendable, Hashable, Comparable, CaseIterable, Encodable {
    /// A compatible change worth knowing.
    case note
    /// May break, depending on what the code or the server does.
    case warning
    /// Breaks.
    case error

    public static func < (lhs: DiffLevel, rhs: DiffLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One kind of change `courier diff` reports, with a stable id; `Docs/BreakingChanges.md`
/// describes each one with an example.
public struct DiffRule: Sendable, Hashable {
    /// The stable id, such as `response-field-removed`; accept files and tools use it.
    public let id: String
    /// Whose code it is about.
    public let profile: DiffProfile
    /// How serious it is.
    public let level: DiffLevel
    /// What changed, in a few words.
    public let summary: String

    init(_ id: String, _ profile: DiffProfile, _ level: DiffLevel, _ summary: String) {
        self.id = id
        self.profile = profile
        self.level = level
        self.summary = summary
    }
}
