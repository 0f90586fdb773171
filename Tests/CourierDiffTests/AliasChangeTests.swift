import CourierSchema
import Testing

@testable import CourierDiff

/// A type that becomes another name for one of the same shape, as `courier import` declares
/// identical schemas, is compared with that type: only the aliasing itself is reported. An
/// alias whose target differs is judged by its target's members.
@Suite("Types that become aliases")
struct AliasChangeTests {
    static let base = """
        model UsageRecord {
          count: Int
          label: String?
        }
        model DailyUsage {
          count: Int
          label: String?
        }
        group Usage {
          daily: GET /usage/daily {
            returns [DailyUsage]
          }
          record: POST /usage {
            body DailyUsage
          }
        }
        """

    static let aliased = base.replacingOccurrences(
        of: "model DailyUsage {\n  count: Int\n  label: String?\n}", with: "alias DailyUsage = UsageRecord")

    @Test func aModelThatBecomesAnAliasOfAnIdenticalOneIsOnlyAWarning() throws {
        #expect(Self.aliased != Self.base)
        let findings = try diff(Self.base, Self.aliased)
        #expect(ruleIDs(findings) == ["type-became-alias"], "\(findings.map(\.compilerStyle))")
        #expect(findings.first?.message.contains("another name for `UsageRecord`") == true)
    }

    /// The base's generated code spells the alias's target, so what it returned and took is
    /// now another type: code that named `UsageRecord` there breaks, and is told so.
    @Test func anAliasThatBecomesAModelAgainIsAWarningAndTheSignaturesItChanges() throws {
        let findings = try diff(Self.aliased, Self.base)
        #expect(ruleIDs(findings) == ["alias-became-type", "argument-type-changed", "method-result-changed"], "\(findings.map(\.compilerStyle))")
    }

    @Test func anAliasOfAModelWithOtherFieldsReportsTheFieldsOnBothSides() throws {
        let head = Self.aliased.replacingOccurrences(of: "model UsageRecord {\n  count: Int\n  label: String?\n}", with: "model UsageRecord {\n  count: Int\n}")
        let findings = try diff(Self.base, head)
        let rules = Set(ruleIDs(findings))
        #expect(rules.contains("type-became-alias"))
        // Installed apps still read `label` as absent; Swift code that sets it breaks.
        #expect(rules.contains("response-optional-field-removed"), "\(findings.map(\.compilerStyle))")
        #expect(rules.contains("property-removed"), "\(findings.map(\.compilerStyle))")
        #expect(findings.contains { $0.subject == "DailyUsage.label" })
    }

    @Test func anAliasThatStandsForAnotherShapeIsAKindChange() throws {
        let base = "alias Labels = [String]\ngroup G {\n  ping: GET /ping\n}\n"
        let head = "alias Labels = [Int]\ngroup G {\n  ping: GET /ping\n}\n"
        #expect(ruleIDs(try diff(base, head)) == ["type-kind-changed"])
        #expect(try diff(base, base).isEmpty)
    }

    @Test func anAliasOfAnIdenticalUnionIsNotAWireChange() throws {
        let base = """
            model A {
              a: String
            }
            union Shape tag "kind" {
              a: A
            }
            union Form tag "kind" {
              a: A
            }
            group G {
              get: GET /form {
                returns Form
              }
            }
            """
        let head = base.replacingOccurrences(of: "union Form tag \"kind\" {\n  a: A\n}", with: "alias Form = Shape")
        #expect(ruleIDs(try diff(base, head)) == ["type-became-alias"])
    }
}
