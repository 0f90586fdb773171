import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// An enum that a description writes in place at several places, with the same values, is one
/// type (Twilio's core API writes `enum: [GET, POST]` at 112 places).
@Suite("Enums written in place more than once")
struct SharedEnumTests {
    /// Properties of two models, a form field and a query parameter: one `Method`, named after
    /// the word their keys end with, described by its places; each field keeps its own description.
    @Test func theSameValuesInSeveralPlacesAreOneEnumNamedAfterTheirKeys() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Hooks"}, "paths": {"/hooks": {"get": {"operationId": "listHooks",
              "parameters": [{"name": "Method", "in": "query", "schema": {"type": "string", "enum": ["GET", "POST"]}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Hook"}}}}}},
              "post": {"operationId": "createHook", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
                "properties": {"StatusCallbackMethod": {"type": "string", "enum": ["GET", "POST"]}}}}}},
                "responses": {"201": {"description": "made"}}}}},
             "components": {"schemas": {
              "Hook": {"type": "object", "properties": {
                "sms_method": {"type": "string", "description": "How we call `sms_url`.", "enum": ["GET", "POST"]},
                "voice_method": {"type": "string", "nullable": true, "enum": ["GET", "POST"]}}},
              "App": {"type": "object", "properties": {"fallback_method": {"type": "string", "enum": ["GET", "POST"]}}}}}}
            """##)
        #expect(schema.components(separatedBy: "\nenum ").count - 1 == 1, "\(schema)")
        #expect(schema.contains("""
            /// The enum that the description writes in place, with the same values, at 5 places: among them
            /// `Method`, `StatusCallbackMethod` and `sms_method`.
            enum Method {
              get = "GET"
              post = "POST"
            }
            """), "\(schema)")
        #expect(schema.contains("/// How we call `sms_url`.\n  smsMethod: Method?"), "\(schema)")
        #expect(schema.contains("voiceMethod: Method?"), "\(schema)")
        #expect(schema.contains("fallbackMethod: Method?"), "\(schema)")
        #expect(schema.contains("query method: Method?"), "\(schema)")
        #expect(schema.contains("statusCallbackMethod: Method?"), "\(schema)")
        #expect(result.declarationCount == 3, "\(schema)")
    }

    /// Two different enums whose keys end alike (`status`) do not take that word, and neither
    /// does one whose word a component has: each is named after its first place.
    @Test func aNameThatIsNotTheirsAloneIsTheFirstPlacesName() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Jobs"}, "components": {"schemas": {
              "Job": {"type": "object", "properties": {
                "status": {"type": "string", "enum": ["queued", "done"]},
                "run_status": {"type": "string", "enum": ["queued", "done"]},
                "state": {"type": "string", "enum": ["on", "off"]},
                "power_state": {"type": "string", "enum": ["on", "off"]},
                "kind": {"type": "string", "enum": ["a", "b"]}}},
              "Step": {"type": "object", "properties": {
                "status": {"type": "string", "enum": ["ok", "failed"]},
                "step_status": {"type": "string", "enum": ["ok", "failed"]},
                "kind": {"type": "string", "enum": ["c"]}}},
              "State": {"type": "object", "properties": {"id": {"type": "string"}}}}}}
            """##)
        // `status` ends the keys of two shared enums; `state` is a component's name.
        #expect(schema.contains("enum JobStatus {\n  queued\n  done\n}"), "\(schema)")
        #expect(schema.contains("runStatus: JobStatus?"), "\(schema)")
        #expect(schema.contains("enum StepStatus {\n  ok\n  failed\n}"), "\(schema)")
        #expect(schema.contains("stepStatus: StepStatus?"), "\(schema)")
        #expect(schema.contains("enum JobState {\n  on\n  off\n}"), "\(schema)")
        #expect(schema.contains("powerState: JobState?"), "\(schema)")
        // Written once, an enum keeps its place's name and description.
        #expect(schema.contains("enum JobKind {\n  a\n  b\n}"), "\(schema)")
        #expect(schema.contains("enum StepKind {\n  c\n}"), "\(schema)")
    }

    /// Values alike but not the same enum: other values, another order, integers, or deprecated.
    @Test func onlyTheSameValuesInTheSameOrderAreOneEnum() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Lights"}, "components": {"schemas": {
              "Light": {"type": "object", "properties": {
                "color": {"type": "string", "enum": ["red", "green"]},
                "back_color": {"type": "string", "enum": ["green", "red"]},
                "side_color": {"type": "string", "enum": ["red", "green", "blue"]},
                "code": {"type": "integer", "enum": [1, 2]},
                "text_code": {"type": "string", "enum": ["1", "2"]},
                "old_color": {"type": "string", "deprecated": true, "enum": ["red", "green"]}}}}}}
            """##)
        #expect(result.declarationCount == 7, "\(schema)")
    }
}

extension SharedEnumTests {
    /// A callback, a webhook or an extension is not imported, so an enum there is not a place:
    /// the enum the client has is written once, and keeps its place's name and description.
    @Test func placesTheImportLeavesOutDoNotMakeAnEnumShared() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Calls"}, "paths": {"/calls": {"post": {"operationId": "createCall",
              "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                "method": {"type": "string", "description": "How we call back.", "enum": ["GET", "POST"]}}}}}},
              "responses": {"201": {"description": "made"}},
              "callbacks": {"done": {"{$request.body#/url}": {"post": {"requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"method": {"type": "string", "enum": ["GET", "POST"]}}}}}},
                "responses": {"200": {"description": "ok"}}}}}}}}},
             "webhooks": {"hangup": {"post": {"requestBody": {"content": {"application/json": {"schema": {
               "type": "object", "properties": {"method": {"type": "string", "enum": ["GET", "POST"]}}}}}},
               "responses": {"200": {"description": "ok"}}}}},
             "x-samples": {"method": {"type": "string", "enum": ["GET", "POST"]}}}
            """##)
        #expect(schema.contains("/// How we call back.\nenum CreateCallRequestMethod {"), "\(schema)")
        #expect(!schema.contains("enum Method"), "\(schema)")
    }
}
