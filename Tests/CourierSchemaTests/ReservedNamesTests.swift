import Foundation
import Testing

@testable import CourierSchema

/// A schema cannot declare a type that would hide one of CourierRuntime's in generated code.
@Suite("Reserved type names")
struct ReservedNamesTests {
    /// The top-level public types of CourierRuntime, read from its sources: a declaration at
    /// brace depth 0.
    static func runtimeTopLevelTypes(of module: String = "CourierRuntime") throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/\(module)")
        let pattern = try Regex(#"^\s*(nonisolated )?public (final )?(struct|enum|class|protocol|actor|typealias) ([A-Z][A-Za-z0-9]*)"#)
        var names: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            var depth = 0
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if depth == 0, let match = try pattern.firstMatch(in: String(line)), let name = match.output[4].substring {
                    names.insert(String(name))
                }
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            }
        }
        return names
    }

    @Test func everyRuntimeTypeIsReserved() throws {
        let declared = try Self.runtimeTopLevelTypes()
        #expect(declared.count > 60, "\(declared.sorted())")
        #expect(declared.subtracting(Checker.runtimeTypeNames).isEmpty, "not reserved: \(declared.subtracting(Checker.runtimeTypeNames).sorted())")
        #expect(Checker.runtimeTypeNames.subtracting(declared).isEmpty, "no longer in the runtime: \(Checker.runtimeTypeNames.subtracting(declared).sorted())")
    }

    @Test func aSchemaTypeNamedLikeARuntimeTypeIsAnError() {
        let compilation = compile("api T {}\nmodel Credentials {\n  token: String\n}")
        #expect(compilation.diagnostics.map(\.message) == ["type name 'Credentials' would clash with a Swift or CourierRuntime type"])
    }

    @Test func everyRealtimeTypeIsReserved() throws {
        let declared = try Self.runtimeTopLevelTypes(of: "CourierRealtime")
        #expect(declared.subtracting(Checker.realtimeTypeNames).isEmpty, "not reserved: \(declared.subtracting(Checker.realtimeTypeNames).sorted())")
        #expect(Checker.realtimeTypeNames.subtracting(declared).isEmpty, "no longer in CourierRealtime: \(Checker.realtimeTypeNames.subtracting(declared).sorted())")
    }
}
