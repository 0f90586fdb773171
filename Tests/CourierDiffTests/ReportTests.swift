import CourierSchema
import Foundation
import Testing

@testable import CourierDiff

/// The accept file and the three output formats.
@Suite("Reports and accepted changes")
struct ReportTests {
    static let before = """
        model Item {
          id: String
          legacyCode: String
          note: String?
        }
        group Items {
          getItem: GET /items/{id} {
            path id: String
            returns Item
          }
        }
        """
    static let after = """
        model Item {
          id: String
        }
        group Items {
          getItem: GET /items/{id} {
            path id: String
            returns Item
          }
        }
        """

    func report(accepting text: String? = nil) throws -> DiffReport {
        let list = try text.map { text in try AcceptList(text: text, path: "shop.accept") }
        return DiffReport(
            base: try compileSchema(Self.before, path: "before/shop.api"), head: try compileSchema(Self.after, path: "after/shop.api"),
            baseName: "main", headName: "Schema/Shop", accepting: list)
    }

    @Test func anAcceptedChangeIsListedWithItsReasonAndDoesNotFail() throws {
        let accepted = try report(
            accepting: """
                # changes made on purpose
                response-field-removed  Item.legacyCode  # unused since 3.2
                property-removed        Item.*           # the model was rewritten

                endpoint-removed        oldThing         # retired
                """)
        #expect(accepted.fails(at: .error) == false)
        #expect(accepted.fails(at: .warning))
        let legacy = try #require(accepted.findings.first { $0.subject == "Item.legacyCode" && $0.rule == .responseFieldRemoved })
        #expect(legacy.acceptedBecause == "unused since 3.2")
        #expect(accepted.findings.filter { $0.rule == .propertyRemoved }.allSatisfy { $0.isAccepted })
        #expect(accepted.unusedAcceptances.map(\.subject) == ["oldThing"])
        #expect(accepted.compilerStyle().contains("line 5 (endpoint-removed oldThing) matches no change"))
        #expect(try report().fails(at: .error))
    }

    @Test(arguments: [
        ("response-field-removed Item.title", "shop.accept:1:1: error: say why after '#'"),
        ("response-feild-removed Item.title # why", "shop.accept:1:1: error: 'response-feild-removed' is not a rule id (did you mean 'response-field-removed'?)"),
        ("\nresponse-field-removed # why", "shop.accept:2:1: error: expected 'rule-id subject # reason'"),
    ])
    func aBadAcceptLineIsAnErrorAtItsLine(_ text: String, _ expected: String) {
        do {
            _ = try AcceptList(text: text, path: "shop.accept")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func compilerStyleLinesNameFileLineColumnLevelRuleAndEndpoints() throws {
        let lines = try report().compilerStyle().split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "after/shop.api:4:7: error: [response-field-removed] installed apps: `legacy_code` of `Item` is no longer sent; installed apps need it and fail to decode `Item`. (getItem) [in the base at before/shop.api:6:3]"))
        #expect(lines.contains { $0.hasPrefix("after/shop.api:4:7: warning: [response-optional-field-removed] installed apps:") && $0.hasSuffix("[in the base at before/shop.api:7:3]") })
        #expect(lines.last == "installed apps: 1 error, 1 warning, 0 notes; swift source: 2 errors, 0 warnings, 0 notes")
    }

    @Test func markdownHasATableOfTotalsThenEachProfile() throws {
        let markdown = try report(accepting: "property-removed Item.note # fine").markdown()
        #expect(markdown.hasPrefix("## `courier diff` main → Schema/Shop\n\n| | errors | warnings | notes |\n|---|---|---|---|\n| Installed apps | 1 | 1 | 0 |\n| Swift source | 1 | 0 | 0 |\n"))
        #expect(markdown.contains("\n### Installed apps\n\n| level | rule | where | change | endpoints |"))
        #expect(markdown.contains("| **error** | `response-field-removed` | `shop.api:4` (was line 6) |"))
        #expect(markdown.contains("| accepted (fine) | `property-removed` |"))
    }

    @Test func jsonCarriesEveryFieldForTools() throws {
        let data = Data(try report().json().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: [String: Int]])
        #expect(summary["installed-apps"] == ["error": 1, "warning": 1, "note": 0])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        #expect(first["rule"] as? String == "response-field-removed")
        #expect(first["profile"] as? String == "installed-apps")
        #expect(first["level"] as? String == "error")
        #expect(first["file"] as? String == "after/shop.api")
        #expect(first["line"] as? Int == 4)
        #expect(first["removedFrom"] as? String == "before/shop.api:6:3")
        #expect(first["subject"] as? String == "Item.legacyCode")
        #expect(first["endpoints"] as? [String] == ["getItem"])
    }
}
