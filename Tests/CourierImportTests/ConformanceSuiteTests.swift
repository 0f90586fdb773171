import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// The readers held against the suites parsers are judged by: the YAML test suite and
/// JSONTestSuite, read where they lie (`../shared/conformance` beside the repository, or
/// `$COURIER_SHARED/conformance`), never copied in.
@Suite("Conformance suites", .requires(.conformance))
struct ConformanceSuiteTests {
    static let suites = ExternalCollection.conformance.folder

    @Test func yamlTestSuite() throws {
        let report = try YAMLSuiteReport.run(on: Self.suites.appendingPathComponent("yaml-test-suite"))
        print(report.summary)
        if ProcessInfo.processInfo.environment["COURIER_CONFORMANCE_VERBOSE"] != nil { print(report.details) }

        #expect(report.cases.count > 300, "the suite was not found whole")
        #expect(report.wrong.isEmpty, "parsed to a wrong value: \(report.wrong)")
        #expect(report.refusedValid.isEmpty, "valid cases refused: \(report.refusedValid)")
        #expect(report.right.count == report.singleWithJSON.count)
        #expect(report.badMultiDocument.isEmpty, "multi-document streams not refused as such: \(report.badMultiDocument)")
        #expect(report.badEmpty.isEmpty, "streams without a document not read as null: \(report.badEmpty)")
        #expect(report.badWithoutJSON.isEmpty, "valid cases without a JSON form, neither read nor refused for their keys: \(report.badWithoutJSON)")
        let refusedShare = Double(report.refusedInvalid.count) / Double(report.invalid.count)
        #expect(refusedShare >= 0.9, "invalid cases accepted: \(report.acceptedInvalid)")
        #expect(report.unlocatedErrors.isEmpty, "errors outside the text: \(report.unlocatedErrors)")
    }

    @Test func jsonTestSuite() throws {
        let folder = Self.suites.appendingPathComponent("json-test-suite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var accepted: [String: [String]] = [:]
        var refused: [String: [String]] = [:]
        var differing: [String] = []
        for name in names where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let kind = String(name.prefix(1))
            do {
                let value = try JSONReader.read([UInt8](data))
                accepted[kind, default: []].append(name)
                // A valid case reads to what Foundation reads it to.
                if kind == "y", let foundation = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
                    !Self.same(value, foundation)
                {
                    differing.append(name)
                }
            } catch {
                refused[kind, default: []].append(name)
            }
        }
        print("JSONTestSuite: y_ \(accepted["y"]?.count ?? 0) accepted of \((accepted["y"]?.count ?? 0) + (refused["y"]?.count ?? 0)); n_ \(refused["n"]?.count ?? 0) refused of \((accepted["n"]?.count ?? 0) + (refused["n"]?.count ?? 0)); i_ \(accepted["i"]?.count ?? 0) accepted, \(refused["i"]?.count ?? 0) refused, none crashed")
        #expect((accepted["y"]?.count ?? 0) >= 95)
        #expect(refused["y"] == nil, "valid JSON refused: \(refused["y"] ?? [])")
        #expect((refused["n"]?.count ?? 0) >= 188)
        #expect(accepted["n"] == nil, "invalid JSON accepted: \(accepted["n"] ?? [])")
        #expect(differing.isEmpty, "valid JSON read to another value than JSONSerialization's: \(differing)")
    }

    /// A value as our reader and as JSONSerialization read it: numbers by value.
    static func same(_ node: DocumentNode, _ value: Any) -> Bool {
        switch node {
        case .null: return value is NSNull
        case .bool(let flag): return (value as? Bool) == flag && !(value is Int && !(value is Bool))
        case .number(let text):
            // Foundation's reader rounds some long numbers in the last places (-1e-78 comes out
            // as -1.0000000000000005e-78): equal within that.
            guard let ours = Double(text), let theirs = (value as? NSNumber)?.doubleValue else { return false }
            return ours == theirs || abs(ours - theirs) <= 1e-12 * max(abs(ours), abs(theirs))
        case .string(let text): return (value as? String) == text
        case .array(let elements):
            guard let list = value as? [Any], list.count == elements.count else { return false }
            return zip(elements, list).allSatisfy { same($0, $1) }
        case .object(let object):
            guard let dictionary = value as? [String: Any], dictionary.count == object.keys.count else { return false }
            return object.members.allSatisfy { member in dictionary[member.key].map { same(member.value, $0) } ?? false }
        }
    }
}
