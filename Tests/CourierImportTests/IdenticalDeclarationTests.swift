import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// Component schemas identical in all but name and description become aliases of the first,
/// and nothing that tells them apart is lost.
@Suite("Identical declarations become aliases")
struct IdenticalDeclarationTests {
    static let usage = ##"""
        {"openapi": "3.0.0", "info": {"title": "Usage"},
         "paths": {
           "/daily": {"get": {"operationId": "daily", "responses": {"200": {"description": "ok",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DailyList"}}}}}}},
           "/monthly": {"get": {"operationId": "monthly", "responses": {"200": {"description": "ok",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MonthlyList"}}}}}}}},
         "components": {"schemas": {
           "Daily": {"type": "object", "description": "A day's usage.", "properties": {
             "count": {"type": "integer", "description": "How many."}, "unit": {"$ref": "#/components/schemas/DailyUnit"}}},
           "Monthly": {"type": "object", "description": "A month's usage.", "properties": {
             "count": {"type": "integer", "description": "How many."}, "unit": {"$ref": "#/components/schemas/MonthlyUnit"}}},
           "Yearly": {"type": "object", "properties": {
             "count": {"type": "integer", "description": "How many, this year."}, "unit": {"$ref": "#/components/schemas/DailyUnit"}}},
           "DailyUnit": {"type": "string", "enum": ["calls", "minutes"]},
           "MonthlyUnit": {"type": "string", "enum": ["calls", "minutes"]},
           "DailyList": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Daily"}}}},
           "MonthlyList": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Monthly"}}}}
         }}}
        """##

    @Test func identicalSchemasAreOneTypeUnderEveryName() throws {
        let (schema, result) = try importText(Self.usage)
        // The enum, then the model whose unit is that enum, then the list of that model.
        #expect(schema.contains("alias MonthlyUnit = DailyUnit\n"), "\(schema)")
        #expect(schema.contains("/// A month's usage.\nalias Monthly = Daily\n"), "\(schema)")
        #expect(schema.contains("alias MonthlyList = DailyList\n"), "\(schema)")
        // A field's doc comment is part of what the type holds: Yearly's differs, and stays a model.
        #expect(schema.contains("model Yearly {"), "\(schema)")
        #expect(result.aliasCount == 3)
        let api = try #require(SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) }).api)
        #expect(api.models.map(\.name).sorted() == ["Daily", "DailyList", "Yearly"])
        #expect(api.endpoints.first { $0.name == "monthly" }?.response == .value(.model("DailyList")))
    }

    @Test func twoVariantsOfAUnionStayTwoTypes() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Shapes"}, "paths": {},
             "components": {"schemas": {
               "Circle": {"type": "object", "properties": {"size": {"type": "number"}}},
               "Square": {"type": "object", "properties": {"size": {"type": "number"}}},
               "Round": {"type": "object", "properties": {"size": {"type": "number"}}},
               "Shape": {"oneOf": [{"$ref": "#/components/schemas/Circle"}, {"$ref": "#/components/schemas/Square"}]}
             }}}
            """##)
        // Square made an alias of Circle would be a variant never chosen; Round is in no union.
        #expect(schema.contains("model Square {"), "\(schema)")
        #expect(schema.contains("alias Round = Circle\n"), "\(schema)")
        #expect(result.aliasCount == 1)
    }

    /// `Copy` is an alias of `Later` from the first round. In the second, `B` being `A` makes
    /// `Early` identical to `Later`, which comes after it: `Later` would become the alias, and
    /// `Copy` with it, and the union's two variants one type. So `Later` stays.
    @Test func aVariantThatBecomesAnotherThroughAnOlderAliasStaysApart() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Chain"}, "paths": {},
             "components": {"schemas": {
               "A": {"type": "object", "properties": {"id": {"type": "string"}}},
               "Early": {"type": "object", "properties": {"item": {"$ref": "#/components/schemas/B"}}},
               "B": {"type": "object", "properties": {"id": {"type": "string"}}},
               "Later": {"type": "object", "properties": {"item": {"$ref": "#/components/schemas/A"}}},
               "Copy": {"type": "object", "properties": {"item": {"$ref": "#/components/schemas/A"}}},
               "Either": {"oneOf": [{"$ref": "#/components/schemas/Early"}, {"$ref": "#/components/schemas/Copy"}]}
             }}}
            """##)
        #expect(schema.contains("alias B = A\n"), "\(schema)")
        #expect(schema.contains("alias Copy = Later\n"), "\(schema)")
        #expect(schema.contains("model Early {"), "\(schema)")
        #expect(schema.contains("model Later {"), "\(schema)")
        #expect(result.aliasCount == 2)
    }

    @Test func aDeprecatedSchemaIsADeprecatedAlias() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Old"}, "paths": {},
             "components": {"schemas": {
               "Old": {"type": "object", "deprecated": true, "properties": {"id": {"type": "string"}}},
               "Older": {"type": "object", "deprecated": true, "properties": {"id": {"type": "string"}}},
               "Current": {"type": "object", "properties": {"id": {"type": "string"}}}
             }}}
            """##)
        #expect(schema.contains("@deprecated alias Older = Old\n"), "\(schema)")
        // Deprecation is part of what a type is: the current one is not an alias of the old.
        #expect(schema.contains("model Current {"), "\(schema)")
    }
}
