/// Finds the candidate closest to a misspelled name, for "did you mean" hints.
public enum Suggestion {
    /// The closest candidate, or nil when none is close enough to be a plausible typo.
    public static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
    where S.Element == String {
        let lowered = Array(name.lowercased().utf8)
        let limit = max(1, min(3, (lowered.count + 1) / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let loweredCandidate = Array(candidate.lowercased().utf8)
            var distance = editDistance(lowered, loweredCandidate, limit: limit)
            // A name that starts a longer candidate (`snake` for `snake_case`) is a likely slip too.
            if distance > limit, lowered.count >= 3, loweredCandidate.starts(with: lowered) { distance = limit }
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance
                || (distance == best!.distance && candidate < best!.name)
            {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The message suffix ` (did you mean 'x'?)`, or an empty string.
    public static func didYouMean<S: Sequence>(_ name: String, in candidates: S) -> String
    where S.Element == String {
        closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of neighbours
    /// (optimal string alignment), with an early exit once every path exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
