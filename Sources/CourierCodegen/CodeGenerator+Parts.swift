/// How a schema file's code is spread over files.
///
/// The Swift compiler takes whole files: a file is the unit it compiles side by side with
/// others, and the unit it compiles again after an edit. When a declaration is added to a file,
/// removed from it or renamed, every other file that uses anything declared in that file is
/// compiled again, and a file that names a model is compiled again when a field is added to the
/// model. So a long schema file is spread over parts, the longer the file the more parts, each
/// declaration in the part a hash of its name picks (FNV-1a): adding or removing one never
/// moves another, and the hash of a larger count refines the smaller one (a declaration in part
/// `k` of 64 is in part `k % 8` of 8).
extension CodeGenerator {
    /// The most parts a schema file can have.
    static let mostParts = 256

    /// The parts a schema file's code of `lines` generated lines is spread over: one file up to
    /// `threshold` lines (2,000), eight parts up to 8 times that, 64 up to 32 times, 256 beyond;
    /// never more than `limit` (what a build plugin planned for it).
    static func partCount(forGeneratedLines lines: Int, threshold: Int = partThreshold, limit: Int = mostParts) -> Int {
        // `(lines - 1) / n < threshold` is `lines <= n * threshold` without overflowing.
        let wanted = lines <= threshold ? 1 : (lines - 1) / 8 < threshold ? 8 : (lines - 1) / 32 < threshold ? 64 : mostParts
        return [1, 8, 64, mostParts].last { $0 <= min(wanted, limit) } ?? 1
    }

    /// The parts a build plugin declares for a schema file of `lines` lines (newline bytes),
    /// before anything is generated: enough for the code that so many lines make (GitHub's
    /// schema files make 2.7 to 4.7 generated lines a line; 5 is assumed), and at least eight:
    /// eight up to 3,200 lines, 64 up to 12,800, 256 beyond. A file that makes more code than
    /// that is spread over the parts declared. `CourierBuildPlugin` declares the same; a test
    /// holds them together.
    public static func plannedPartCount(forSchemaLines lines: Int) -> Int {
        lines <= 3_200 ? 8 : lines <= 12_800 ? 64 : 256
    }

    /// The lines of a schema file as `plannedPartCount(forSchemaLines:)` counts them.
    public static func schemaLines(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer(newlines)
    }

    /// The newline bytes in `bytes`: how every line count here is taken, schema or generated.
    /// A loop over a buffer, because the generator runs unoptimised in a debug build.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { count += 1 }
        return count
    }

    /// The parts a build plan declared for each schema file (by path), from the names of the
    /// outputs it declared: the most whose names are all there. A file the plan did not know
    /// of (added since) is not in the result.
    public static func partLimits(planned outputs: [String], schemaFiles paths: [String]) -> [String: Int] {
        let outputs = Set(outputs)
        var limits: [String: Int] = [:]
        for path in paths {
            var parts = 0
            while outputs.contains(fileName(forSchemaFile: path, part: parts + 1)) { parts += 1 }
            if parts > 0 { limits[path] = parts }
        }
        return limits
    }

    /// The generated file's name for a schema file's path.
    public static func fileName(forSchemaFile path: String) -> String {
        fileName(forSchemaFile: path, part: 1)
    }

    /// Every file a schema file spread over `parts` parts can generate, in part order: what a
    /// build plugin declares.
    public static func fileNames(forSchemaFile path: String, parts: Int) -> [String] {
        (1...max(parts, 1)).map { fileName(forSchemaFile: path, part: $0) }
    }

    /// The name of part `part` (from 1) of a schema file's code.
    public static func fileName(forSchemaFile path: String, part: Int) -> String {
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let stem = name.hasSuffix(".api") ? String(name.dropLast(4)) : name
        return stem + (part == 1 ? "" : ".\(part)") + ".generated.swift"
    }

    /// A declaration's part: a hash of its name (FNV-1a), the same on every run and platform.
    static func part(of name: String, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
