import Foundation

extension Everything {
    /// A value with every field set, for round-trip tests.
    public static let sample = Everything(
        text: "t", count: 7, big: Int64.max, huge: UInt64.max, ratio: 0.5, small: 1.5, flag: false, at: Date(timeIntervalSince1970: 1_800_000_000),
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, link: URL(string: "https://example.com/a"),
        blob: Data([1, 2, 3]), raw: ["k": [1, "two"]], map: ["a": [1, 2]], direction: .down, mood: .veryHappy,
        ownerURL: "owner", old: "legacy", default: 1, self: "me")
}
