import CourierCodegen
import CourierSchema
import Foundation

/// `courier format [--check] <folder>`: rewrites a schema's files in the canonical layout, or
/// with `--check` reports the files that are not in it.
enum FormatCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var isCheck = false
        var folder: String?
        for argument in arguments {
            switch argument {
            case "--check": isCheck = true
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default:
                guard folder == nil else { throw UsageError("one schema folder only, but also got '\(argument)'") }
                folder = argument
            }
        }
        guard let folder else { throw UsageError("missing the schema folder") }
        let files: [SourceFile]
        do {
            files = try SchemaCompiler.loadFiles(in: folder)
        } catch {
            Console.error(error.description)
            return 1
        }
        var changed = 0
        var failed = false
        for file in files {
            let formatted: String
            do {
                formatted = try SchemaFormatter.format(file)
            } catch {
                for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
                Console.error("\(file.path): not formatted: fix the errors first")
                failed = true
                continue
            }
            let original = String(decoding: file.bytes, as: UTF8.self)
            guard formatted != original else { continue }
            changed += 1
            if isCheck {
                print(UnifiedDiff.diff(old: original, new: formatted, oldName: file.path, newName: file.path + " (formatted)"), terminator: "")
            } else {
                try formatted.write(toFile: file.path, atomically: true, encoding: .utf8)
                print("  \(file.path)  (formatted)")
            }
        }
        if failed { return 1 }
        if isCheck, changed > 0 {
            Console.error("\(folder): \(changed) of \(files.count) files are not formatted; run 'courier format \(folder)'")
            return 1
        }
        if !isCheck, changed == 0 { print("\(folder): every file is formatted") }
        return 0
    }
}
