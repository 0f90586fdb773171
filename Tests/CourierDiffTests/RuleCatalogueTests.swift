import Foundation
import Testing

@testable import CourierDiff

/// `Docs/BreakingChanges.md` describes every rule with a before and after schema; each example
/// must report its rule, so the catalogue and the documentation cannot drift apart.
@Suite("The rule catalogue")
struct RuleCatalogueTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let rule: String
        let before: String
        let after: String
        var testDescription: String { rule }
    }

    /// The `#### \`rule-id\`` sections and the first two ```api blocks of each.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Docs/BreakingChanges.md"), encoding: .utf8)
        var examples: [Example] = []
        let sections = text.components(separatedBy: "\n#### `").dropFirst()
        for section in sections {
            let rule = String(section.prefix { $0 != "`" })
            let blocks = section.components(separatedBy: "```api\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            guard blocks.count >= 2 else { continue }
            examples.append(Example(rule: rule, before: blocks[0], after: blocks[1]))
        }
        return examples
    }

    @Test func everyRuleIsDocumentedOnceAndNothingElseIs() throws {
        let documented = try Self.examples().map(\.rule)
        #expect(documented.sorted() == DiffRule.catalogue.map(\.id).sorted())
        #expect(Set(documented).count == documented.count, "a rule is documented twice")
        #expect(Set(DiffRule.catalogue.map(\.id)).count == DiffRule.catalogue.count, "two rules share an id")
    }

    @Test(arguments: try examples())
    func eachExampleReportsItsRuleAtItsLevel(_ example: Example) throws {
        let findings = try diff(example.before, example.after)
        let rule = try #require(DiffRule.catalogue.first { $0.id == example.rule })
        let matching = findings.filter { $0.rule.id == example.rule }
        #expect(!matching.isEmpty, "\(example.rule) not reported; got \(ruleIDs(findings))")
        for finding in matching {
            #expect(finding.rule == rule)
            #expect(finding.message.count > 20)
        }
        // The documentation names each rule's level: the text after the heading says it.
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Docs/BreakingChanges.md"), encoding: .utf8)
        let section = text.components(separatedBy: "#### `\(example.rule)`")[1]
        #expect(section.contains("**\(rule.profile.title): \(rule.level.rawValue).**"), "the docs give \(example.rule) another level")
    }
}
