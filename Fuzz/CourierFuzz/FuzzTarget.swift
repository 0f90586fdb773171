/// One fuzz target: a name, what it feeds the input to, and the repository files its runs
/// start from. `check` must return normally for every input; a crash, a trap or a broken
/// property (`FuzzTarget.require`) is a finding.
struct FuzzTarget: Sendable {
    let name: String
    /// What the target checks, for `Scripts/fuzz --list`.
    let summary: String
    /// Files or folders, relative to the repository, whose files seed the corpus.
    let seeds: [String]
    let check: @Sendable ([UInt8]) -> Void

    /// Stops the run when a property does not hold: libFuzzer reports the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("property broken: \(message())") }
    }
}
