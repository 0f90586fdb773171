import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// A schema written in place is one type, declared once, however many models, unions and
/// operations reach its place.
@Suite("Types written in place")
struct InlineTypeTests {
    /// InfluxDB's notification rules each take `allOf: [NotificationRuleBase, …]`, whose `links`
    /// and `lastRunStatus` are written in place: one model and one enum, named after the base.
    @Test func aPropertyThatModelsTakeFromTheirBaseIsOneTypeNamedAfterTheBase() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Rules"}, "components": {"schemas": {
              "SlackRule": {"allOf": [{"$ref": "#/components/schemas/RuleBase"}, {"type": "object", "properties": {"channel": {"type": "string"}}}]},
              "MailRule": {"allOf": [{"$ref": "#/components/schemas/RuleBase"}, {"type": "object", "properties": {"to": {"type": "string"}}}]},
              "RuleBase": {"type": "object", "properties": {
                "links": {"type": "object", "properties": {"self": {"type": "string"}}},
                "status": {"type": "string", "enum": ["failed", "success"]}}}}}}
            """##)
        #expect(schema.contains("model SlackRule {\n  links: RuleBaseLinks?\n  status: RuleBaseStatus?\n  channel: String?\n}"), "\(schema)")
        #expect(schema.contains("model MailRule {\n  links: RuleBaseLinks?\n  status: RuleBaseStatus?\n  to: String?\n}"), "\(schema)")
        #expect(schema.contains("model RuleBase {\n  links: RuleBaseLinks?\n  status: RuleBaseStatus?\n}"), "\(schema)")
        #expect(schema.components(separatedBy: "model RuleBaseLinks {").count == 2, "\(schema)")
        #expect(schema.components(separatedBy: "enum RuleBaseStatus {").count == 2, "\(schema)")
        #expect(!schema.contains("SlackRuleLinks") && !schema.contains("MailRuleStatus"), "\(schema)")
        #expect(result.declarationCount == 5, "\(schema)")
    }

    /// DigitalOcean's `volumesGet` and `volumesCreate` both answer `$ref: responses/volume.yml`,
    /// Lob's list operations `$ref: '#/components/responses/all_addresses'`: the object written
    /// there is one model, named after the shared response, not after the first operation.
    @Test func aResponseOrBodyThatOperationsShareIsOneTypeNamedAfterIt() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Volumes"},
             "paths": {
              "/volumes": {"post": {"operationId": "createVolume", "requestBody": {"$ref": "#/components/requestBodies/volumeSpec"},
                "responses": {"201": {"$ref": "#/components/responses/volume"}}}},
              "/volumes/{id}": {
                "get": {"operationId": "getVolume", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "responses": {"200": {"$ref": "#/components/responses/volume"}}},
                "put": {"operationId": "replaceVolume", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "requestBody": {"$ref": "#/components/requestBodies/volumeSpec"},
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"done": {"type": "boolean"}}}}}}}}}},
             "components": {
              "requestBodies": {"volumeSpec": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"size": {"type": "integer"}}}}}}},
              "responses": {"volume": {"description": "a volume", "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}}}
            """##)
        #expect(schema.contains("model VolumeResponse {\n  id: String?\n}"), "\(schema)")
        #expect(schema.contains("model VolumeSpecRequest {\n  size: Int?\n}"), "\(schema)")
        #expect(schema.contains("createVolume: POST /volumes {\n    body VolumeSpecRequest\n    returns VolumeResponse\n"), "\(schema)")
        #expect(schema.contains("getVolume: GET /volumes/{id} {\n    path id: String\n    returns VolumeResponse\n"), "\(schema)")
        // A body or response of one operation is still named after it.
        #expect(schema.contains("returns ReplaceVolumeResponse\n"), "\(schema)")
        #expect(result.declarationCount == 3, "\(schema)")
    }

    /// A union whose inline variants share a tag value is untagged after all: the models its
    /// variants were declared as on the way are the untagged union's variants, not left behind.
    @Test func inlineVariantsOfAUnionThatCannotBeTaggedAreDeclaredOnce() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Shapes"}, "components": {"schemas": {"Shape": {"oneOf": [
              {"type": "object", "required": ["kind", "radius"], "properties": {"kind": {"type": "string", "enum": ["round"]}, "radius": {"type": "number"}}},
              {"type": "object", "required": ["kind", "width"], "properties": {"kind": {"type": "string", "enum": ["round"]}, "width": {"type": "number"}}}],
              "discriminator": {"propertyName": "kind"}}}}}
            """##)
        #expect(schema.contains("union Shape {\n"), "\(schema)")
        #expect(!schema.contains("Variant"), "\(schema)")
        // The union, its two models, and one enum for the `kind: [round]` both write in place.
        #expect(result.declarationCount == 4, "\(schema)")
    }
}
