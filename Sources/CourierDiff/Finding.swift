import CourierSchema

/// One change `courier diff` found, judged by one rule.
public struct Finding: Sendable, Hashable {
    /// The rule, with its id, profile and level.
    public let rule: DiffRule
    /// Where, in the head schema. For what was removed, the nearest place that is still there:
    /// the model, enum, endpoint or group it was in, or the api block.
    public let location: SourceLocation
    /// For what was removed, where it was in the base.
    public let removedFrom: SourceLocation?
    /// What changed and what it means, in a sentence or two.
    public let message: String
    /// What changed, as accept files name it: `Task.title`, `createTask`, `createTask.body`,
    /// `TaskStatus.done`, `api.keys`.
    public let subject: String
    /// The endpoints whose requests or responses the change touches, by their base names.
    public let endpoints: [String]
    /// Why the team accepted this change, when an accept file names it.
    public var acceptedBecause: String?

    /// Whether an accept file names it.
    public var isAccepted: Bool { acceptedBecause != nil }

    /// The compiler-style line: `file:line:column: error: [rule-id] message`.
    public var compilerStyle: String {
        var line = "\(location): \(rule.level.rawValue): [\(rule.id)] \(rule.profile.title.lowercased()): \(message)"
        if !endpoints.isEmpty { line += " (\(Finding.endpointList(endpoints)))" }
        if let removedFrom { line += " [in the base at \(removedFrom)]" }
        if let acceptedBecause { line += " [accepted: \(acceptedBecause)]" }
        return line
    }

    /// `getTask, listTasks and 3 more`.
    static func endpointList(_ endpoints: [String], limit: Int = 4) -> String {
        guard endpoints.count > limit else { return endpoints.joined(separator: ", ") }
        return endpoints.prefix(limit).joined(separator: ", ") + " and \(endpoints.count - limit) more"
    }
}
