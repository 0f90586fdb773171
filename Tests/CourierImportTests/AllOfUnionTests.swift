import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// An `allOf` that holds a `oneOf` or `anyOf`: every value meets the union and the other parts
/// together, and the import says so instead of leaving the union out.
@Suite("Unions inside allOf")
struct AllOfUnionTests {
    /// InfluxDB's template summary lists checks as `allOf: [CheckDiscriminator, {properties:
    /// {kind, …}}]`: each check, with the summary's keys too.
    @Test func aTaggedUnionAndObjectPartsAreTheUnionOfEachVariantMergedWithTheParts() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Checks"}, "components": {"schemas": {
              "CheckDiscriminator": {"oneOf": [{"$ref": "#/components/schemas/DeadmanCheck"}, {"$ref": "#/components/schemas/ThresholdCheck"}],
                "discriminator": {"propertyName": "type", "mapping": {
                  "deadman": "#/components/schemas/DeadmanCheck", "threshold": "#/components/schemas/ThresholdCheck"}}},
              "DeadmanCheck": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "staleTime": {"type": "string"}}},
              "ThresholdCheck": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "level": {"type": "integer"}}},
              "Summary": {"type": "object", "properties": {"checks": {"type": "array", "items": {"allOf": [
                {"$ref": "#/components/schemas/CheckDiscriminator"},
                {"type": "object", "properties": {"templateMetaName": {"type": "string"},
                  "kind": {"type": "object", "properties": {"name": {"type": "string"}}}}}]}}}}}}}
            """##)
        #expect(schema.contains("model Summary {\n  checks: [SummaryChecksItem]?\n}"), "\(schema)")
        #expect(
            schema.contains(
                "union SummaryChecksItem tag \"type\" {\n  deadman: SummaryChecksItemDeadman\n  threshold: SummaryChecksItemThreshold\n}"),
            "\(schema)")
        #expect(
            schema.contains(
                "model SummaryChecksItemDeadman {\n  type: String\n  staleTime: String?\n  templateMetaName: String?\n  kind: SummaryChecksItemKind?\n}"),
            "\(schema)")
        #expect(
            schema.contains(
                "model SummaryChecksItemThreshold {\n  type: String\n  level: Int?\n  templateMetaName: String?\n  kind: SummaryChecksItemKind?\n}"),
            "\(schema)")
        // The part's inline `kind` is one model for both variants.
        #expect(schema.components(separatedBy: "model SummaryChecksItemKind {").count == 2, "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenAI's WebSocket events are `allOf: [anyOf: [50 events], {properties: {stream_id}}]`;
    /// the events' `type` tags them.
    @Test func anUntaggedUnionWhoseVariantsHaveATagIsTaggedWhenMerged() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Events"}, "components": {"schemas": {
              "DeltaEvent": {"type": "object", "required": ["type", "delta"], "properties": {"type": {"type": "string", "enum": ["response.delta"]}, "delta": {"type": "string"}}},
              "DoneEvent": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["response.done"]}}},
              "SocketEvent": {"allOf": [
                {"anyOf": [{"$ref": "#/components/schemas/DeltaEvent"}, {"$ref": "#/components/schemas/DoneEvent"}]},
                {"type": "object", "properties": {"stream_id": {"type": "string"}}}]}}}}
            """##)
        #expect(
            schema.contains(
                "union SocketEvent tag \"type\" {\n  responseDelta = \"response.delta\": SocketEventResponseDelta\n  responseDone = \"response.done\": SocketEventResponseDone\n}"),
            "\(schema)")
        #expect(schema.contains("model SocketEventResponseDelta {\n  type: DeltaEventType\n  delta: String\n  streamId: String?\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenSearch's metric aggregations take `allOf: [{properties: {missing}}, anyOf: [{field},
    /// {script}]]`, and its aggregation container is a `oneOf` of objects each with a key of its
    /// own: the model holds every variant's keys, each optional, in the models that derive from
    /// it too.
    @Test func aUnionOfObjectsThatDescribeTheirKeysAlikeIsItsFieldsMadeOptional() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Aggregations"}, "components": {"schemas": {
              "MetricBase": {"allOf": [
                {"type": "object", "properties": {"missing": {"type": "string"}}},
                {"anyOf": [
                  {"type": "object", "required": ["field"], "properties": {"field": {"type": "string"}}},
                  {"type": "object", "properties": {"script": {"type": "string"}, "field": {"type": "string"}}}]}]},
              "AverageAggregation": {"allOf": [{"$ref": "#/components/schemas/MetricBase"}, {"type": "object", "properties": {"format": {"type": "string"}}}]}}}}
            """##)
        #expect(schema.contains("model MetricBase {\n  missing: String?\n  field: String?\n  script: String?\n}"), "\(schema)")
        #expect(schema.contains("model AverageAggregation {\n  missing: String?\n  field: String?\n  script: String?\n  format: String?\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenSearch's bucket lists are `allOf: [Buckets, {oneOf: [map of AdjacencyMatrixBucket,
    /// array of them]}]`, where `Buckets` holds buckets of any kind: they are the narrower union.
    @Test func anAllOfOfUnionsIsTheUnionThatSaysMost() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Buckets"}, "components": {"schemas": {
              "AnyBucket": {"x-is-generic-type-parameter": true},
              "Buckets": {"oneOf": [{"type": "object", "additionalProperties": {"$ref": "#/components/schemas/AnyBucket"}},
                {"type": "array", "items": {"$ref": "#/components/schemas/AnyBucket"}}]},
              "MatrixBucket": {"type": "object", "properties": {"key": {"type": "string"}}},
              "MatrixAggregate": {"type": "object", "properties": {"buckets": {"allOf": [
                {"$ref": "#/components/schemas/Buckets"},
                {"oneOf": [{"type": "object", "additionalProperties": {"$ref": "#/components/schemas/MatrixBucket"}},
                  {"type": "array", "items": {"$ref": "#/components/schemas/MatrixBucket"}}]}]}}}}}}
            """##)
        #expect(schema.contains("model MatrixAggregate {\n  buckets: MatrixAggregateBuckets?\n}"), "\(schema)")
        #expect(
            schema.contains("union MatrixAggregateBuckets {\n  matrixBucketMap: [String: MatrixBucket]\n  matrixBucketList: [MatrixBucket]\n}"),
            "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenAI writes `allOf: [{$ref: AssistantsApiToolChoiceOption}, {nullable: true}]`.
    @Test func aPartThatSaysOnlyNullableLetsNullIn() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Runs"}, "components": {"schemas": {
              "ToolChoice": {"oneOf": [{"type": "string", "enum": ["none", "auto"]}, {"type": "object", "properties": {"name": {"type": "string"}}}]},
              "Run": {"type": "object", "required": ["tool_choice"], "properties": {
                "tool_choice": {"allOf": [{"$ref": "#/components/schemas/ToolChoice"}, {"nullable": true}]}}}}}}
            """##)
        #expect(schema.contains("model Run {\n  toolChoice: ToolChoice? @writesNull\n}"), "\(schema)")
    }

    /// Lob's addresses need `name` or `company`; DigitalOcean's firewalls inbound or outbound
    /// rules. A `company: null` meets the rule and an absent `company` does not, so a key the
    /// rule names that may be null keeps the two apart.
    @Test func aRuleOnWhichKeysArePresentIsNamedInTheWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Addresses"}, "components": {"schemas": {"Address": {"allOf": [
              {"type": "object", "properties": {"name": {"type": "string"}, "company": {"type": "string", "nullable": true}}},
              {"anyOf": [{"required": ["name"]}, {"title": "by company", "required": ["company"]}]}]}}}}
            """##)
        #expect(schema.contains("model Address {\n  name: String?\n  company: Nullable<String>?\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Address/allOf/1: 'Address' needs `name`, or `company`; its fields are optional and nothing checks the rule"
        ], "\(result.warnings)")
    }

    /// A key that two `allOf` parts define: a part adds `conflicts` to the `context_info` of its
    /// base, Okta's factors restate `factorType` with a description only, a part that lists the
    /// base's keys and more refines them, and Box's `ConflictError` names `conflicts` in a
    /// `context_info` that its base lets take any keys.
    @Test func aKeyThatTwoPartsDefineIsWhatTheyDefineTogether() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Errors"}, "components": {"schemas": {
              "FactorType": {"type": "string", "enum": ["sms", "email"]},
              "ClientError": {"type": "object", "properties": {
                "context_info": {"type": "object", "properties": {"message": {"type": "string"}}},
                "factor_type": {"$ref": "#/components/schemas/FactorType"},
                "link": {"type": "object", "properties": {"href": {"type": "string"}}},
                "details": {"type": "object", "additionalProperties": {}}}},
              "ConflictError": {"allOf": [{"$ref": "#/components/schemas/ClientError"}, {"type": "object", "properties": {
                "context_info": {"type": "object", "properties": {"conflicts": {"type": "array", "items": {"type": "string"}}}},
                "factor_type": {"description": "The factor's type."},
                "link": {"type": "object", "properties": {"href": {"type": "string"}, "name": {"type": "string"}}},
                "details": {"type": "object", "properties": {"code": {"type": "string"}}}}}]}}}}
            """##)
        #expect(
            schema.contains(
                "model ConflictError {\n  contextInfo: ConflictErrorContextInfo?\n  /// The factor's type.\n  factorType: FactorType?\n  link: ConflictErrorLink?\n  details: ConflictErrorDetails?\n}"),
            "\(schema)")
        #expect(schema.contains("model ConflictErrorContextInfo {\n  message: String?\n  conflicts: [String]?\n}"), "\(schema)")
        #expect(schema.contains("model ConflictErrorLink {\n  href: String?\n  name: String?\n}"), "\(schema)")
        // The base's `details` takes any keys: the merge keeps those the part does not name.
        #expect(
            schema.contains(
                "model ConflictErrorDetails {\n  code: String?\n  /// The keys besides the declared ones, which the description lets in (`additionalProperties`).\n  additionalProperties: [String: JSON] @otherKeys\n}"),
            "\(schema)")
    }

    /// Lob's creatives are a `oneOf` of `allOf: [{properties: {resource_type: enum [letter]}},
    /// creative_base]`, all with the same keys: the variants written in place are tagged by
    /// the property with one value each, not tried in turn (the first took every letter's
    /// details as a postcard's and dropped what only letters have).
    @Test func variantsWrittenInPlaceAsAllOfAreTaggedByTheirOneValueProperty() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Creatives"}, "components": {"schemas": {
              "Base": {"type": "object", "properties": {"description": {"type": "string"}}},
              "Creative": {"oneOf": [
                {"allOf": [{"required": ["resource_type", "details"], "properties": {"resource_type": {"type": "string", "enum": ["postcard"]},
                  "details": {"type": "object", "properties": {"size": {"type": "string"}}}}}, {"$ref": "#/components/schemas/Base"}]},
                {"allOf": [{"required": ["resource_type", "details"], "properties": {"resource_type": {"type": "string", "enum": ["letter"]},
                  "details": {"type": "object", "properties": {"color": {"type": "boolean"}}}}}, {"$ref": "#/components/schemas/Base"}]}]}}}}
            """##)
        #expect(
            schema.contains("union Creative tag \"resource_type\" {\n  postcard: CreativePostcard\n  letter: CreativeLetter\n}"),
            "\(schema)")
        #expect(schema.contains("model CreativeLetter {\n  resourceType: CreativeLetterResourceType\n  details: CreativeLetterDetails\n"), "\(schema)")
    }

    /// GitHub's issue events are `allOf: [Issue, {properties: …}]`, whose second part restates
    /// the issue's `user` with fewer keys, its `milestone` as `{type: object}`, its dates as
    /// plain strings: the definition that says what each of the others says is the key's type,
    /// wherever it stands; a later part that narrows a key (`state: enum`) still does.
    @Test func aKeyThatOnePartDescribesMoreFullyKeepsThatDescription() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Issues"}, "components": {"schemas": {
              "Issue": {"type": "object", "properties": {
                "user": {"type": "object", "properties": {"login": {"type": "string"}, "name": {"type": "string"}, "deleted": {"type": "boolean"}}},
                "milestone": {"type": "object", "nullable": true, "properties": {"title": {"type": "string"}}},
                "created_at": {"type": "string", "format": "date-time"},
                "state": {"type": "string"}}},
              "IssueEvent": {"type": "object", "properties": {"issue": {"allOf": [
                {"$ref": "#/components/schemas/Issue"},
                {"type": "object", "properties": {"user": {"type": "object", "properties": {"login": {"type": "string"}}},
                  "milestone": {"type": "object", "nullable": true}, "created_at": {"type": "string"},
                  "state": {"type": "string", "enum": ["open", "closed"]}}}]}}}}}}
            """##)
        #expect(
            schema.contains(
                "model IssueEventIssue {\n  user: IssueUser?\n  milestone: IssueMilestone?\n  createdAt: Date?\n  state: IssueEventIssueState?\n}"),
            "\(schema)")
        #expect(schema.contains("model IssueUser {\n  login: String?\n  name: String?\n  deleted: Bool?\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// Okta's `UserGetSingleton` is `allOf: [User, {properties: {_embedded: {properties:
    /// {blocks}}}}]`, where the user's `_embedded` is a map of any keys: the merged `_embedded`
    /// has `blocks` and keeps the map's keys.
    @Test func aKeyThatOnePartDescribesAndAnotherMapsKeepsBoth() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Users"}, "components": {"schemas": {
              "User": {"type": "object", "properties": {"id": {"type": "string"},
                "_embedded": {"type": "object", "additionalProperties": {"type": "object", "properties": {}}}}},
              "UserGet": {"allOf": [{"$ref": "#/components/schemas/User"},
                {"type": "object", "properties": {"_embedded": {"type": "object", "properties": {"blocks": {"type": "array", "items": {"type": "string"}}}}}}]}}}}
            """##)
        #expect(
            schema.contains(
                "model UserGetEmbedded {\n  blocks: [String]?\n  /// The keys besides the declared ones, which the description lets in (`additionalProperties`).\n  additionalProperties: [String: JSON] @otherKeys\n}"),
            "\(schema)")
    }
}
