/// A unified diff of two texts (Myers' algorithm), as `diff -u` prints it.
public enum UnifiedDiff {
    private enum Edit: Equatable {
        case same(Int, Int), delete(Int), insert(Int)
    }

    /// The diff from `old` to `new` with 3 lines of context; empty when they are equal.
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        let edits = editScript(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < edits.count {
            // Find the next change and gather a hunk around it.
            guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if case .same = edits[end] {
                    if end - lastChange > context * 2 { break }
                } else {
                    lastChange = end
                }
                end += 1
            }
            end = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<end]
            let oldStart = hunk.compactMap { edit -> Int? in
                switch edit {
                case .same(let i, _), .delete(let i): return i
                case .insert: return nil
                }
            }.first
            let newStart = hunk.compactMap { edit -> Int? in
                switch edit {
                case .same(_, let j), .insert(let j): return j
                case .delete: return nil
                }
            }.first
            let oldCount = hunk.filter { if case .insert = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .delete = $0 { false } else { true } }.count
            output += "@@ -\(range(oldStart, oldCount, total: a.count)) +\(range(newStart, newCount, total: b.count)) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let i, _): output += " " + a[i] + "\n"
                case .delete(let i): output += "-" + a[i] + "\n"
                case .insert(let j): output += "+" + b[j] + "\n"
                }
            }
            index = end
        }
        return output
    }

    private static func range(_ start: Int?, _ count: Int, total: Int) -> String {
        let first = count == 0 ? (start ?? total) : (start ?? 0) + 1
        return count == 1 ? "\(first)" : "\(count == 0 ? max(0, first - 1) : first),\(count)"
    }

    private static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// The shortest edit script; beyond `maximumDistance` changes it replaces everything, which
    /// is still a correct diff and keeps memory bounded.
    private static func editScript(_ a: [String], _ b: [String], maximumDistance: Int = 1000) -> [Edit] {
        let n = a.count
        let m = b.count
        let maxD = min(n + m, maximumDistance)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            return (0..<n).map { .delete($0) } + (0..<m).map { .insert($0) }
        }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.same(x, y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(.insert(y))
                } else {
                    x -= 1
                    edits.append(.delete(x))
                }
            }
        }
        return edits.reversed()
    }
}
