/// The attribute written before the generated methods whose work is calls into Foundation's
/// coders and the runtime: a model's or a union's `init(from:)` and `encode(to:)`, an open
/// enum's `init(rawValue:)` and `rawValue`, and the endpoint methods.
///
/// A release build spends most of its time optimising generated code, and these methods were
/// two thirds of that (Twilio's core API: 15.5 s of 24 s of SIL optimisation). What
/// they call is compiled once, optimised, in the runtime and Foundation, so optimising the calls
/// themselves saves almost nothing when the program runs: decoding 2,000 models takes about as
/// long either way (`Docs/CodeGeneration.md`, "Release builds"). An open enum's `rawValue`, a
/// `switch` that returns literals, is also kept out of the comparisons and hashing that an
/// optimised build would otherwise inline it into, once per enum field. Comparison and hashing,
/// where optimisation does pay, keep it. A debug build is unchanged.
enum Unoptimized {
    /// `@_optimize(none)`: the compiler's attribute that leaves one function as written.
    static let attribute = "@_optimize(none)"
}
