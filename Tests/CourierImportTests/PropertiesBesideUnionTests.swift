import Testing

@testable import CourierImport

/// A schema with `properties` beside its `oneOf` or `anyOf`: every value has the properties
/// and meets a variant too.
@Suite("Properties beside a union")
struct PropertiesBesideUnionTests {
    /// GitHub's create-check-run body: `name` and `head_sha` beside a `oneOf` whose variants
    /// `status` tells apart. Each variant keeps the properties, and refines `status`.
    @Test func eachObjectVariantKeepsThePropertiesBesideIt() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Checks"}, "components": {"schemas": {
              "CheckRun": {"type": "object", "required": ["name", "head_sha"], "discriminator": {"propertyName": "status"},
                "properties": {"name": {"type": "string"}, "head_sha": {"type": "string"},
                  "status": {"type": "string", "enum": ["queued", "completed"]}, "conclusion": {"type": "string", "enum": ["success", "failure"]}},
                "oneOf": [
                  {"properties": {"status": {"enum": ["completed"]}}, "required": ["status", "conclusion"]},
                  {"properties": {"status": {"enum": ["queued"]}}}]}}}}
            """##)
        #expect(schema.contains("union CheckRun tag \"status\" {\n  completed: CheckRunCompleted\n  queued: CheckRunQueued\n}"), "\(schema)")
        #expect(
            schema.contains(
                "model CheckRunCompleted {\n  name: String\n  headSha: String\n  status: CheckRunCompletedStatus\n  conclusion: CheckRunConclusion\n}"),
            "\(schema)")
        #expect(schema.contains("model CheckRunQueued {\n  name: String\n  headSha: String\n  status: CheckRunQueuedStatus?\n  conclusion: CheckRunConclusion?\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// GitHub's Pages body: `anyOf: [{required: [source]}, {required: [build_type]}, {required:
    /// [public]}]` beside the properties only says which keys are present: one model, and a
    /// warning of the rule; `public`, which no property describes, may hold anything.
    @Test func aPresenceRuleBesidePropertiesIsOneModel() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pages"}, "components": {"schemas": {
              "Pages": {"type": "object", "properties": {"build_type": {"type": "string"}, "source": {"type": "string"}},
                "anyOf": [{"required": ["source"]}, {"required": ["build_type"]}, {"required": ["public"]}]}}}}
            """##)
        #expect(schema.contains("model Pages {\n  buildType: String?\n  source: String?\n  public: JSON?\n}"), "\(schema)")
        #expect(result.warnings.map(\.message) == [
            "'Pages' needs `source`, or `build_type`, or `public`; its fields are optional and nothing checks the rule",
            "'public' is named by a rule on which keys 'Pages' has, but has no schema; it is JSON",
        ])
    }

    /// Lob's `returned: oneOf: [boolean, object]` with the object's properties beside: the
    /// properties describe the object variant; the boolean stays a boolean.
    @Test func propertiesDescribeOnlyTheVariantsThatAreObjects() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Letters"}, "components": {"schemas": {
              "Returned": {"oneOf": [{"type": "boolean"}, {"type": "object"}], "properties": {"id": {"type": "string"}}}}}}
            """##)
        #expect(schema.contains("union Returned {\n  bool: Bool\n  returnedVariant2: ReturnedVariant2\n}"), "\(schema)")
        #expect(schema.contains("model ReturnedVariant2 {\n  id: String?\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// Okta's `OrgContactTypeObj` writes beside its variants only the tag, which each of them
    /// defines already: the union is of the variants themselves, no model is made again.
    @Test func variantsThatHaveEveryPropertyBesideThemAreThemselves() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Contacts"}, "components": {"schemas": {
              "Billing": {"type": "object", "properties": {"contactType": {"type": "string"}, "email": {"type": "string"}}},
              "Technical": {"type": "object", "properties": {"phone": {"type": "string"}}},
              "Contact": {"type": "object", "properties": {"contactType": {"type": "string", "enum": ["BILLING", "TECHNICAL"]}},
                "anyOf": [{"$ref": "#/components/schemas/Billing"}, {"$ref": "#/components/schemas/Technical"}],
                "discriminator": {"propertyName": "contactType", "mapping": {
                  "BILLING": "#/components/schemas/Billing", "TECHNICAL": "#/components/schemas/Technical"}}}}}}
            """##)
        #expect(schema.contains("union Contact tag \"contactType\" {\n  billing = \"BILLING\": Billing\n  technical = \"TECHNICAL\": Technical\n}"), "\(schema)")
        #expect(schema.components(separatedBy: "model ").count == 3, "\(schema)")
    }
}
