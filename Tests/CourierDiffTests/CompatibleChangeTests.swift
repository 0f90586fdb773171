import CourierSchema
import Testing

@testable import CourierDiff

/// Changes nobody can notice produce nothing at all, and changes that only one side notices
/// are reported for that side only.
@Suite("Compatible changes")
struct CompatibleChangeTests {
    static let base = """
        /// An item.
        model Item {
          /// Its id.
          id: String
          title: String?
          count: Int32
          status: Status?
        }
        enum Status {
          active
          archived
        }
        group Items {
          /// Fetches an item.
          getItem: GET /items/{id} {
            path id: String
            returns Item
          }
          listItems: GET /items {
            query status: Status?
            returns [Item]
          }
        }
        """

    @Test(arguments: [
        ("doc comments", base.replacingOccurrences(of: "/// Fetches an item.", with: "/// Fetches one item by its id.").replacingOccurrences(of: "/// Its id.\n", with: "")),
        ("blank lines and indentation", base.replacingOccurrences(of: "\n  listItems", with: "\n\n  listItems").replacingOccurrences(of: "    returns [Item]", with: "      returns [Item]")),
        ("declarations reordered", base.replacingOccurrences(of: "enum Status {\n  active\n  archived\n}\n", with: "") + "\nenum Status {\n  active\n  archived\n}\n"),
        ("endpoints reordered", base.replacingOccurrences(
            of: "  /// Fetches an item.\n  getItem: GET /items/{id} {\n    path id: String\n    returns Item\n  }\n  listItems: GET /items {\n    query status: Status?\n    returns [Item]\n  }",
            with: "  listItems: GET /items {\n    query status: Status?\n    returns [Item]\n  }\n  /// Fetches an item.\n  getItem: GET /items/{id} {\n    path id: String\n    returns Item\n  }")),
        ("a timeout and retries", base.replacingOccurrences(of: "getItem: GET /items/{id} {", with: "getItem: GET /items/{id} @timeout(10s) @retries(2) {")),
    ])
    func changesNobodyNoticesProduceNothing(_ name: String, _ head: String) throws {
        #expect(head != Self.base, "the edit '\(name)' changed nothing")
        let findings = try diff(Self.base, head)
        #expect(findings.isEmpty, "\(name): \(findings.map(\.compilerStyle))")
    }

    @Test func aModelMovedToAnotherFileProducesNothing() throws {
        let api = "api Shop {\n  auth bearer\n}\n"
        let group = "group Items {\n  getItem: GET /item {\n    returns Item\n  }\n}\n"
        let model = "model Item {\n  id: String\n}\n"
        let base = SchemaCompiler.compile([SourceFile(path: "a.api", text: api + group + model)]).api!
        let head = SchemaCompiler.compile([SourceFile(path: "a.api", text: api + group), SourceFile(path: "models.api", text: model)]).api!
        #expect(SchemaDiff.compare(base: base, head: head).isEmpty)
    }

    @Test func whatTheClientToleratesIsANoteForInstalledApps() throws {
        let head = Self.base
            .replacingOccurrences(of: "  archived\n", with: "  archived\n  pending\n")
            .replacingOccurrences(of: "  count: Int32\n", with: "  count: Int32\n  shelf: String?\n")
        let installed = try diff(Self.base, head).filter { $0.rule.profile == .installedApps }
        #expect(installed.map(\.rule.id).sorted() == ["response-enum-value-added", "response-field-added"])
        #expect(installed.allSatisfy { $0.rule.level == .note })
    }

    @Test func aResponseFieldNarrowedIsSafeOnTheWireButNotInSwift() throws {
        let before = "model Item {\n  count: Int\n  note: String?\n}\ngroup Items {\n  getItem: GET /item {\n    returns Item\n  }\n}\n"
        let after = before.replacingOccurrences(of: "count: Int", with: "count: Int32").replacingOccurrences(of: "note: String?", with: "note: String")
        let findings = try diff(before, after)
        #expect(findings.filter { $0.rule.profile == .installedApps }.isEmpty)
        #expect(ruleIDs(findings) == ["initializer-default-removed", "property-type-changed", "property-type-changed"])
    }

    @Test func aRenamedPlaceholderIsTheSameRouteButANewLabel() throws {
        let before = "group Items {\n  getItem: GET /items/{id} {\n    path id: String\n  }\n}\n"
        let after = "group Items {\n  getItem: GET /items/{itemId} {\n    path itemId: String\n  }\n}\n"
        #expect(ruleIDs(try diff(before, after)) == ["argument-added", "argument-removed"])
    }
}

/// `courier format` changes layout only: the formatted schema compiles to an API that
/// `courier diff` finds nothing in, and to the same generated Swift.
@Suite("Formatting changes nothing")
struct FormattingIsInvisibleTests {
    @Test func aFormattedSchemaDiffsAsTheSame() throws {
        let messy = """
            api Shop{ auth bearer, keys snake_case }
            @frozen enum Level { low, high }
            model Item { id: String @deprecated @wire("item_id"), level: Level? // how high
              tags: [String] = [] }
            group Items { getItem: GET /items/{id} @timeout(5s) @public { path id: String
            returns Item }
              list: GET /items { returns [Item] } }
            """
        let source = SourceFile(path: "shop.api", text: messy)
        let formatted = try SchemaFormatter.format(source)
        let before = try #require(SchemaCompiler.compile([source]).api)
        let after = try #require(SchemaCompiler.compile([SourceFile(path: "shop.api", text: formatted)]).api)
        #expect(SchemaDiff.compare(base: before, head: after).isEmpty)
        #expect(formatted.split(separator: "\n").count > messy.split(separator: "\n").count)
    }
}
