import CourierCodegen
import CourierSchema
import CourierTestSupport
import Foundation

@testable import CourierImport

/// A program built from an imported client's models that decodes a value as a component's
/// generated type and encodes it again: what `Tests/Fidelity/fidelity.py` judges.
///
/// Each schema the import typed (every component, every declaration) gets a probe model,
/// `model CourierFidelityProbeN { value: T }`, where `T` is the type the schema became; the probe
/// is decoded from `{"value": …}`, so the generated code spells every type, optional and
/// `Nullable` ones too, as a user's client would. The endpoints are left out: they do not change
/// the models, and they cost compile time.
struct FidelityHarness {
    /// The folder the program is built in.
    var folder: URL
    /// The built program.
    var executable: URL
    /// The schemas it decodes values of, by index: `file:` URLs with a JSON pointer.
    var schemas: [String]

    /// Imports `description`, generates its models and the probes, and builds the program.
    static func build(_ description: URL) async throws -> FidelityHarness {
        let result = try OpenAPIImporter.run(description: description)
        var probes = ""
        for (index, schema) in result.schemaTypes.enumerated() {
            probes += "model CourierFidelityProbe\(index) {\n    value: \(schema.type)\n}\n\n"
        }
        let sources = result.files.map { SourceFile(path: $0.name, text: $0.text) } + [SourceFile(path: "zz-fidelity-probes.api", text: probes)]
        let compilation = SchemaCompiler.compile(sources)
        guard var api = compilation.api, !compilation.hasErrors else {
            throw ImportError("the probes do not compile: \(compilation.diagnostics.prefix(5).map(\.description).joined(separator: "\n"))")
        }
        api.groups = []
        let (folder, paths) = try writeGeneratedSwift(of: api, prefix: "courier-fidelity")
        let main = folder.appendingPathComponent("main.swift")
        try mainSource(probeCount: result.schemaTypes.count, dateStyle: api.dateStyle).write(to: main, atomically: true, encoding: .utf8)
        let build = repositoryRoot.appendingPathComponent(".build/debug")
        let runtimeObjects = try FileManager.default.contentsOfDirectory(atPath: build.appendingPathComponent("CourierRuntime.build").path)
            .filter { $0.hasSuffix(".o") }.map { build.appendingPathComponent("CourierRuntime.build/\($0)").path }
        let executable = folder.appendingPathComponent("harness")
        let (status, output) = try await runProcess(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "6", "-Onone", "-module-name", "FidelityHarness", "-I", build.appendingPathComponent("Modules").path, "-o", executable.path]
                + paths + [main.path] + runtimeObjects)
        guard status == 0 else { throw ImportError("the harness of \(description.lastPathComponent) does not build:\n\(output.prefix(4000))") }
        let schemas = result.schemaTypes.map { $0.location.file.absoluteURL.absoluteString + $0.location.pointer }
        return FidelityHarness(folder: folder, executable: executable, schemas: schemas)
    }

    /// The program's `main.swift`: reads `index<TAB>json` lines, answers `ok<TAB>json` or
    /// `error<TAB>message`.
    static func mainSource(probeCount: Int, dateStyle: DateStyle) -> String {
        let style = switch dateStyle {
        case .iso8601: "iso8601"
        case .unixSeconds: "unixSeconds"
        case .unixMillis: "unixMillis"
        }
        let probes = (0..<probeCount).map { "    CourierFidelityProbe\($0).self,\n" }.joined()
        return """
            import CourierRuntime
            import Foundation

            let decoder = JSONCoding.decoder(for: .\(style))
            let encoder = JSONCoding.encoder(for: .\(style))
            let probes: [any Codable.Type] = [
            \(probes)]

            func roundTrip<Probe: Codable>(_ type: Probe.Type, _ data: Data) throws -> Data {
                try encoder.encode(try decoder.decode(Probe.self, from: data))
            }

            while let line = readLine() {
                guard let tab = line.firstIndex(of: "\\t"), let index = Int(line[..<tab]), probes.indices.contains(index) else {
                    print("error\\tno such schema")
                    continue
                }
                let data = Data(("{\\"value\\":" + line[line.index(after: tab)...] + "}").utf8)
                do {
                    print("ok\\t" + String(decoding: try roundTrip(probes[index], data), as: UTF8.self))
                } catch {
                    print("error\\t" + String(describing: error).replacingOccurrences(of: "\\n", with: " "))
                }
            }

            """
    }
}
