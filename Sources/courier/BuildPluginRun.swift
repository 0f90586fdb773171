import CourierCodegen
import CourierSchema
import Foundation

/// `generate` as the build plugin runs it (`--stamp`, `--plan`, `--expect`).
///
/// SwiftPM fixes a build command's inputs and outputs when it plans, and it plans again only
/// when the package's manifest or a target's own folder changes: a file added to, removed from
/// or renamed in `Schema/<Target>/` goes unseen. So the plugin declares no schema file as an
/// input (a removed one would fail every build with "missing inputs"), and instead:
/// - the command runs on every build: each run touches the stamp folder, its only input, and
///   the new modification time makes it out of date for the next build. A run whose schema
///   files, generator and planned outputs are what the last run had ends at once, writing
///   nothing, so the Swift compiler has nothing new to compile;
/// - when the schema files are not those SwiftPM planned for, the code of files added since goes
///   into the declared catch-all files, and the plan folder appears or disappears. SwiftPM
///   watches that folder (it is a prebuild command's output folder), so the next build plans
///   again and gives every schema file its own outputs.
struct BuildPluginRun {
    /// The folder touched at every run; nil when the plugin declared none.
    let stamp: String?
    /// The folder whose appearing or disappearing makes SwiftPM plan again; nil when the plugin
    /// could not set one up.
    let plan: String?
    /// The outputs SwiftPM planned: every possible file of each schema file then, and the
    /// catch-all files.
    let expected: [String]
    /// The modules the target can import; nil when the plugin did not say.
    var importableModules: [String]? = nil

    /// The catch-all files for the code of schema files added since SwiftPM planned: eight, as
    /// many as the fewest parts a plugin declares for a schema file, so that even many added
    /// files compile side by side.
    static let catchAllFiles = CodeGenerator.fileNames(forSchemaFile: "_unplanned.api", parts: 8)

    /// Where the fingerprint of the last run's inputs is kept, in the output folder.
    static let fingerprintFile = ".courier-inputs"

    /// The modules the generated code imports that the target cannot, each with the place in
    /// the schema that needs it: `CourierRealtime` for realtime members.
    func missingModules(for api: API) -> [(module: String, location: SourceLocation)] {
        guard let importableModules else { return [] }
        var missing: [(String, SourceLocation)] = []
        if let member = api.groups.flatMap(\.realtime).first, !importableModules.contains("CourierRealtime") {
            missing.append(("CourierRealtime", member.location))
        }
        return missing
    }

    /// Makes the command out of date for the next build, whatever happens in this one.
    func touchStamp() throws {
        guard let stamp else { return }
        try FileManager.default.createDirectory(atPath: stamp, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: stamp)
    }

    /// Whether SwiftPM planned exactly these schema files as they are now: each has the parts
    /// the plugin declares for its size, and nothing else was planned.
    func planMatches(_ files: [SourceFile]) -> Bool {
        let limits = partLimits(for: files)
        let sizedAsPlanned = files.allSatisfy { limits[$0.path] == CodeGenerator.plannedPartCount(forSchemaLines: CodeGenerator.schemaLines($0.bytes)) }
        return sizedAsPlanned && expected.count == limits.values.reduce(0, +) + Self.catchAllFiles.count
    }

    /// The parts SwiftPM planned for each schema file it knew of, by path.
    func partLimits(for files: [SourceFile]) -> [String: Int] {
        CodeGenerator.partLimits(planned: expected, schemaFiles: files.map(\.path))
    }

    /// Asks SwiftPM to plan again at the next build: the plan folder appears, or disappears.
    func requestNewPlan() throws {
        guard let plan else { return }
        if FileManager.default.fileExists(atPath: plan) {
            try FileManager.default.removeItem(atPath: plan)
        } else {
            try FileManager.default.createDirectory(atPath: plan, withIntermediateDirectories: true)
        }
    }

    /// What decides the generated files: the generator itself, the planned outputs, and every
    /// schema file's name and bytes (FNV-1a, 64 bits), as text.
    func fingerprint(of files: [SourceFile]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            // A separator, so that moving bytes from one piece to the next changes the hash.
            hash ^= 0xff
            hash = hash &* 0x100_0000_01b3
        }
        add(Array(Self.generatorIdentity.utf8))
        for name in expected { add(Array(name.utf8)) }
        for file in files {
            add(Array(file.path.utf8))
            add(file.bytes)
        }
        return String(hash, radix: 16)
    }

    /// Whether the output folder holds what the last run made from the same fingerprint.
    func isUpToDate(output: String, fingerprint: String) -> Bool {
        let recorded = try? String(contentsOfFile: output + "/" + Self.fingerprintFile, encoding: .utf8)
        guard recorded == fingerprint + "\n" else { return false }
        return expected.allSatisfy { FileManager.default.fileExists(atPath: output + "/" + $0) }
    }

    /// Records the fingerprint of what the output folder now holds.
    func record(output: String, fingerprint: String) throws {
        try Data((fingerprint + "\n").utf8).write(to: URL(fileURLWithPath: output + "/" + Self.fingerprintFile), options: .atomic)
    }

    /// This program's version and its executable's size and modification time: a rebuilt
    /// generator makes the code again.
    static var generatorIdentity: String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(CourierVersion.current) \(path) \(size) \(modified)"
    }
}
