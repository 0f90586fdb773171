import Testing

@testable import CourierDiff

/// Breaks that hide: reached through other types, made by a setting rather than a field, or
/// deprecated first. A missed break costs more than a false alarm, so these come first.
@Suite("Breaks that hide")
struct MissedBreakTests {
    /// Installed-apps findings at error level, as `rule subject`.
    func appErrors(_ before: String, _ after: String) throws -> [String] {
        try diff(before, after).filter { $0.rule.profile == .installedApps && $0.rule.level == .error }.map { "\($0.rule.id) \($0.subject)" }.sorted()
    }

    @Test func aFieldRemovedDeepInsideAPageOfResponses() throws {
        let before = """
            model Author {
              name: String
              handle: String
            }
            model Post {
              id: String
              author: Author
            }
            group Feed {
              feed: GET /feed {
                query cursor: String?
                returns Page<Post>
              }
            }
            """
        let after = before.replacingOccurrences(of: "  handle: String\n", with: "")
        let findings = try diff(before, after)
        let removed = try #require(findings.first { $0.rule == .responseFieldRemoved })
        #expect(removed.subject == "Author.handle")
        #expect(removed.endpoints == ["feed"])
        // Anchored at the model in the head, which is still there; the base line is kept too.
        #expect(removed.location.file == "after/shop.api")
        #expect(removed.removedFrom?.file == "before/shop.api")
        #expect(removed.removedFrom?.line == 6)
    }

    @Test func aKeyRenamedOnTheWireWithTheSwiftNameKept() throws {
        let before = "model Item {\n  title: String\n}\ngroup Items {\n  getItem: GET /item {\n    returns Item\n  }\n}\n"
        let after = before.replacingOccurrences(of: "title: String", with: "title: String @wire(\"name\")")
        #expect(try appErrors(before, after) == ["response-field-removed Item.title"])
        #expect(try diff(before, after).filter { $0.rule.profile == .swiftSource }.isEmpty)
        #expect(try diff(before, after).first { $0.rule == .responseFieldRemoved }?.message.contains("now sent as `name`") == true)
    }

    @Test func aQueryParameterRenamedOnTheWireIsAnErrorAndNothingElse() throws {
        let before = "group Items {\n  search: GET /search {\n    query limit: Int?\n    query text: String?\n  }\n}\n"
        let renamed = before.replacingOccurrences(of: "query limit: Int?", with: "query limit: Int? @wire(\"max\")")
        let findings = try diff(before, renamed)
        #expect(ruleIDs(findings) == ["parameter-renamed-on-wire"], "no parameter-added or parameter-removed beside it")
        let finding = try #require(findings.first)
        #expect(finding.rule.level == .error)
        #expect(finding.subject == "search.limit")
        #expect(finding.message.contains("now reads query `max` instead of query `limit`"), "\(finding.message)")
        #expect(finding.location.file == "after/shop.api" && finding.location.line == 6)

        // Moved from the query to a header: the server reads another place.
        let moved = before.replacingOccurrences(of: "query limit: Int?", with: "header limit: Int? @wire(\"X-Limit\")")
        #expect(try appErrors(before, moved) == ["parameter-renamed-on-wire search.limit"])

        // Removed outright, it stays a warning.
        let removed = before.replacingOccurrences(of: "    query limit: Int?\n", with: "")
        #expect(ruleIDs(try diff(before, removed)).contains("parameter-removed"))
        #expect(try appErrors(before, removed).isEmpty)
    }

    /// The same name and type, written another way: installed apps keep the old way.
    @Test func aQueryParameterWrittenAnotherWayIsAnError() throws {
        let before = "group Items {\n  search: GET /search {\n    query ids: [Int]?\n    query owner: String?\n    query filter: [String: String]?\n  }\n}\n"
        let comma = before.replacingOccurrences(of: "query ids: [Int]?", with: "query ids: [Int]? @style(commaDelimited)")
        let finding = try #require(try diff(before, comma).first)
        #expect(try appErrors(before, comma) == ["parameter-encoding-changed search.ids"])
        #expect(finding.message.contains("is now sent comma-separated, not with its name repeated"), "\(finding.message)")
        let prefixed = before.replacingOccurrences(of: "query owner: String?", with: "query owner: String? @prefix(\"eq.\")")
        #expect(try appErrors(before, prefixed) == ["parameter-encoding-changed search.owner"])
        let deep = before.replacingOccurrences(of: "query filter: [String: String]?", with: "query filter: [String: String]? @style(deepObject)")
        #expect(try appErrors(before, deep) == ["parameter-encoding-changed search.filter"])
        #expect(try diff(before, before).isEmpty)
    }

    @Test func anEnumValueRemovedThatOnlyRequestsSend() throws {
        let before = """
            enum Sort {
              newest
              oldest
            }
            group Items {
              listItems: GET /items {
                query sort: [Sort]?
              }
            }
            """
        let after = before.replacingOccurrences(of: "  oldest\n", with: "")
        #expect(try appErrors(before, after) == ["request-enum-value-removed Sort.oldest"])
    }

    @Test func anEnumValueRemovedThatOnlyResponsesHoldIsNotAnAppError() throws {
        let before = "enum Sort {\n  newest\n  oldest\n}\ngroup Items {\n  sort: GET /sort {\n    returns Sort\n  }\n}\n"
        let after = before.replacingOccurrences(of: "  oldest\n", with: "")
        #expect(try appErrors(before, after).isEmpty)
    }

    @Test func aModelUsedBothWaysIsJudgedBothWays() throws {
        let before = """
            model Profile {
              name: String
            }
            group Me {
              getProfile: GET /me {
                returns Profile
              }
              putProfile: PUT /me {
                body Profile
              }
            }
            """
        let after = before.replacingOccurrences(of: "  name: String\n", with: "  name: String\n  email: String\n")
        let findings = try diff(before, after)
        #expect(findings.contains { $0.rule == .requestFieldAddedRequired && $0.endpoints == ["putProfile"] })
        #expect(findings.contains { $0.rule == .responseFieldAdded && $0.endpoints == ["getProfile"] })
    }

    @Test func aResponseModelReplacedByOneThatLacksARequiredField() throws {
        let before = """
            model Item {
              id: String
              title: String
            }
            model Product {
              id: String
            }
            group Items {
              getItem: GET /item {
                returns Item
              }
            }
            """
        let after = before.replacingOccurrences(of: "returns Item", with: "returns Product")
        #expect(try appErrors(before, after) == ["response-type-changed getItem"])
        // A model renamed with every field the app needs is the same on the wire.
        let renamed = before.replacingOccurrences(of: "model Item {", with: "model Article {").replacingOccurrences(of: "returns Item", with: "returns Article")
        #expect(try appErrors(before, renamed).isEmpty)
        // Code that names `Item` breaks, and the message names the likely new name.
        let removed = try #require(try diff(before, renamed).first { $0.rule == .typeRemoved })
        #expect(removed.message.hasSuffix("It looks renamed to `Article`."), "\(removed.message)")
    }

    @Test func removingADeprecatedEndpointStillBreaksInstalledApps() throws {
        let before = "group Items {\n  ping: GET /ping\n  legacy: GET /legacy @deprecated(\"use ping\")\n}\n"
        let after = "group Items {\n  ping: GET /ping\n}\n"
        let findings = try diff(before, after)
        let removed = try #require(findings.first { $0.rule == .endpointRemoved })
        #expect(removed.message.contains("deprecated"))
    }

    @Test(arguments: [
        ("POST /token?grant_type=password", "POST /token?grant_type=refresh_token"),
        ("GET /items/{id}/notes", "GET /notes/{id}/items"),
    ])
    func aFixedQueryOrAMovedPlaceholderChangesTheRoute(_ old: String, _ new: String) throws {
        let parameter = old.contains("{id}") ? " {\n    path id: String\n  }" : ""
        let before = "group Items {\n  call: \(old)\(parameter)\n}\n"
        let after = "group Items {\n  call: \(new)\(parameter)\n}\n"
        #expect(try appErrors(before, after) == ["endpoint-path-changed call"])
    }

    @Test func aUnionReachedThroughAFieldChangesItsTag() throws {
        let before = """
            model Note {
              body: String
            }
            union Block tag "kind" {
              note: Note
            }
            model Doc {
              blocks: [Block]
            }
            group Docs {
              getDoc: GET /doc {
                returns Doc
              }
            }
            """
        let after = before.replacingOccurrences(of: "tag \"kind\"", with: "tag \"type\"")
        #expect(try appErrors(before, after) == ["union-tag-changed Block"])
    }

    /// The same digits as text and as a number are different tags on the wire.
    @Test func aUnionWhoseTagsBecomeNumbersChangesItsTags() throws {
        let before = """
            model Note {
              body: String
            }
            union Block tag "kind" {
              note = "1": Note
            }
            group Docs {
              getBlocks: GET /blocks {
                returns [Block]
              }
            }
            """
        let after = before.replacingOccurrences(of: "note = \"1\"", with: "note = 1")
        #expect(try appErrors(before, after) == ["union-tag-changed Block"])
    }

    @Test func theErrorModelIsReadByEveryEndpoint() throws {
        let before = """
            api Shop {
              auth bearer
              error Problem
            }
            model Problem {
              code: String
            }
            group Items {
              ping: GET /ping
            }
            """
        let after = before.replacingOccurrences(of: "  code: String\n", with: "  code: Int\n")
        let findings = try diff(before, after)
        #expect(findings.contains { $0.rule == .responseFieldTypeChanged && $0.endpoints == ["ping"] })
    }

    @Test func credentialsRequiredByTheAPIBlockForEndpointsThatWerePublic() throws {
        let before = "api Shop {\n  auth none\n}\ngroup Items {\n  ping: GET /ping\n  stats: GET /stats\n}\n"
        let after = before.replacingOccurrences(of: "auth none", with: "auth bearer")
        #expect(try appErrors(before, after) == ["endpoint-auth-added ping", "endpoint-auth-added stats"])
    }

    @Test func aFrozenIntegerEnumInADictionaryOfResponses() throws {
        let before = """
            @frozen enum Level: Int {
              low = 1
              high = 2
            }
            group Items {
              levels: GET /levels {
                returns [String: Level]
              }
            }
            """
        let after = before.replacingOccurrences(of: "  high = 2\n", with: "  high = 2\n  top = 3\n")
        #expect(try appErrors(before, after) == ["response-frozen-enum-value-added Level.top"])
    }

    @Test func aFormFieldThatBecameRequired() throws {
        let before = "group Items {\n  send: POST /send {\n    body form {\n      to: String\n      note: String?\n    }\n  }\n}\n"
        let after = before.replacingOccurrences(of: "note: String?", with: "note: String")
        #expect(try appErrors(before, after) == ["request-field-became-required send.body.note"])
    }

    @Test func aResponseFieldThatGainedADefaultMayNowBeLeftOut() throws {
        let before = "model Item {\n  count: Int\n}\ngroup Items {\n  getItem: GET /item {\n    returns Item\n  }\n}\n"
        let after = before.replacingOccurrences(of: "count: Int", with: "count: Int = 0")
        #expect(try appErrors(before, after) == ["response-field-became-optional Item.count"])
    }

    @Test func aHeaderNameInAnotherCaseIsTheSameHeader() throws {
        let before = "group Items {\n  ping: GET /ping {\n    header requestId: String? @wire(\"X-Request-Id\")\n  }\n}\n"
        let after = before.replacingOccurrences(of: "X-Request-Id", with: "x-request-id")
        #expect(try diff(before, after).filter { $0.rule.profile == .installedApps }.isEmpty)
    }

    @Test func aResponseThatBecameAStream() throws {
        let before = "model Item {\n  id: String\n}\ngroup Items {\n  items: GET /items {\n    returns [Item]\n  }\n}\n"
        let after = before.replacingOccurrences(of: "returns [Item]", with: "returns lines Item")
        #expect(try appErrors(before, after) == ["response-kind-changed items"])
    }
}
