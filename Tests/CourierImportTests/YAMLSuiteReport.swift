import Foundation

@testable import CourierImport

/// The YAML test suite's cases, each read by `YAMLReader` and sorted by what happened.
struct YAMLSuiteReport {
    /// One case: a folder with `in.yaml`, and `in.json` (the value) or `error` (invalid).
    struct Case {
        var id: String
        var yaml: [UInt8]
        var expected: DocumentNode?
        var isValid: Bool
        var documents: Int
    }

    var cases: [Case] = []
    var singleWithJSON: [String] = []
    var right: [String] = []
    var wrong: [String] = []
    var refusedValid: [String] = []
    /// Valid cases with no JSON form (keys that are collections or empty): read or refused for it.
    var withoutJSON: [(id: String, outcome: String)] = []
    var badWithoutJSON: [String] = []
    var multiDocument: [String] = []
    var badMultiDocument: [String] = []
    var empty: [String] = []
    var badEmpty: [String] = []
    var invalid: [String] = []
    var refusedInvalid: [String] = []
    var acceptedInvalid: [String] = []
    var unlocatedErrors: [String] = []
    var messages: [String: String] = [:]

    static func run(on folder: URL) throws -> YAMLSuiteReport {
        var report = YAMLSuiteReport()
        report.cases = try loadCases(in: folder)
        for suiteCase in report.cases { report.record(suiteCase) }
        return report
    }

    private static func loadCases(in folder: URL) throws -> [Case] {
        var cases: [Case] = []
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
            let directory = folder.appendingPathComponent(name)
            if manager.fileExists(atPath: directory.appendingPathComponent("in.yaml").path) {
                cases.append(try loadCase(directory, id: name))
            } else if let subfolders = try? manager.contentsOfDirectory(atPath: directory.path) {
                for sub in subfolders.sorted() where manager.fileExists(atPath: directory.appendingPathComponent("\(sub)/in.yaml").path) {
                    cases.append(try loadCase(directory.appendingPathComponent(sub), id: "\(name)/\(sub)"))
                }
            }
        }
        return cases
    }

    private static func loadCase(_ directory: URL, id: String) throws -> Case {
        let manager = FileManager.default
        let yaml = [UInt8](try Data(contentsOf: directory.appendingPathComponent("in.yaml")))
        let events = (try? String(contentsOf: directory.appendingPathComponent("test.event"), encoding: .utf8)) ?? ""
        let documents = events.split(separator: "\n").filter { $0.hasPrefix("+DOC") }.count
        var expected: DocumentNode?
        let json = directory.appendingPathComponent("in.json")
        if documents == 1, manager.fileExists(atPath: json.path) {
            expected = try JSONReader.read([UInt8](try Data(contentsOf: json)))
        }
        return Case(id: id, yaml: yaml, expected: expected, isValid: !manager.fileExists(atPath: directory.appendingPathComponent("error").path), documents: documents)
    }

    private mutating func record(_ suiteCase: Case) {
        let id = suiteCase.id
        var value: DocumentNode?
        var failure: DocumentError?
        do { value = try YAMLReader.read(suiteCase.yaml) } catch { failure = error }
        if let failure {
            messages[id] = failure.description
            let lines = suiteCase.yaml.split(separator: 0x0A, omittingEmptySubsequences: false).count
            if failure.line < 1 || failure.line > lines || failure.column < 1 { unlocatedErrors.append(id) }
        }
        guard suiteCase.isValid else {
            invalid.append(id)
            if failure == nil { acceptedInvalid.append(id) } else { refusedInvalid.append(id) }
            return
        }
        switch suiteCase.documents {
        case 0:
            empty.append(id)
            if value != .null { badEmpty.append(id) }
        case 1:
            if let expected = suiteCase.expected {
                singleWithJSON.append(id)
                if let value {
                    if Self.sameValue(value, expected) { right.append(id) } else { wrong.append(id) }
                } else {
                    refusedValid.append(id)
                }
            } else if let failure {
                withoutJSON.append((id, failure.message))
                if !failure.message.contains("Courier reads mappings whose keys are text") { badWithoutJSON.append(id) }
            } else {
                withoutJSON.append((id, "read"))
            }
        default:
            multiDocument.append(id)
            let message = failure?.message ?? ""
            if !message.contains("an API description is one document") && !message.contains("Courier reads mappings whose keys are text") {
                badMultiDocument.append(id)
            }
        }
    }

    /// Values compared as JSON compares them: numbers by value, objects without regard to order.
    static func sameValue(_ a: DocumentNode, _ b: DocumentNode) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || (Double(x) != nil && Double(x) == Double(y))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys.count == y.keys.count && x.members.allSatisfy { member in y[member.key].map { sameValue(member.value, $0) } ?? false }
        default: return a == b
        }
    }

    var summary: String {
        """
        YAML test suite: \(cases.count) cases. Valid single documents with a JSON value: \(right.count) of \(singleWithJSON.count) \
        right, \(wrong.count) wrong, \(refusedValid.count) refused. Invalid: \(refusedInvalid.count) of \(invalid.count) refused \
        (\(acceptedInvalid.count) accepted: \(acceptedInvalid.joined(separator: " "))). Out of scope, refused as such: \
        \(multiDocument.count) multi-document streams; valid cases without a JSON value: \(withoutJSON.count) \
        (\(withoutJSON.filter { $0.outcome != "read" }.count) refused for keys that are not text). Streams without a document: \(empty.count).
        Out of scope, by case: multi-document (an API description is one document): \(multiDocument.joined(separator: " ")); \
        keys that are empty or collections (no JSON object can hold them): \(withoutJSON.filter { $0.outcome != "read" }.map(\.id).joined(separator: " ")).
        """
    }

    var details: String {
        var lines: [String] = []
        for id in wrong { lines.append("WRONG \(id)") }
        for id in refusedValid { lines.append("REFUSED \(id): \(messages[id] ?? "")") }
        for id in badMultiDocument { lines.append("MULTI \(id): \(messages[id] ?? "read")") }
        for id in badEmpty { lines.append("EMPTY \(id): \(messages[id] ?? "read")") }
        for id in badWithoutJSON { lines.append("NOJSON \(id): \(messages[id] ?? "read")") }
        for id in acceptedInvalid { lines.append("ACCEPTED \(id)") }
        for (id, outcome) in withoutJSON { lines.append("NO JSON VALUE \(id): \(outcome)") }
        for id in multiDocument { lines.append("MULTI-DOCUMENT \(id): \(messages[id] ?? "read")") }
        return lines.joined(separator: "\n")
    }
}
