import Testing

private let api = "\napi T {}\n"

@testable import CourierSchema

/// Parameters that hold one value or a list: arrays in the path and headers, and unions of text
/// values and arrays of them anywhere a parameter goes (OpenSearch's `Indices`).
@Suite("Parameters of one value or a list")
struct ValueOrListParameterTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "a union with a model in a query",
              source: "model M {\n  a: Int\n}\nunion U {\n  one: String\n  m: M\n}\ngroup G {\n  a: GET /a {\n    query q: 1️⃣U?\n  }\n}" + api,
              message: "type 'U?' cannot be sent as a query parameter"),
        .init(name: "a union of a list of lists in a path",
              source: "union U {\n  one: String\n  nested: [[String]]\n}\ngroup G {\n  a: GET /a/{p} {\n    path p: 1️⃣U\n  }\n}" + api,
              message: "type 'U' cannot be sent as a path parameter", total: 2),
        .init(name: "a tagged union in a header",
              source: "model M {\n  a: Int\n}\nunion U tag \"t\" {\n  m: M\n}\ngroup G {\n  a: GET /a {\n    header h: 1️⃣U?\n  }\n}" + api,
              message: "type 'U?' cannot be sent as a header parameter"),
        // JSON and Bytes are not text values, alone, in a list or in a union.
        .init(name: "JSON in a query", source: "group G {\n  a: GET /a {\n    query q: 1️⃣JSON?\n  }\n}" + api,
              message: "type 'JSON?' cannot be sent as a query parameter"),
        .init(name: "a list of Bytes in a header", source: "group G {\n  a: GET /a {\n    header h: 1️⃣[Bytes]?\n  }\n}" + api,
              message: "type '[Bytes]?' cannot be sent as a header parameter"),
        .init(name: "a union with JSON in a path",
              source: "union U {\n  one: String\n  any: JSON\n}\ngroup G {\n  a: GET /a/{p} {\n    path p: 1️⃣U\n  }\n}" + api,
              message: "type 'U' cannot be sent as a path parameter", total: 2),
        .init(name: "JSON in a form", source: "group G {\n  a: POST /a {\n    body form { m: 1️⃣JSON }\n  }\n}" + api,
              message: "type 'JSON' cannot be sent in a form body"),
        .init(name: "a map in a path", source: "group G {\n  a: GET /a/{p} {\n    path p: 1️⃣[String: String]\n  }\n}" + api,
              message: "type '[String: String]' cannot be sent as a path parameter", total: 2),
    ]

    /// A union of values and arrays of them, declared after the group that uses it, in every
    /// place; arrays in the path and a header; a style on the union in the query.
    @Test func valuesOrListsAreTakenInEveryPlace() throws {
        let api = try #require(compileValid("""
            group G {
              a: GET /a/{names}/{ids} {
                path names: Names
                path ids: [Int]
                query routing: Names? @style(commaDelimited)
                query fields: Names?
                header tags: [Level]? @wire("X-Tags")
                header scope: Names @wire("X-Scope")
              }
            }
            enum Level {
              low
              high
            }
            union Names {
              level: Level
              at: Date
              many: [String]
            }
            api T {}
            """))
        #expect(api.endpoints[0].parameters.map { "\($0.name): \($0.type) \($0.arrayStyle?.rawValue ?? "-")" } == [
            "names: Names -", "ids: [Int] -", "routing: Names? commaDelimited", "fields: Names? -", "tags: [Level]? -", "scope: Names -",
        ])
    }
}
