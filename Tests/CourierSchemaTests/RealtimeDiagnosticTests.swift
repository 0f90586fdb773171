import Testing

@testable import CourierSchema

private let api = "\napi T {\n  realtime \"/realtime/v1/websocket\"\n}\n"
private let rows = "model Row {\n  id: Int\n  owner: String\n}\nmodel Key {\n  id: Int\n}\n"
private func changes(_ body: String, rowsFirst: Bool = true) -> String {
    (rowsFirst ? rows : "") + "group G {\n  c: CHANGES rows {\n" + body + "\n  }\n}" + api
}

/// The rules of table subscriptions, broadcast channels and WebSocket endpoints.
@Suite("Diagnostics of realtime members")
struct RealtimeDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "no realtime socket", source: rows + "group G {\n  c: 1️⃣CHANGES rows {\n    row Row\n    events insert\n  }\n}\napi T {}\n",
              message: "'c' travels on the API's realtime socket, and the api block names none"),
        .init(name: "realtime path without a slash", source: "api T {\n  realtime 1️⃣\"realtime\"\n}\n",
              message: "\"realtime\" is not the path of a realtime socket"),
        .init(name: "no row", source: changes("    1️⃣events insert").replacingOccurrences(of: "  c: CHANGES", with: "  1️⃣c: CHANGES").replacingOccurrences(of: "    1️⃣events", with: "    events"),
              message: "'c' does not say what a row of rows is"),
        .init(name: "a row that is not a model", source: changes("    row 1️⃣[Row]\n    events insert"),
              message: "a row must be a model, not '[Row]'"),
        .init(name: "updates without an old row", source: rows + "group G {\n  1️⃣c: CHANGES rows {\n    row Row\n  }\n}" + api,
              message: "'c' follows updates or deletes and does not say what the server sends of the old row"),
        .init(name: "an old row with a column the row lacks", source: rows + "model Other {\n  1️⃣name: String\n}\n" + "group G {\n  c: CHANGES rows {\n    row Row\n    old Other\n  }\n}" + api,
              message: "'Other.name' is not a column of the row 'Row'"),
        .init(name: "an old row of another type", source: rows + "model Other {\n  1️⃣id: String\n}\n" + "group G {\n  c: CHANGES rows {\n    row Row\n    old Other\n  }\n}" + api,
              message: "'Other.id' is 'String', and the row's 'id' is 'Int'"),
        .init(name: "two filters", source: changes("    row Row\n    old Key\n    filter id: Int\n    1️⃣filter owner: String"),
              message: "Supabase Realtime filters a subscription on one column"),
        .init(name: "a filter on no column", source: changes("    row Row\n    old Key\n    filter 1️⃣ownr: String"),
              message: "'ownr' is not a field of the row 'Row' (did you mean 'owner'?)"),
        .init(name: "a filter of another type", source: changes("    row Row\n    old Key\n    filter id: 1️⃣String"),
              message: "the filter on 'id' must be its column's type, 'Int', or optional"),
        .init(name: "deletions filtered on a column the old row lacks", source: changes("    row Row\n    old Key\n    filter 1️⃣owner: String"),
              message: "deletions cannot be filtered on 'owner': the old row 'Key' does not hold that column", severity: .warning),
        .init(name: "an unknown kind of change", source: changes("    row Row\n    old Key\n    events update, 1️⃣deleted"),
              message: "unknown kind of change 'deleted' (did you mean 'delete'?)"),
        .init(name: "two events lines", source: changes("    row Row\n    old Key\n    events update\n    1️⃣events delete"),
              message: "'c' has more than one 'events' line"),
        .init(name: "a line CHANGES does not take", source: changes("    row Row\n    old Key\n    1️⃣sends Row"),
              message: "CHANGES has no 'sends' line"),
        .init(name: "two rows", source: changes("    row Row\n    old Key\n    1️⃣row Key"),
              message: "'c' has more than one 'row'"),
        .init(name: "an unknown line", source: changes("    row Row\n    old Key\n    1️⃣rows Key"),
              message: "expected a line such as 'row Model' or 'filter id: UUID', found 'rows'", total: 1),
        .init(name: "a table with spaces", source: rows + "group G {\n  c: CHANGES \"1️⃣a b\" {\n    row Row\n    events insert\n  }\n}" + api,
              message: "'a b' is not a table's name"),
        .init(name: "@public on a subscription", source: rows + "group G {\n  c: CHANGES rows 1️⃣@public {\n    row Row\n    events insert\n  }\n}" + api,
              message: "'@public' does not apply to CHANGES: the realtime socket joins with the session's token"),
        .init(name: "a broadcast without events", source: "group G {\n  1️⃣b: BROADCAST \"room\"\n}" + api,
              message: "'b' declares no event"),
        .init(name: "an event declared twice", source: rows + "group G {\n  b: BROADCAST \"room\" {\n    event moved: Row\n    event 1️⃣moved: Key\n  }\n}" + api,
              message: "event 'moved' is declared twice"),
        .init(name: "a topic placeholder without a parameter", source: rows + "group G {\n  b: BROADCAST \"room:{1️⃣id}\" {\n    event moved: Row\n  }\n}" + api,
              message: "placeholder '{id}' has no 'path id' parameter"),
        .init(name: "a broadcast topic that is not a string", source: "group G {\n  b: BROADCAST 1️⃣room\n}" + api,
              message: "expected the channel's topic in quotes after BROADCAST, found 'room'"),
        .init(name: "a socket that receives nothing", source: rows + "group G {\n  1️⃣s: WEBSOCKET /socket {\n    sends Row\n  }\n}" + api,
              message: "'s' does not say what the server sends"),
        .init(name: "a socket with a row", source: rows + "group G {\n  s: WEBSOCKET /socket {\n    receives Row\n    1️⃣row Row\n  }\n}" + api,
              message: "WEBSOCKET has no 'row' line"),
        .init(name: "a realtime member named like an endpoint", source: rows + "group G {\n  s: GET /s\n  1️⃣s: WEBSOCKET /socket {\n    receives Row\n  }\n}" + api,
              message: "method 's' of the realtime member clashes with the method of the endpoint"),
        .init(name: "a type named like a CourierRealtime type", source: rows + "model 1️⃣TableChange {\n  id: Int\n}\ngroup G {\n  c: CHANGES rows {\n    row Row\n    events insert\n  }\n}" + api,
              message: "type name 'TableChange' would clash with a CourierRealtime type, which the realtime members' code imports"),
        .init(name: "a channel whose message enum the schema declares", source: rows + "model RoomMessage {\n  id: Int\n}\ngroup G {\n  1️⃣room: BROADCAST \"room\" {\n    event moved: Row\n  }\n}" + api,
              message: "'room' generates the enum 'RoomMessage' for its messages, which the schema declares too"),
    ]

    @Test(arguments: cases)
    func diagnosticLandsAtMarker(_ testCase: DiagnosticCase) {
        DiagnosticTests().diagnosticLandsAtMarker(testCase)
    }

    /// Each kind reads into the model: the table's schema and name, the kinds of change in
    /// order, the filter's column, the events' wire names, the socket's types and auth.
    @Test func theMembersReadIntoTheModel() throws {
        let api = try #require(compileValid(rows + """
            group G {
              c: CHANGES "audit.rows" {
                filter owner: String?
                row Row
                old Row
                events delete, insert
              }
              b: BROADCAST "room:{id}" {
                path id: Int
                event moved: Row @wire("moved-row")
                event said: Key
              }
              s: WEBSOCKET /rooms/{id} @public {
                path id: Int
                query user: String
                receives Row
              }
            }
            api T {
              realtime "/realtime/v1/websocket"
            }
            """))
        #expect(api.realtimePath == "/realtime/v1/websocket")
        let members = try #require(api.groups.first?.realtime)
        guard case .tableChanges(let table) = members[0].kind, case .broadcast(let channel) = members[1].kind,
            case .webSocket(let socket) = members[2].kind
        else { Issue.record("kinds: \(members.map(\.kind))"); return }
        #expect(table.schema == "audit" && table.table == "rows" && table.events == [.insert, .delete])
        #expect(table.filter?.wireName == "owner" && table.filter?.type == .optional(.scalar(.string)) && table.old == .model("Row"))
        #expect(channel.events.map(\.wireName) == ["moved-row", "said"] && channel.parameters.map(\.name) == ["id"])
        #expect(socket.sends == nil && socket.receives == .model("Row") && socket.auth == AuthScheme.none)
        #expect(socket.parameters.map(\.kind) == [.path, .query])
    }
}
