import Foundation
import Testing

@testable import CourierRuntime

/// Recorded calls compare and hash by their endpoint and arguments, as derived code would.
@Suite("Recorded calls")
struct RecordedCallTests {
    struct Filter: Hashable, Sendable {
        var status: String
    }

    indirect enum Call: RecordedCall {
        case listAll
        case refresh
        case get(id: UUID)
        case search(text: String?, limit: Int?, tags: [String?], filter: Filter?)
        case find(text: String?, limit: Int?, tags: [String?], filter: Filter?)
    }

    static let id = UUID()

    @Test func callsOfTheSameEndpointWithEqualArgumentsAreEqual() {
        #expect(Call.listAll == .listAll)
        #expect(Call.get(id: Self.id) == .get(id: Self.id))
        #expect(Call.search(text: "a", limit: nil, tags: ["x", nil], filter: Filter(status: "open"))
            == .search(text: "a", limit: nil, tags: ["x", nil], filter: Filter(status: "open")))
        #expect(Call.search(text: nil, limit: nil, tags: [], filter: nil) == .search(text: nil, limit: nil, tags: [], filter: nil))
    }

    @Test func anyDifferenceMakesCallsUnequal() {
        let call = Call.search(text: "a", limit: 3, tags: ["x"], filter: Filter(status: "open"))
        #expect(Call.listAll != .refresh)
        #expect(Call.get(id: Self.id) != .get(id: UUID()))
        #expect(call != .find(text: "a", limit: 3, tags: ["x"], filter: Filter(status: "open")))
        #expect(call != .search(text: nil, limit: 3, tags: ["x"], filter: Filter(status: "open")))
        #expect(call != .search(text: "a", limit: 4, tags: ["x"], filter: Filter(status: "open")))
        #expect(call != .search(text: "a", limit: 3, tags: ["x", nil], filter: Filter(status: "open")))
        #expect(call != .search(text: "a", limit: 3, tags: ["x"], filter: Filter(status: "closed")))
        #expect(call != .search(text: "a", limit: 3, tags: ["x"], filter: nil))
        #expect(Call.listAll != .get(id: Self.id))
    }

    @Test func equalCallsHashAlikeAndASetKeepsOneOfEach() {
        let calls: [Call] = [
            .listAll, .listAll, .get(id: Self.id), .get(id: Self.id), .search(text: nil, limit: 1, tags: [], filter: nil),
            .search(text: nil, limit: 1, tags: [], filter: nil), .search(text: nil, limit: 2, tags: [], filter: nil), .refresh,
        ]
        #expect(Set(calls).count == 5)
        #expect(Call.search(text: "a", limit: nil, tags: [nil], filter: nil).hashValue == Call.search(text: "a", limit: nil, tags: [nil], filter: nil).hashValue)
    }
}
