import CourierCodegen
import CourierSchema
import Foundation

// Generates a schema folder's Swift code and prints: generated lines per endpoint (models
// excluded) and per model type, and the median time of parse + check + generate in process.
// Usage: CodegenBenchmark <schema folder>

/// Top-level declarations of generated Swift, with their doc comments and attributes, split
/// into those that serve endpoints (group protocols, conformances, method extensions) and
/// model types (structs, enums, unions).
func countLines(_ files: [GeneratedFile]) -> (endpoint: Int, model: Int, other: Int) {
    var endpoint = 0, model = 0, other = 0
    for file in files {
        var pending = 0
        var depth = 0
        var category = 0  // 1 endpoint, 2 model, 3 other
        for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
            if depth == 0 {
                if line.hasPrefix("///") || line.hasPrefix("@") {
                    pending += 1
                    continue
                }
                if line.hasPrefix("public protocol") || line.hasPrefix("extension") {
                    category = 1
                } else if line.hasPrefix("public struct") || line.hasPrefix("public enum") || line.hasPrefix("public indirect enum") {
                    category = line.contains("API {") && line.hasPrefix("public enum") && !line.contains(":") ? 3 : 2
                } else if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("import") {
                    continue
                } else {
                    category = 3
                }
            }
            let lines = pending + 1
            pending = 0
            switch category {
            case 1: endpoint += lines
            case 2: model += lines
            default: other += lines
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
    }
    return (endpoint, model, other)
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: CodegenBenchmark <schema folder>\n".utf8))
    exit(2)
}
let files = try SchemaCompiler.loadFiles(in: CommandLine.arguments[1])
guard let api = SchemaCompiler.compile(files).api else {
    FileHandle.standardError.write(Data("the schema has errors; run courier lint\n".utf8))
    exit(1)
}
let generated = CodeGenerator.generate(api)
let counts = countLines(generated)
let modelTypes = api.models.count + api.enums.count + api.unions.count
let endpoints = api.endpoints.count
let totalLines = generated.reduce(0) { $0 + $1.contents.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } }
print("schema: \(endpoints) endpoints, \(api.models.count) models, \(api.enums.count) enums, \(api.unions.count) unions")
print("generated: \(generated.count) files, \(totalLines) lines in all")
print(String(format: "endpoint lines: %d (%.1f per endpoint; aim: at most 15)", counts.endpoint, Double(counts.endpoint) / Double(max(1, endpoints))))
print(String(format: "model lines: %d (%.1f per model, enum or union)", counts.model, Double(counts.model) / Double(max(1, modelTypes))))

var samples: [Double] = []
for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = CodeGenerator.generate(SchemaCompiler.compile(files).api!)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
samples.sort()
print(String(format: "parse + check + generate in process: %.1f ms median of %d", samples[samples.count / 2], samples.count))
