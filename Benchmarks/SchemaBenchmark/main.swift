import CourierSchema
import Foundation

// Parses and checks a schema folder many times and prints the median time and throughput,
// next to Foundation's JSONSerialization reading the same API's IR dump (a baseline run in the
// same process: both turn structured text into a tree). Usage: SchemaBenchmark <schema folder>

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func measure(iterations: Int, _ body: () -> Void) -> Double {
    body()  // warm up
    var samples: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return median(samples)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: SchemaBenchmark <schema folder>\n".utf8))
    exit(2)
}
let files: [SourceFile]
do {
    files = try SchemaCompiler.loadFiles(in: arguments[1])
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
let bytes = files.reduce(0) { $0 + $1.bytes.count }
guard let api = SchemaCompiler.compile(files).api else {
    FileHandle.standardError.write(Data("the schema has errors; run courier lint\n".utf8))
    exit(1)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
let dump = (try? encoder.encode(api)) ?? Data()

let iterations = 20
let compileMilliseconds = measure(iterations: iterations) { _ = SchemaCompiler.compile(files) }
let jsonMilliseconds = measure(iterations: iterations) { _ = try? JSONSerialization.jsonObject(with: dump) }

let megabytes = Double(bytes) / 1_000_000
print("schema: \(api.endpoints.count) endpoints, \(api.models.count) models, \(api.enums.count) enums, \(files.count) files, \(bytes) bytes")
print(String(format: "parse+check: %.1f ms median of %d (%.1f MB/s); aim: under 100 ms", compileMilliseconds, iterations, megabytes / (compileMilliseconds / 1000)))
print(String(format: "baseline JSONSerialization of the IR dump (%d bytes): %.1f ms (%.1f MB/s)", dump.count, jsonMilliseconds, Double(dump.count) / 1_000_000 / (jsonMilliseconds / 1000)))
print(String(format: "ratio parse+check / JSONSerialization: %.2fx", compileMilliseconds / jsonMilliseconds))
