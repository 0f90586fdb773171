import CourierCodegen
import CourierSchema
import Foundation

/// The commands; each returns the process's exit code.
enum Commands {
    /// Compiles a schema folder, printing its diagnostics; nil when it has errors or cannot be read.
    static func compile(_ folder: String) -> SchemaCompilation? {
        guard let files = loadFiles(folder) else { return nil }
        return compile(files)
    }

    /// Reads a schema folder's files, printing why when it cannot.
    static func loadFiles(_ folder: String) -> [SourceFile]? {
        do {
            return try SchemaCompiler.loadFiles(in: folder)
        } catch {
            Console.error(error.description)
            return nil
        }
    }

    /// Compiles schema files, printing their diagnostics.
    static func compile(_ files: [SourceFile]) -> SchemaCompilation {
        let compilation = SchemaCompiler.compile(files)
        for diagnostic in compilation.diagnostics { Console.error(diagnostic.description) }
        return compilation
    }

    static func summary(_ compilation: SchemaCompilation) -> String {
        let errors = compilation.diagnostics.filter { $0.severity == .error }.count
        let warnings = compilation.diagnostics.count - errors
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    }

    static func lint(_ options: CommandOptions) -> Int32 {
        guard let compilation = compile(options.folder) else { return 1 }
        if let api = compilation.api {
            print("\(options.folder): api \(api.name): \(api.models.count) models, \(api.enums.count) enums, \(api.unions.count) unions, \(api.aliases.isEmpty ? "" : "\(api.aliases.count) alias\(api.aliases.count == 1 ? "" : "es"), ")\(api.endpoints.count) endpoints in \(api.groups.count) groups; \(summary(compilation))")
        } else {
            print("\(options.folder): \(summary(compilation))")
        }
        return compilation.hasErrors ? 1 : 0
    }

    static func dump(_ options: CommandOptions) -> Int32 {
        guard let compilation = compile(options.folder) else { return 1 }
        guard let api = compilation.api else {
            Console.error("\(options.folder): \(summary(compilation)); nothing to dump")
            return 1
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(api) else {
            Console.error("error: could not encode the API")
            return 1
        }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        return 0
    }

    /// The files to generate, or nil after reporting schema errors (or, in a build, a module
    /// the generated code needs that the target does not depend on).
    private static func generatedFiles(_ folder: String, files: [SourceFile]? = nil, pluginRun: BuildPluginRun? = nil) -> [GeneratedFile]? {
        guard let files = files ?? loadFiles(folder), let api = compile(files).api else {
            Console.error("\(folder): the schema has errors; nothing was generated")
            return nil
        }
        if let missing = pluginRun?.missingModules(for: api), !missing.isEmpty {
            for (module, location) in missing {
                Console.error(
                    "\(location): error: the generated code needs \(module), which the target does not depend on\n"
                        + "\(location): note: add .product(name: \"\(module)\", package: \"Courier\") to the target's dependencies in Package.swift")
            }
            return nil
        }
        return CodeGenerator.generate(api, partLimits: pluginRun?.partLimits(for: files) ?? [:])
    }

    static func generate(_ options: CommandOptions) throws -> Int32 {
        let output = try options.requireOutput("generate")
        let pluginRun = options.pluginRun
        try pluginRun?.touchStamp()
        guard let schemaFiles = loadFiles(options.folder) else { return 1 }
        var fingerprint: String?
        if let pluginRun {
            if !pluginRun.planMatches(schemaFiles) { try pluginRun.requestNewPlan() }
            fingerprint = pluginRun.fingerprint(of: schemaFiles)
            // Nothing changed since the last run: the outputs are already what it would write.
            if let fingerprint, pluginRun.isUpToDate(output: output, fingerprint: fingerprint) { return 0 }
        }
        guard var files = generatedFiles(options.folder, files: schemaFiles, pluginRun: pluginRun) else { return 1 }
        // What the schema itself made, as opposed to the placeholders a build plan needs.
        var madeFromSchema = Set(files.map(\.name))
        if let pluginRun {
            let matched = matchExpected(files, expected: pluginRun.expected)
            files = matched.files
            madeFromSchema.formUnion(matched.filledCatchAll)
        }
        let folder = OutputFolder(path: output)
        let plan = OutputPlan(generated: files, existing: try folder.swiftFiles())
        try folder.apply(plan)
        if let pluginRun, let fingerprint { try pluginRun.record(output: output, fingerprint: fingerprint) }
        let written = Set(plan.writes.map(\.name))
        for file in files {
            // Quiet, as a build tool: a file that did not change, or a placeholder, is no news.
            if options.isQuiet, !written.contains(file.name) || !madeFromSchema.contains(file.name) { continue }
            print("  \(file.name)  \(file.lineCount) lines\(written.contains(file.name) ? "  (written)" : "")")
        }
        for name in plan.removals { print("  \(name)  (removed)") }
        if !options.isQuiet {
            print("\(output): \(plan.writes.count) written, \(plan.unchanged.count) unchanged, \(plan.removals.count) removed")
        }
        return 0
    }

    /// Fits the generated files to the outputs a build plugin declared when SwiftPM planned the
    /// build, every possible part of each schema file then: the files of schema files added
    /// since go into the catch-all files (the largest first, each into the emptiest, so that
    /// they compile side by side), and declared outputs nothing was generated for (parts a
    /// schema file does not fill, schema files removed since) are emptied, so the build
    /// compiles exactly the current schema. The next plan gives each file its own outputs.
    static func matchExpected(_ files: [GeneratedFile], expected: [String]) -> (files: [GeneratedFile], filledCatchAll: [String]) {
        let catchAll = BuildPluginRun.catchAllFiles.filter(expected.contains)
        let planned = files.filter { expected.contains($0.name) }
        let unplanned = files.filter { !expected.contains($0.name) }
        let emptied = expected.filter { name in !catchAll.contains(name) && !files.contains { $0.name == name } }
        var result = planned + emptied.map { GeneratedFile(name: $0, contents: "\(CodeGenerator.marker): nothing to declare here.\n") }
        guard !catchAll.isEmpty else { return (result, []) }
        var bodies = Array(repeating: "", count: catchAll.count)
        for file in unplanned.sorted(by: { $0.contents.utf8.count > $1.contents.utf8.count }) {
            let emptiest = bodies.indices.min { bodies[$0].utf8.count < bodies[$1].utf8.count } ?? 0
            let body = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0.hasPrefix("//") || $0.hasPrefix("import ") || $0.isEmpty }
            bodies[emptiest] += "\n" + body.joined(separator: "\n")
        }
        for (name, body) in zip(catchAll, bodies) {
            let contents = body.isEmpty
                ? "\(CodeGenerator.marker): no schema file was added since SwiftPM planned this build.\n"
                : "\(CodeGenerator.marker): schema files added since SwiftPM planned this build.\n\nimport CourierRuntime\nimport Foundation\n" + body
            result.append(GeneratedFile(name: name, contents: contents))
        }
        return (result, zip(catchAll, bodies).filter { !$0.1.isEmpty }.map(\.0))
    }

    static func check(_ options: CommandOptions) throws -> Int32 {
        let output = try options.requireOutput("check")
        guard let files = generatedFiles(options.folder) else { return 1 }
        let existing = try OutputFolder(path: output).swiftFiles()
        let plan = OutputPlan(generated: files, existing: existing)
        if plan.isUpToDate {
            print("\(output) is up to date with \(options.folder)")
            return 0
        }
        print(plan.diff(existing: existing, folder: output), terminator: "")
        Console.error("\(output) is not what the generator makes from \(options.folder); run: courier generate \(options.folder) --output \(output)")
        return 1
    }
}

/// The output folder on disk.
struct OutputFolder {
    let path: String

    /// The `.swift` files directly in the folder, by name; empty when the folder does not exist.
    func swiftFiles() throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
        }
        return files
    }

    func apply(_ plan: OutputPlan) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for file in plan.writes {
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path + "/" + file.name), options: .atomic)
        }
        for name in plan.removals {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }
}
