import CourierImport
import Foundation

// Imports the corpus's largest description, read as JSON and as block-style YAML written from
// the same tree, and prints the median of several runs beside Foundation's JSONSerialization
// reading the same bytes in the same process.
//
// Usage: swift run -c release ImportBenchmark [rounds]

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 15
// The descriptions are read from `../shared/openapi` beside the repository, never copied in.
let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/openapi/twilio")
let documents = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Block-style YAML of a description, as hand-written descriptions look.
func yaml(_ node: DocumentNode, indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    func scalar(_ node: DocumentNode) -> String {
        switch node {
        case .string(let text):
            let data = try! JSONSerialization.data(withJSONObject: [text])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .array: return "[]"
        case .object: return "{}"
        case .null: return "null"
        }
    }
    func isNested(_ node: DocumentNode) -> Bool {
        switch node {
        case .object(let object): !object.keys.isEmpty
        case .array(let list): !list.isEmpty
        default: false
        }
    }
    switch node {
    case .object(let object):
        return object.members.map { key, child in
            isNested(child) ? "\(pad)\(scalar(.string(key))):\n" + yaml(child, indent: indent + 2) : "\(pad)\(scalar(.string(key))): \(scalar(child))"
        }.joined(separator: "\n")
    case .array(let list):
        return list.map { element in
            if case .object = element, isNested(element) {
                return pad + "- " + yaml(element, indent: indent + 2).dropFirst(indent + 2)
            }
            return isNested(element) ? "\(pad)-\n" + yaml(element, indent: indent + 2) : "\(pad)- " + scalar(element)
        }.joined(separator: "\n")
    default:
        return pad + scalar(node)
    }
}

print("courier import of the Twilio descriptions, median of \(rounds) runs (release build)")
// The ratios are medians of each round's ratio: the two runs of a round are adjacent, so a
// machine whose speed drifts between rounds moves both alike.
print("| description | size | JSON import | YAML import (block style, same tree) | YAML ÷ JSON | JSONSerialization of the JSON | import ÷ JSONSerialization |")
print("|---|---|---|---|---|---|---|")
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-import-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
for name in documents {
    let url = corpus.appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    let yamlURL = folder.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".yaml"))
    try yaml(try DescriptionFiles(root: url).rootNode).write(to: yamlURL, atomically: true, encoding: .utf8)
    let yamlSize = try Data(contentsOf: yamlURL).count
    var json: [Double] = []
    var yamlTimes: [Double] = []
    var baseline: [Double] = []
    var operations = 0
    for _ in 0..<rounds {
        json.append(try time { operations = try OpenAPIImporter.run(description: url).operationCount })
        yamlTimes.append(try time { _ = try OpenAPIImporter.run(description: yamlURL) })
        baseline.append(try time { _ = try JSONSerialization.jsonObject(with: data) })
    }
    let size = String(format: "%.0f KB JSON, %.0f KB YAML", Double(data.count) / 1024, Double(yamlSize) / 1024)
    print(
        "| \(name) (\(operations) operations) | \(size) | \(String(format: "%.1f ms", median(json) * 1000)) "
            + "| \(String(format: "%.1f ms", median(yamlTimes) * 1000)) | \(String(format: "%.2f×", median(zip(yamlTimes, json).map(/)))) "
            + "| \(String(format: "%.1f ms", median(baseline) * 1000)) | \(String(format: "%.1f×", median(zip(json, baseline).map(/)))) |")
}

// The readers alone, on the largest published YAML descriptions beside the repository: each is
// read as it is published, and as JSON written from the same tree, in the same round.
let published = corpus.deletingLastPathComponent()

/// The tree as JSON text, for the reader comparison (key order does not matter there).
func foundationValue(_ node: DocumentNode) -> Any {
    switch node {
    case .null: return NSNull()
    case .bool(let flag): return flag
    case .number(let text): return Double(text) ?? 0
    case .string(let text): return text
    case .array(let list): return list.map(foundationValue)
    case .object(let object): return Dictionary(uniqueKeysWithValues: object.members.map { ($0.key, foundationValue($0.value)) })
    }
}

if let enumerator = FileManager.default.enumerator(at: published, includingPropertiesForKeys: [.fileSizeKey]) {
    var large: [(url: URL, size: Int)] = []
    while var url = enumerator.nextObject() as? URL {
        if url.pathExtension == "gz", ["yaml", "yml"].contains(url.deletingPathExtension().pathExtension) {
            // Published compressed: read as the user would after unpacking it.
            url = try unpacked(String(url.path.dropFirst(published.path.count + 1)))
        }
        guard ["yaml", "yml"].contains(url.pathExtension), let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > 400_000 else { continue }
        large.append((url, size))
    }
    print("\nReading the published YAML descriptions over 400 KB, median of \(rounds) runs (release build)")
    print("| description | YAML size | YAML read | JSON read (same tree) | YAML ÷ JSON | JSONSerialization of the JSON |")
    print("|---|---|---|---|---|---|")
    for (url, size) in large.sorted(by: { $0.size > $1.size }) {
        let tree = try DescriptionFiles(root: url).rootNode
        let jsonData = try JSONSerialization.data(withJSONObject: foundationValue(tree))
        let jsonURL = folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".json")
        try jsonData.write(to: jsonURL)
        var yamlTimes: [Double] = []
        var jsonTimes: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<rounds {
            yamlTimes.append(try time { _ = try DescriptionFiles(root: url) })
            jsonTimes.append(try time { _ = try DescriptionFiles(root: jsonURL) })
            baseline.append(try time { _ = try JSONSerialization.jsonObject(with: jsonData) })
        }
        let name = url.path.replacingOccurrences(of: published.path + "/", with: "").replacingOccurrences(of: folder.path + "/unpacked/", with: "(unpacked) ")
        print(
            "| \(name) | \(String(format: "%.0f KB", Double(size) / 1024)) | \(String(format: "%.1f ms", median(yamlTimes) * 1000)) "
                + "| \(String(format: "%.1f ms", median(jsonTimes) * 1000)) | \(String(format: "%.2f×", median(zip(yamlTimes, jsonTimes).map(/)))) "
                + "| \(String(format: "%.1f ms", median(baseline) * 1000)) |")
    }
}

/// A published description as a user would have it after unpacking (`name.gz` → `name`).
func unpacked(_ path: String) throws -> URL {
    let source = published.appendingPathComponent(path)
    guard source.pathExtension == "gz" else { return source }
    // A folder of its own: the reader comparison above writes files of the same names.
    let target = folder.appendingPathComponent("unpacked/" + path.replacingOccurrences(of: "/", with: "_")).deletingPathExtension()
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    if !FileManager.default.fileExists(atPath: target.path) {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-dc", source.path]
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        gzip.standardOutput = try FileHandle(forWritingTo: target)
        try gzip.run()
        gzip.waitUntilExit()
    }
    return target
}

// The whole import (read, map, write, and the schema compiled) of the largest published
// descriptions. OpenAI is published as JSON and as YAML: the same document both ways.
let largest = ["okta/management-oneOfInheritance.yaml.gz", "box/openapi.json.gz", "published/openai.json.gz", "published/openai.yaml.gz"]
let importRounds = max(3, rounds / 3)
print("\nThe whole import of the largest published descriptions, median of \(importRounds) runs (release build)")
print("| description | size | operations | import | aim |")
print("|---|---|---|---|---|")
var openAITimes: [String: [Double]] = [:]
for path in largest {
    let url = try unpacked(path)
    let size = try Data(contentsOf: url).count
    var times: [Double] = []
    var operations = 0
    for _ in 0..<importRounds {
        times.append(try time { operations = try OpenAPIImporter.run(description: url).operationCount })
    }
    if path.contains("openai") { openAITimes[url.pathExtension] = times }
    print(
        "| \(path.replacingOccurrences(of: ".gz", with: "")) | \(String(format: "%.1f MB", Double(size) / 1e6)) | \(operations) "
            + "| \(String(format: "%.2f s", median(times))) | under 0.5 s: \(median(times) < 0.5 ? "met" : "not met") |")
}
if let json = openAITimes["json"], let yaml = openAITimes["yaml"] {
    print("OpenAI, YAML ÷ JSON of the whole import: \(String(format: "%.2f×", median(yaml) / median(json))) (aim: under 2×)")
}
