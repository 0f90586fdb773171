import CourierImport
import Foundation

/// `courier import <description> --output <folder> [--name N] [--tag T]… [--operation ID]…`:
/// writes the schema an OpenAPI description becomes.
enum ImportCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var description: String?
        var output: String?
        var options = ImportOptions()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--output": output = try cursor.value(of: "--output")
            case "--name": options.name = try cursor.value(of: "--name")
            case "--tag": options.tags.append(try cursor.value(of: "--tag"))
            case "--operation": options.operations.append(try cursor.value(of: "--operation"))
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default:
                guard description == nil else { throw UsageError("one description only, but also got '\(argument)'") }
                description = argument
            }
        }
        guard let description else { throw UsageError("missing the OpenAPI description to import") }
        guard let output else { throw UsageError("'import' needs --output <folder>, such as Schema/Pets") }

        let result: ImportResult
        do {
            result = try OpenAPIImporter.run(description: URL(fileURLWithPath: description), options: options)
        } catch let error as ImportError {
            Console.error("\(description): error: \(error)")
            return 1
        }
        for warning in result.warnings { Console.error("\(Self.displayPath(of: warning.location.file, root: description)): \(warning)") }

        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = Set(result.files.map(\.name))
        var written = 0
        for file in result.files {
            let url = folder.appendingPathComponent(file.name)
            if (try? String(contentsOf: url, encoding: .utf8)) == file.text { continue }
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            written += 1
        }
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".api") && !made.contains(name) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed += 1
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        print(
            "\(output): \(result.operationCount) of \(counted(result.declaredOperationCount, "operation")), \(result.declarationCount) models, enums and unions\(Self.declarationNotes(result)) in "
                + "\(counted(result.files.count, "file")) (\(written) written, \(removed) removed); \(counted(result.jsonValueCount, "JSON value")); "
                + "\(counted(result.warnings.count, "warning"))\(Self.mostWarned(result))")
        return 0
    }

    /// What the count of declarations holds and leaves out: ` (95 of them aliases of an
    /// identical one; 2973 more that no picked operation uses left out)`, or nothing.
    static func declarationNotes(_ result: ImportResult) -> String {
        var notes: [String] = []
        if result.aliasCount > 0 { notes.append("\(result.aliasCount) of them aliases of an identical one") }
        if result.unusedDeclarationCount > 0 { notes.append("\(result.unusedDeclarationCount) more that no picked operation uses left out") }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }

    /// A file of the description as the user would type it: relative to the root document's
    /// folder as they gave it (`../specs/lob/resources/letters.yml`).
    static func displayPath(of file: URL, root: String) -> String {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        if file.standardizedFileURL == rootURL { return root }
        let folder = rootURL.deletingLastPathComponent().path + "/"
        guard file.path.hasPrefix(folder) else { return file.path }
        let typedFolder = (root as NSString).deletingLastPathComponent
        let rest = String(file.path.dropFirst(folder.count))
        return typedFolder.isEmpty ? rest : typedFolder + "/" + rest
    }

    /// `, most of them: 659 operation $ref, 90 optional body, 5 response media type`: what the
    /// warnings are about, the three commonest constructs first.
    static func mostWarned(_ result: ImportResult) -> String {
        let counts = result.warningsByConstruct.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(3)
        guard !counts.isEmpty else { return "" }
        return ", most of them: " + counts.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
}
