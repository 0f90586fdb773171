import Foundation

/// The result of compiling a schema: the API when there was no error, and every diagnostic.
public struct SchemaCompilation: Sendable {
    /// The validated API; nil when any error was found.
    public let api: API?
    /// Errors and warnings in file, line and column order.
    public let diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Compiles schema files into an `API`.
public enum SchemaCompiler {
    /// Names a schema cannot give a type: the built-in types, and names that would clash with
    /// Swift or the runtime in generated code.
    public static let unavailableTypeNames: Set<String> = Checker.builtinTypeNames.union(Checker.reservedTypeNames)

    /// Whether `text` can be an api block's `baseURL`: an http or https URL with a host, and
    /// neither a query nor a fragment.
    public static func isBaseURL(_ text: String) -> Bool {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "https" || scheme == "http") && url.host?.isEmpty == false && url.query == nil && url.fragment == nil
    }

    /// Lexes, parses and checks the files of one module. Files are read in path order, so
    /// declarations keep a stable order however the files were listed.
    public static func compile(_ files: [SourceFile]) -> SchemaCompilation {
        let sorted = files.sorted { $0.path < $1.path }
        var log = DiagnosticLog()
        var parsed: [(file: SourceFile, declarations: [DeclarationSyntax])] = []
        for file in sorted {
            let (declarations, fileLog) = Parser.parse(file)
            log.append(contentsOf: fileLog)
            parsed.append((file, declarations))
        }
        let checker = Checker(files: parsed)
        let api = checker.check()
        log.append(contentsOf: checker.log)
        let diagnostics = log.diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return SchemaCompilation(api: hasErrors ? nil : api, diagnostics: diagnostics)
    }

    /// Reads every `*.api` file of a folder and compiles them. Paths in diagnostics are the
    /// folder path as given joined with each file name.
    public static func compile(folder: String) throws(SchemaLoadError) -> SchemaCompilation {
        compile(try loadFiles(in: folder))
    }

    /// Reads every `*.api` file of a folder, sorted by name.
    public static func loadFiles(in folder: String) throws(SchemaLoadError) -> [SourceFile] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notAFolder(folder)
        }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".api") }.sorted()
        } catch {
            throw .unreadable(folder, reason: error.localizedDescription)
        }
        guard !names.isEmpty else { throw .noSchemaFiles(folder) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return try names.map { name throws(SchemaLoadError) in
            let path = prefix + name
            guard let data = manager.contents(atPath: path) else {
                throw .unreadable(path, reason: "the file could not be read")
            }
            return SourceFile(path: path, bytes: [UInt8](data))
        }
    }
}

/// Why a schema folder could not be read.
public enum SchemaLoadError: Error, Sendable, CustomStringConvertible {
    /// The path is not a folder.
    case notAFolder(String)
    /// The folder holds no `.api` file.
    case noSchemaFiles(String)
    /// A file or the folder could not be read.
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .notAFolder(let path):
            return "\(path): error: not a folder; pass the folder that holds the schema's .api files"
        case .noSchemaFiles(let path):
            return "\(path): error: no .api files in this folder; a schema is every .api file of one folder"
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read: \(reason)"
        }
    }
}
