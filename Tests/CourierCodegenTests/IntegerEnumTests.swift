import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// `enum Priority: Int` is open like a string enum; `@frozen enum Level: Int` is closed.
@Suite("Integer enums")
struct IntegerEnumTests {
    let decoder = JSONCoding.decoder(for: .unixSeconds)
    let encoder = JSONCoding.encoder(for: .unixSeconds)

    @Test func valuesTravelAsNumbersAndUnknownOnesSurvive() throws {
        let ticket = try decoder.decode(Ticket.self, from: Data(#"{"priority": 9, "level": 2, "history": [1, 3, 7]}"#.utf8))
        #expect(ticket.priority == .unknown(9))
        #expect(ticket.level == .second)
        #expect(ticket.history == [.low, .urgent, .unknown(7)])
        let object = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(ticket)) as? [String: Any])
        #expect(object["priority"] as? Int == 9)
        #expect(object["level"] as? Int == 2)
        #expect(object["history"] as? [Int] == [1, 3, 7])
        #expect(try decoder.decode(Ticket.self, from: Data("{}".utf8)).priority == .normal)
    }

    @Test func anUnknownValueEqualsTheCaseItNames() {
        #expect(Priority.unknown(3) == .urgent)
        #expect(Set([Priority.low, .unknown(1), .unknown(8)]) == [.low, .unknown(8)])
        #expect(Priority(rawValue: 2) == .normal)
    }

    /// A literal is the case for its value, or `unknown`: an open enum stands where a plain
    /// `String` or `Int` did (an importer's "any string, and these are known"), and is written
    /// as one.
    @Test func literalsAreValuesOfOpenEnums() {
        let urgent: Priority = 3
        let later: Priority = 8
        #expect(urgent == .urgent && later == .unknown(8))
        let happy: Mood = "very_happy"
        let unknown: Mood = "grumpy"
        #expect(happy == .veryHappy && unknown == .unknown("grumpy"))
        let moods: [Mood] = ["happy", "meh", ""]
        #expect(moods.map(\.rawValue) == ["happy", "meh", ""])
        #expect(moods[0] == .happy)
    }

    @Test func aFrozenIntegerEnumRefusesUnknownValuesAndText() throws {
        #expect(throws: DecodingError.self) { try decoder.decode(Level.self, from: Data("5".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Priority.self, from: Data(#""low""#.utf8)) }
    }

    @Test func pathsAndQueriesCarryTheNumber() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/tickets/1", json: [Ticket()])
        _ = try await mock.tickets(level: .first, priority: .urgent)
        #expect(mock.requests.first?.path == "/tickets/1")
        #expect(mock.requests.first?.query.map { "\($0.name)=\($0.value ?? "")" } == ["priority=3"])
    }
}
