/// What `generate` must do to an output folder so that it holds exactly the generated files,
/// touching only files whose bytes change (so that untouched groups are not recompiled).
public struct OutputPlan: Sendable, Equatable {
    /// Files to write: new or changed.
    public var writes: [GeneratedFile] = []
    /// Files the generator made earlier that it no longer makes.
    public var removals: [String] = []
    /// Files whose bytes are already right.
    public var unchanged: [String] = []

    /// Plans the changes from the folder's current Swift files (name → contents). Only files
    /// that start with the generator's marker are ever removed.
    public init(generated: [GeneratedFile], existing: [String: String]) {
        let produced = Set(generated.map(\.name))
        for file in generated {
            if existing[file.name] == file.contents {
                unchanged.append(file.name)
            } else {
                writes.append(file)
            }
        }
        removals = existing.filter { !produced.contains($0.key) && $0.value.hasPrefix(CodeGenerator.marker) }.map(\.key).sorted()
    }

    /// Whether the folder already matches.
    public var isUpToDate: Bool { writes.isEmpty && removals.isEmpty }

    /// A unified diff of everything `generate` would change, for `courier check`.
    public func diff(existing: [String: String], folder: String) -> String {
        let folder = String(folder.drop { $0 == "/" })
        var output = ""
        for file in writes {
            output += UnifiedDiff.diff(
                old: existing[file.name] ?? "", new: file.contents,
                oldName: existing[file.name] == nil ? "/dev/null" : "a/\(folder)/\(file.name)", newName: "b/\(folder)/\(file.name)")
        }
        for name in removals {
            output += UnifiedDiff.diff(old: existing[name] ?? "", new: "", oldName: "a/\(folder)/\(name)", newName: "/dev/null")
        }
        return output
    }
}
