import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// `const`: a schema of one value is an enum of that value, so that it is kept, checked and
/// tells variants apart; what no enum can hold is a warning.
@Suite("Constants")
struct ConstantTests {
    /// Mistral's conversation entries differ only in `type: {const: message.input, default:
    /// message.input}` against `message.output`. As `String = "message.input"` the input entry
    /// took output entries; as enums of one case each takes only its own.
    @Test func aConstantIsAnEnumOfItsOneValueSharedWhereverItIsWritten() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Entries"}, "components": {"schemas": {
              "InputEntry": {"type": "object", "required": ["content"], "properties": {
                "object": {"type": "string", "const": "entry", "default": "entry"},
                "type": {"type": "string", "title": "Type", "const": "message.input", "default": "message.input"},
                "content": {"type": "string"}}},
              "OutputEntry": {"type": "object", "required": ["content", "kind"], "properties": {
                "object": {"type": "string", "const": "entry", "default": "entry"},
                "type": {"const": "message.output", "default": "message.output"},
                "kind": {"type": "string", "const": "text"},
                "level": {"const": 3},
                "content": {"type": "string"}}},
              "Entry": {"oneOf": [{"$ref": "#/components/schemas/InputEntry"}, {"$ref": "#/components/schemas/OutputEntry"}]}}}}
            """##)
        #expect(schema.contains("model InputEntry {\n  object: Object = entry\n  type: InputEntryType = messageInput\n  content: String\n}"), "\(schema)")
        // The title that only repeats the name's last word is no doc comment.
        #expect(schema.contains("}\n\nenum InputEntryType {\n  messageInput = \"message.input\"\n}"), "\(schema)")
        #expect(schema.contains("enum Object {\n  entry\n}"), "\(schema)")
        #expect(schema.contains("  object: Object = entry\n  type: OutputEntryType = messageOutput\n  kind: OutputEntryKind\n  level: OutputEntryLevel?\n"), "\(schema)")
        #expect(schema.contains("enum OutputEntryKind {\n  text\n}"), "\(schema)")
        #expect(schema.contains("enum OutputEntryLevel: Int {\n  value3 = 3\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// Mistral's transcription request says `stream: {type: boolean, const: false}`: no enum
    /// holds `false`, so the field is a `Bool` and a warning says the constant is not kept. A
    /// default that the constant refuses is left out, as any default its schema refuses is.
    @Test func aConstantNoEnumCanHoldIsAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Audio"}, "components": {"schemas": {
              "Request": {"type": "object", "properties": {
                "stream": {"type": "boolean", "const": false, "default": false},
                "ratio": {"type": "number", "const": 0.5},
                "mode": {"type": "string", "const": "fast", "default": "slow"}}}}}}
            """##)
        #expect(schema.contains("model Request {\n  stream: Bool = false\n  ratio: Double?\n  mode: RequestMode?\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Request/properties/stream/const: the constant false is not kept: the value may be any of its type",
            "warning: #/components/schemas/Request/properties/ratio/const: the constant 0.5 is not kept: the value may be any of its type",
            "warning: #/components/schemas/Request/properties/mode/default: the default \"slow\" of 'Request.mode' is not its constant \"fast\"; it is left out, and the value is optional",
        ], "\(result.warnings)")
    }

    /// OpenSearch's `Refresh` is a boolean or one of the texts `false`, `true` and `wait_for`;
    /// its `NodeRole` is seventeen documented texts, some with `x-version-added`. The texts of a
    /// union are one enum: as enums of one case each, the first would read the others as
    /// unknown, and as `String` (before) the rest were left out.
    @Test func documentedTextsAmongOtherVariantsAreOneEnum() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Search"}, "components": {"schemas": {
              "Refresh": {"oneOf": [
                {"type": "boolean", "description": "Whether to refresh."},
                {"type": "string", "const": "false", "description": "Do not refresh."},
                {"type": "string", "const": "true"},
                {"type": "string", "const": "wait_for"}]},
              "NodeRole": {"oneOf": [
                {"type": "string", "const": "data"},
                {"type": "string", "const": "warm", "x-version-added": "3.0"}]}}}}
            """##)
        #expect(schema.contains("union Refresh {\n  bool: Bool\n  refreshValue: RefreshValue\n}"), "\(schema)")
        #expect(schema.contains("enum RefreshValue {\n  /// Do not refresh.\n  false\n  true\n  waitFor = \"wait_for\"\n}"), "\(schema)")
        #expect(schema.contains("enum NodeRole {\n  data\n  warm\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenSearch's `CalendarInterval` is a `oneOf` of eight enums of two values (`{title: minute,
    /// enum: [minute, 1m]}`); DigitalOcean's instance sizes are current and deprecated slugs, each
    /// an enum with a default and an example. As a union of enums the first took every text and
    /// read `minute` as its own unknown; as one enum each value is its case, a deprecated
    /// variant's cases deprecated.
    @Test func aOneOfOfEnumsIsOneEnum() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Sizes"}, "components": {"schemas": {
              "Interval": {"oneOf": [
                {"title": "second", "type": "string", "enum": ["second", "1s"]},
                {"title": "minute", "type": "string", "enum": ["minute", "1m"]}]},
              "Slug": {"oneOf": [
                {"title": "Size slug", "type": "string", "enum": ["apps-s-1vcpu"], "default": "apps-s-1vcpu", "example": "apps-s-1vcpu"},
                {"title": "Deprecated", "description": "Legacy plans.", "type": "string", "enum": ["basic-xxs", "basic-xs"], "deprecated": true}]},
              "Effort": {"oneOf": [{"description": "How hard.", "type": "string", "enum": ["low", "high"]}]}}}}
            """##)
        #expect(schema.contains("enum Interval {\n  second\n  _1s = \"1s\"\n  minute\n  _1m = \"1m\"\n}"), "\(schema)")
        #expect(schema.contains("""
            enum Slug {
              sizeSlug = "apps-s-1vcpu"
              /// Legacy plans.
              basicXxs = "basic-xxs" @deprecated
              /// Legacy plans.
              basicXs = "basic-xs" @deprecated
            }
            """), "\(schema)")
        // One enum alone is that enum, documented as a whole.
        #expect(schema.contains("/// How hard.\nenum Effort {\n  low\n  high\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// Two enums that are `$ref` variants of one union stay two types, since each is a component
    /// of its own; the first reads the second's values as unknown, and a warning says so.
    @Test func twoEnumsAsVariantsAreAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Units"}, "components": {"schemas": {
              "Metric": {"type": "string", "enum": ["m", "km"]},
              "Imperial": {"type": "string", "enum": ["ft", "mi"]},
              "Count": {"type": "integer", "enum": [1, 2]},
              "Unit": {"oneOf": [{"$ref": "#/components/schemas/Metric"}, {"$ref": "#/components/schemas/Count"}, {"$ref": "#/components/schemas/Imperial"}]}}}}
            """##)
        #expect(schema.contains("union Unit {\n  metric: Metric\n  count: Count\n  imperial: Imperial\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Unit/oneOf/2: this variant of 'Unit' is an enum, as 'metric' before it is: that one reads its values as its own unknown ones, kept whole but not told apart; one enum of all their values would tell them apart"
        ], "\(result.warnings)")
    }

    /// OpenSearch's `WaitForActiveShardOptions` is `oneOf: [{const: all}, {type: null}]`: the one
    /// variant is the component, under the component's name (it was `…Options2`), and the
    /// summary counts the declarations written, not the names considered on the way (such as
    /// `MaybeEffort` and `JobNextEffort`, which are `Effort?`).
    @Test func aUnionOfOneValueAndNullIsThatValueUnderTheComponentsName() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Shards"}, "components": {"schemas": {
              "WaitOptions": {"oneOf": [{"type": "string", "const": "all"}, {"type": "null"}]},
              "Effort": {"anyOf": [{"type": "string", "enum": ["low", "high"]}, {"type": "null"}]},
              "MaybeEffort": {"anyOf": [{"$ref": "#/components/schemas/Effort"}, {"type": "null"}]},
              "Job": {"type": "object", "required": ["wait"], "properties": {
                "wait": {"$ref": "#/components/schemas/WaitOptions"},
                "effort": {"$ref": "#/components/schemas/Effort"},
                "lastEffort": {"$ref": "#/components/schemas/MaybeEffort"},
                "nextEffort": {"anyOf": [{"$ref": "#/components/schemas/Effort"}, {"type": "null"}]}}}}}}
            """##)
        #expect(schema.contains("enum WaitOptions {\n  all\n}"), "\(schema)")
        #expect(schema.contains("enum Effort {\n  low\n  high\n}"), "\(schema)")
        #expect(schema.contains("model Job {\n  wait: WaitOptions? @writesNull\n  effort: Effort?\n  lastEffort: Effort?\n  nextEffort: Effort?\n}"), "\(schema)")
        #expect(!schema.contains("WaitOptions2") && !schema.contains("Effort2"), "\(schema)")
        #expect(result.declarationCount == 3, "\(result.declarationCount)")
    }
}
