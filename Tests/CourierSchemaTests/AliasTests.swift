import Testing

@testable import CourierSchema

/// `alias Name = Type`: every use resolves to the type the alias stands for, through other
/// aliases, and the API lists each alias for code generation.
@Suite("Aliases")
struct AliasTests {
    @Test func usesResolveToTheTargetThroughOtherAliases() throws {
        let api = try #require(
            compileValid(
                """
                api T {
                  error Problem
                }
                model Detail {
                  text: String
                }
                alias Problem = Detail
                enum Mood { happy, sad }
                /// A mood by another name.
                alias Feeling = Mood
                alias Feelings = [Feeling]
                alias Note = Problem
                model Diary {
                  note: Note
                  feelings: Feelings = []
                  today: Feeling = happy
                  byDay: [String: Feeling]?
                }
                group G {
                  get: GET /diary/{feeling} {
                    path feeling: Feeling
                    query also: Feelings?
                    returns Note
                  }
                }
                """))
        #expect(api.errorModel == "Detail")
        #expect(api.aliases.map(\.name) == ["Problem", "Feeling", "Feelings", "Note"])
        #expect(api.aliases.map(\.target) == [.model("Detail"), .enumeration("Mood"), .array(.enumeration("Mood")), .model("Detail")])
        #expect(api.alias(named: "Feeling")?.docs == ["A mood by another name."])
        let diary = try #require(api.model(named: "Diary"))
        #expect(diary.fields.map(\.type) == [.model("Detail"), .array(.enumeration("Mood")), .enumeration("Mood"), .optional(.dictionary(.enumeration("Mood")))])
        #expect(diary.fields[2].defaultValue == .enumCase("happy"))
        let endpoint = try #require(api.endpoints.first)
        #expect(endpoint.parameters.map(\.type) == [.enumeration("Mood"), .optional(.array(.enumeration("Mood")))])
        #expect(endpoint.response == .value(.model("Detail")))
    }

    @Test func anAliasOfATextValueMakesAUnionParametersCanSend() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                alias Name = String
                union Names {
                  one: Name
                  many: [Name]
                }
                group G {
                  list: GET /items {
                    query names: Names?
                  }
                }
                """))
        #expect(api.endpoints.first?.parameters.first?.type == .optional(.union("Names")))
    }

    @Test func aModelThatContainsItselfThroughAnAliasIsBoxed() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                model Node {
                  next: Next?
                }
                alias Next = Node
                """))
        #expect(api.model(named: "Node")?.fields.first?.isIndirect == true)
    }

    @Test func aDeprecatedAliasIsMarked() throws {
        let api = try #require(compileValid("api T {}\n@deprecated(\"use B\")\nalias A = String\n"))
        #expect(api.alias(named: "A")?.deprecation == Deprecation(message: "use B"))
    }
}
