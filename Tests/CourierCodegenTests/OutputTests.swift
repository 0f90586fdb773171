import CourierCodegen
import Testing

@Suite("generate and check: output plans and diffs")
struct OutputTests {
    let marker = CodeGenerator.marker

    @Test func onlyChangedFilesAreWrittenAndOnlyGeneratedFilesRemoved() {
        let generated = [GeneratedFile(name: "A.swift", contents: "\(marker) a\n"), GeneratedFile(name: "B.swift", contents: "\(marker) b2\n")]
        let existing = [
            "A.swift": "\(marker) a\n", "B.swift": "\(marker) b1\n", "Old.swift": "\(marker) old\n", "Mine.swift": "// hand-written\n",
        ]
        let plan = OutputPlan(generated: generated, existing: existing)
        #expect(plan.writes.map(\.name) == ["B.swift"])
        #expect(plan.unchanged == ["A.swift"])
        #expect(plan.removals == ["Old.swift"])
        #expect(!plan.isUpToDate)
        #expect(OutputPlan(generated: generated, existing: ["A.swift": "\(marker) a\n", "B.swift": "\(marker) b2\n", "Mine.swift": "x"]).isUpToDate)
    }

    @Test func checkShowsAUnifiedDiffOfEveryChange() {
        let generated = [GeneratedFile(name: "A.swift", contents: "1\n2\n3\n"), GeneratedFile(name: "New.swift", contents: "n\n")]
        let existing = ["A.swift": "1\nX\n3\n", "Gone.swift": "\(marker)\n"]
        let diff = OutputPlan(generated: generated, existing: existing).diff(existing: existing, folder: "Generated/T")
        #expect(
            diff == """
                --- a/Generated/T/A.swift
                +++ b/Generated/T/A.swift
                @@ -1,3 +1,3 @@
                 1
                -X
                +2
                 3
                --- /dev/null
                +++ b/Generated/T/New.swift
                @@ -0,0 +1 @@
                +n
                --- a/Generated/T/Gone.swift
                +++ /dev/null
                @@ -1 +0,0 @@
                -\(marker)

                """)
    }

    @Test func hunksKeepThreeLinesOfContextAndSplitFarApartChanges() {
        let old = (1...20).map(String.init).joined(separator: "\n") + "\n"
        var lines = (1...20).map(String.init)
        lines[1] = "two"
        lines[17] = "eighteen"
        let new = lines.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
        #expect(diff.components(separatedBy: "@@ -").count == 3)
        #expect(diff.contains("@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n"))
        #expect(diff.contains("@@ -15,6 +15,6 @@\n 15\n 16\n 17\n-18\n+eighteen\n 19\n 20\n"))
        #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    @Test func diffsOfLargeRewritesStayCorrect() {
        let old = (0..<3000).map { "old \($0)" }.joined(separator: "\n") + "\n"
        let new = (0..<3000).map { "new \($0)" }.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
        #expect(diff.components(separatedBy: "\n-old ").count == 3001)
        #expect(diff.components(separatedBy: "\n+new ").count == 3001)
    }
}
