import CourierDiff
import CourierSchema
import Foundation

/// `courier diff <base> <head>` or `courier diff --base <git-ref> <head>`: what a schema change
/// breaks for installed apps and for code that calls the client.
enum DiffCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var folders: [String] = []
        var revision: String?
        var format = "text"
        var failOn: DiffLevel? = .error
        var acceptPath: String?
        var outputPath: String?
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "--base": revision = try cursor.value(of: "--base")
            case "--format":
                format = try cursor.value(of: "--format")
                guard ["text", "markdown", "json"].contains(format) else { throw UsageError("--format is text, markdown or json, not '\(format)'") }
            case "--fail-on":
                let level = try cursor.value(of: "--fail-on")
                switch level {
                case "error": failOn = .error
                case "warning": failOn = .warning
                case "never": failOn = nil
                default: throw UsageError("--fail-on is error, warning or never, not '\(level)'")
                }
            case "--accept": acceptPath = try cursor.value(of: "--accept")
            case "--output": outputPath = try cursor.value(of: "--output")
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default: folders.append(argument)
            }
        }
        let baseFiles: [SourceFile]
        let head: String
        let baseName: String
        switch (revision, folders.count) {
        case (let revision?, 1):
            head = folders[0]
            baseName = revision
            do {
                baseFiles = try GitSchemaFiles.files(at: revision, folder: head)
            } catch {
                Console.error(error.description)
                return 2
            }
        case (nil, 2):
            head = folders[1]
            baseName = folders[0]
            do {
                baseFiles = try SchemaCompiler.loadFiles(in: folders[0])
            } catch {
                Console.error(error.description)
                return 2
            }
        default:
            throw UsageError(revision == nil ? "'diff' needs a base and a head folder, or --base <git-ref> and a head folder" : "with --base, give one head folder")
        }
        guard let base = compile(baseFiles, side: "base (\(baseName))"), let headAPI = compile(head, side: "head") else { return 2 }
        var acceptList: AcceptList?
        if let acceptPath {
            guard let text = try? String(contentsOfFile: acceptPath, encoding: .utf8) else {
                Console.error("\(acceptPath): error: cannot read the accept file")
                return 2
            }
            do {
                acceptList = try AcceptList(text: text, path: acceptPath)
            } catch {
                Console.error(error.description)
                return 2
            }
        }
        let report = DiffReport(base: base, head: headAPI, baseName: baseName, headName: head, accepting: acceptList)
        let text =
            switch format {
            case "markdown": report.markdown()
            case "json": report.json()
            default: report.compilerStyle()
            }
        if let outputPath {
            try text.write(toFile: outputPath, atomically: true, encoding: .utf8)
            Console.error(report.summary)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if let failOn, report.fails(at: failOn) { return 1 }
        return 0
    }

    /// The compiled API of one side, or nil after printing why it does not compile.
    private static func compile(_ files: [SourceFile], side: String) -> API? {
        let compilation = SchemaCompiler.compile(files)
        guard let api = compilation.api else {
            for diagnostic in compilation.diagnostics where diagnostic.severity == .error { Console.error(diagnostic.description) }
            Console.error("error: the \(side) schema has errors; fix them before comparing")
            return nil
        }
        return api
    }

    private static func compile(_ folder: String, side: String) -> API? {
        do {
            return compile(try SchemaCompiler.loadFiles(in: folder), side: side)
        } catch {
            Console.error(error.description)
            return nil
        }
    }
}
