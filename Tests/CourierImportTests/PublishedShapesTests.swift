import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// Shapes that published descriptions use (OpenAI, Discord, InfluxDB, Lob, Mistral, Okta, Box,
/// Xero, OpenSearch), each in a few lines: every one used to make a schema with errors.
@Suite("Shapes of published descriptions")
struct PublishedShapesTests {
    /// OpenAI's `Metadata` is a nullable map; `StopConfiguration` a nullable `oneOf`.
    @Test func aComponentThatIsAnotherTypeIsThatTypeWhereverItIsUsed() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Aliases"}, "components": {"schemas": {
              "Metadata": {"anyOf": [{"type": "object", "additionalProperties": {"type": "string"}}, {"type": "null"}]},
              "Effort": {"allOf": [{"$ref": "#/components/schemas/Level"}]},
              "Level": {"type": "string", "enum": ["low", "high"]},
              "Stop": {"nullable": true, "oneOf": [{"type": "string", "nullable": true}, {"type": "array", "items": {"type": "string"}}]},
              "Run": {"type": "object", "required": ["metadata", "effort"], "properties": {
                "metadata": {"$ref": "#/components/schemas/Metadata"}, "effort": {"$ref": "#/components/schemas/Effort"},
                "stop": {"$ref": "#/components/schemas/Stop"}}}}}}
            """##)
        #expect(schema.contains("model Run {\n  metadata: [String: String]? @writesNull\n  effort: Level\n  stop: Stop?\n}"), "\(schema)")
        #expect(schema.contains("union Stop {\n  string: String\n  stringList: [String]\n}"), "\(schema)")
        #expect(!schema.contains("Metadata") && !schema.contains("Effort"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func anAliasThatContainsItselfIsJSONWhereItDoes() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Tree"}, "components": {"schemas": {
              "Tree": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Branch"}},
              "Branch": {"allOf": [{"$ref": "#/components/schemas/Tree"}]},
              "Holder": {"type": "object", "properties": {"tree": {"$ref": "#/components/schemas/Tree"}}}}}}
            """##)
        // Tree is a map of Branch, and Branch is Tree: one level is said, the next is JSON.
        #expect(schema.contains("model Holder {\n  tree: [String: [String: JSON]]?\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Branch: 'Branch' is [String: JSON] and contains itself; where it does, the value is JSON"
        ], "\(result.warnings)")
    }

    /// InfluxDB's `Node` is `oneOf: [Expression, Block]`, and `Expression` is a `oneOf` declared later.
    @Test func aUnionInsideAUnionIsMergedIntoIt() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Flux"}, "components": {"schemas": {
              "Node": {"oneOf": [{"$ref": "#/components/schemas/Expression"}, {"$ref": "#/components/schemas/Block"}]},
              "Expression": {"oneOf": [{"$ref": "#/components/schemas/Call"}, {"type": "string"}, {"type": "integer"}]},
              "Block": {"type": "object", "properties": {"body": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
              "Call": {"type": "object", "properties": {"callee": {"type": "string"}}}}}}
            """##)
        #expect(schema.contains("union Node {\n  call: Call\n  string: String\n  integer: Int\n  block: Block\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == ["warning: #/components/schemas/Node: the unions inside the union 'Node' are merged into it"])
    }

    /// OpenAI's chat messages have `discriminator: {propertyName: role}` without a mapping, and
    /// each message's `role` is an enum of one value: that value is the tag, not the component's
    /// name. Variants that share their one value cannot be told apart by it.
    @Test func aDiscriminatorWithoutMappingUsesEachVariantsOnlyValue() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Chat"}, "components": {"schemas": {
              "Message": {"oneOf": [{"$ref": "#/components/schemas/SystemMessage"}, {"$ref": "#/components/schemas/UserMessage"}],
                "discriminator": {"propertyName": "role"}},
              "SystemMessage": {"type": "object", "required": ["role"], "properties": {"role": {"type": "string", "enum": ["system"]}, "content": {"type": "string"}}},
              "UserMessage": {"type": "object", "required": ["role"], "properties": {"role": {"type": "string", "const": "user"}, "name": {"type": "string"}}},
              "Item": {"oneOf": [{"$ref": "#/components/schemas/InputItem"}, {"$ref": "#/components/schemas/OutputItem"}],
                "discriminator": {"propertyName": "type"}},
              "InputItem": {"type": "object", "properties": {"type": {"type": "string", "enum": ["message"]}, "text": {"type": "string"}}},
              "OutputItem": {"type": "object", "properties": {"type": {"type": "string", "enum": ["message"]}, "id": {"type": "integer"}}}}}}
            """##)
        #expect(schema.contains("union Message tag \"role\" {\n  system: SystemMessage\n  user: UserMessage\n}"), "\(schema)")
        #expect(schema.contains("union Item {\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Item/discriminator: variants of 'Item' share a tag value, so the tag cannot tell them apart; it is an untagged union"
        ], "\(result.warnings)")
    }

    /// A request must be able to send `null` (to clear a field) and must send a required key
    /// even when its value is null; what only responses read keeps `T?`, which writes `null`
    /// where the key is required.
    @Test func nullableFieldsAreNullableWhereARequestWritesThem() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Tasks"}, "paths": {"/tasks/{id}": {"patch": {"operationId": "updateTask",
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TaskPatch"}}}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}}}}}}},
             "components": {"schemas": {
              "TaskPatch": {"type": "object", "required": ["version"], "properties": {
                "title": {"type": "string"}, "due": {"type": ["string", "null"], "format": "date-time"},
                "version": {"type": ["integer", "null"]}, "owner": {"$ref": "#/components/schemas/Owner"}}},
              "Owner": {"type": "object", "properties": {"name": {"type": ["string", "null"]}}},
              "Task": {"type": "object", "required": ["due"], "properties": {"due": {"type": ["string", "null"]},
                "tags": {"type": "array", "items": {"type": ["string", "null"]}}}}}}}
            """##)
        #expect(schema.contains("model TaskPatch {\n  title: String?\n  due: Nullable<Date>?\n  version: Nullable<Int>\n  owner: Owner?\n}"), "\(schema)")
        #expect(schema.contains("model Owner {\n  name: Nullable<String>?\n}"), "\(schema)")
        #expect(schema.contains("model TasksTask {\n  due: String? @writesNull\n  tags: [Nullable<String>]?\n}"), "\(schema)")
    }

    /// Vonage's advanced insight is a `oneOf` whose variants differ only in `roaming`: a nullable
    /// object in one, the text `unknown` in the other. A `roaming: null` meets the first alone,
    /// a value without the key meets both, so a response model that wrote `nil` as an absent key
    /// made a value its own union refuses. Such a key keeps `null` apart; one that no other
    /// variant refuses `null` for, or a union with a tag, keeps `T?`.
    @Test func aNullThatTellsVariantsApartIsKept() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Insight"}, "components": {"schemas": {
              "Insight": {"oneOf": [{"$ref": "#/components/schemas/Known"}, {"$ref": "#/components/schemas/Unknown"}]},
              "Known": {"type": "object", "properties": {"roaming": {"$ref": "#/components/schemas/Roaming"},
                "note": {"type": "string", "nullable": true}}},
              "Unknown": {"type": "object", "properties": {"roaming": {"type": "string", "enum": ["unknown"]},
                "note": {"type": "string", "nullable": true}}},
              "Roaming": {"type": "object", "nullable": true, "properties": {"status": {"type": "string"}}},
              "Tagged": {"oneOf": [{"$ref": "#/components/schemas/Near"}, {"$ref": "#/components/schemas/Far"}],
                "discriminator": {"propertyName": "kind"}},
              "Near": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"},
                "roaming": {"$ref": "#/components/schemas/Roaming"}}},
              "Far": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"},
                "roaming": {"type": "string"}}}}}}
            """##)
        #expect(schema.contains("model Known {\n  roaming: Nullable<Roaming>?\n  note: String?\n}"), "\(schema)")
        #expect(schema.contains("model Near {\n  kind: String\n  roaming: Roaming?\n}"), "\(schema)")
    }

    /// DigitalOcean maps nine tags to its plain Droplet action (`reboot`, `power_off`, …), and
    /// `change_backup_policy` to an action whose `type` enum lists every action but that one.
    /// Each tag is a variant: the union kept the last of the nine, so a reboot was sent as
    /// `enable_ipv6`. And the tag is what the server sends: the enum gains it, a warning says so,
    /// and the schema lints clean (each variant's field can hold its own tag).
    @Test func aTagThatTheVariantsEnumMissesIsAddedToIt() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Droplets"}, "components": {"schemas": {
              "Action": {"oneOf": [{"$ref": "#/components/schemas/Reboot"}, {"$ref": "#/components/schemas/ChangePolicy"}],
                "discriminator": {"propertyName": "type", "mapping": {"reboot": "#/components/schemas/Reboot",
                  "power_off": "#/components/schemas/Reboot", "change_backup_policy": "#/components/schemas/ChangePolicy"}}},
              "ActionType": {"type": "string", "enum": ["reboot", "power_off"]},
              "Reboot": {"type": "object", "required": ["type"], "properties": {"type": {"$ref": "#/components/schemas/ActionType"}}},
              "ChangePolicy": {"type": "object", "required": ["type", "policy"], "properties": {"type": {"$ref": "#/components/schemas/ActionType"},
                "policy": {"type": "string"}}}}}}
            """##)
        #expect(schema.contains("union Action tag \"type\" {\n  reboot: Reboot\n  powerOff = \"power_off\": Reboot\n  changeBackupPolicy = \"change_backup_policy\": ChangePolicy\n}"), "\(schema)")
        #expect(schema.contains("enum ActionType {\n  reboot\n  powerOff = \"power_off\"\n  changeBackupPolicy = \"change_backup_policy\"\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Action: 'Action' tags 'ChangePolicy' \"change_backup_policy\", which its 'type' (ActionType) does not list; \"change_backup_policy\" is added to 'ActionType'"
        ])
        let compilation = SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) })
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    }

    /// Discord narrows its shared `AutomodTriggerType` at each rule: `{enum: [4], allOf: [{$ref:
    /// AutomodTriggerType}]}`. The `allOf` part alone was the type, so the narrowing was lost
    /// without a word, and the partial updates (which require nothing) could not be told apart.
    /// A narrowing is an enum of the values it keeps, with the shared enum's case names; one
    /// that keeps every value is the shared enum.
    @Test func anEnumThatASchemaNarrowsIsAnEnumOfWhatItKeeps() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Rules"}, "components": {"schemas": {
              "Kind": {"type": "string", "enum": ["keyword", "spam", "mention_spam"]},
              "Update": {"oneOf": [{"$ref": "#/components/schemas/KeywordUpdate"}, {"$ref": "#/components/schemas/SpamUpdate"}]},
              "KeywordUpdate": {"type": "object", "properties": {"name": {"type": "string"},
                "kind": {"type": "string", "enum": ["keyword"], "allOf": [{"$ref": "#/components/schemas/Kind"}]}}},
              "SpamUpdate": {"type": "object", "properties": {"name": {"type": "string"},
                "kind": {"type": "string", "enum": ["spam", "mention_spam"], "allOf": [{"$ref": "#/components/schemas/Kind"}, {"description": "Spam."}]}}},
              "AnyUpdate": {"type": "object", "properties": {
                "kind": {"enum": ["keyword", "spam", "mention_spam"], "allOf": [{"$ref": "#/components/schemas/Kind"}]}}},
              "OddUpdate": {"type": "object", "properties": {
                "kind": {"enum": ["keyword", "other"], "allOf": [{"$ref": "#/components/schemas/Kind"}]}}}}}}
            """##)
        #expect(schema.contains("model KeywordUpdate {\n  name: String?\n  kind: KeywordUpdateKind?\n}\n\nenum KeywordUpdateKind {\n  keyword\n}"), "\(schema)")
        #expect(schema.contains("enum SpamUpdateKind {\n  spam\n  mentionSpam = \"mention_spam\"\n}"), "\(schema)")
        #expect(schema.contains("model AnyUpdate {\n  kind: Kind?\n}"), "\(schema)")
        // A value the shared enum does not have cannot be narrowed to: said, not dropped unseen.
        #expect(schema.contains("alias OddUpdate = AnyUpdate\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/OddUpdate/properties/kind: some values listed beside 'allOf' are not cases of 'Kind'; the place takes any 'Kind'"
        ])
    }

    /// OpenAI's tools name no discriminator, but each variant requires `type` with one value of
    /// its own. Tried in turn, the first variant (`type` alone) took every tool and lost its
    /// `function`; by the tag each goes to its own.
    @Test func aUnionWhoseVariantsEachRequireTheirOwnValueIsTagged() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Tools"}, "components": {"schemas": {
              "Tool": {"oneOf": [{"$ref": "#/components/schemas/Code"}, {"$ref": "#/components/schemas/Function"}]},
              "Code": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["code_interpreter"]}}},
              "Function": {"type": "object", "required": ["type", "function"], "properties": {"type": {"type": "string", "enum": ["function"]},
                "function": {"type": "object", "properties": {"name": {"type": "string"}}}}},
              "Loose": {"oneOf": [{"$ref": "#/components/schemas/Code"}, {"$ref": "#/components/schemas/Maybe"}]},
              "Maybe": {"type": "object", "properties": {"type": {"type": "string", "enum": ["maybe"]}}}}}}
            """##)
        #expect(schema.contains("union Tool tag \"type\" {\n  codeInterpreter = \"code_interpreter\": Code\n  function: Function\n}"), "\(schema)")
        // A variant that does not require the key cannot be told by it.
        #expect(schema.contains("union Loose {\n  code: Code\n  maybe: Maybe\n}"), "\(schema)")
    }

    /// Docker marks definitions `x-nullable`: wherever such a component is used it may be
    /// `null`, and a key that the schema requires without describing (`UnpackedSize`) is kept.
    @Test func aNullableComponentIsOptionalWhereverItIsUsed() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "NC"}, "components": {"schemas": {
              "Result": {"type": ["object", "null"], "required": ["Size"], "properties": {"a": {"type": "string"}}},
              "Health": {"type": "object", "required": ["last"], "properties": {"log": {"type": "array", "items": {"$ref": "#/components/schemas/Result"}},
                "last": {"$ref": "#/components/schemas/Result"}}}}}}
            """##)
        #expect(schema.contains("model NCResult {\n  a: String?\n  size: JSON @wire(\"Size\")\n}"), "\(schema)")
        #expect(schema.contains("model Health {\n  log: [Nullable<NCResult>]?\n  last: NCResult? @writesNull\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == ["warning: #/components/schemas/Result/required: 'Size' is required in 'NCResult' but has no schema; it is JSON"])
    }

    /// Box describes each use of a type with `allOf: [{$ref}, {description}]`. That was merged
    /// into an empty model, and every collaboration's item decoded into it lost all its keys.
    @Test func anAllOfWhoseOtherPartsOnlyAnnotateIsItsOnePart() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Box"}, "components": {"schemas": {
              "Collaboration": {"type": "object", "properties": {
                "item": {"allOf": [{"$ref": "#/components/schemas/Item"}, {"description": "What is shared."}], "nullable": true},
                "filters": {"type": "object", "additionalProperties": {"allOf": [{"$ref": "#/components/schemas/Value"}, {"example": "x"}, {"x-box-key": "k"}]}}}},
              "Item": {"oneOf": [{"$ref": "#/components/schemas/File"}, {"$ref": "#/components/schemas/Folder"}]},
              "File": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["file"]}}},
              "Folder": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["folder"]}}},
              "Value": {"type": "object", "properties": {"lt": {"type": "number"}}},
              "Drawer": {"type": "object", "properties": {"description": {"allOf": [{"type": "string", "maxLength": 256}, {"nullable": false}]}}}}}}
            """##)
        #expect(schema.contains("model Collaboration {\n  item: Item?\n  filters: [String: Value]?\n}"), "\(schema)")
        #expect(schema.contains("model Drawer {\n  description: String?\n}"), "\(schema)")
        #expect(schema.contains("union Item tag \"type\" {"), "\(schema)")
        #expect(!schema.contains("CollaborationItem"), "\(schema)")
    }

    /// Lob describes each id as `allOf: [{$ref: bank_id_no_description.yml}, {type: string,
    /// description: …}]`, and each object kind as `allOf: [{$ref: object.yml}, {type: string,
    /// enum: [tracking_event]}]` where `object.yml` is a described string. A part that restates
    /// another's type, itself or through its `$ref`, only annotates; the merge was an empty
    /// model, and every bank account, check and booklet failed to decode at its id.
    @Test func anAllOfPartThatRestatesTheTypeOnlyAnnotates() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Lob"}, "components": {"schemas": {
              "BankIdPattern": {"type": "string", "pattern": "^bank_[a-zA-Z0-9]+$"},
              "Object": {"type": "string", "description": "The resource's type."},
              "Account": {"type": "object", "properties": {
                "id": {"allOf": [{"$ref": "#/components/schemas/BankIdPattern"}, {"type": "string", "description": "Prefixed with bank_."}]},
                "signatureUrl": {"allOf": [{"type": "string", "nullable": true, "description": "A link."}, {"$ref": "#/components/schemas/BankIdPattern"}]},
                "object": {"allOf": [{"$ref": "#/components/schemas/Object"}, {"type": "string", "enum": ["account"]}]},
                "other": {"allOf": [{"$ref": "#/components/schemas/BankIdPattern"}, {"type": "integer", "description": "Not the same type."}]}}}}}}
            """##)
        #expect(schema.contains("model Account {\n  id: String?\n  signatureUrl: String?\n  object: AccountObject?\n  other: AccountOther?\n}"), "\(schema)")
        #expect(schema.contains("enum AccountObject {\n  account\n}"), "\(schema)")
    }

    /// DigitalOcean bounds a shared label per filesystem: `allOf: [{$ref: …file_system_label},
    /// {maxLength: 16}]`. A part that only bounds (a length, a range, a pattern, a count) keeps
    /// the other part's type; the merge was an empty model that no label decoded into. Its
    /// `nullable: true` still lets null in; a part that also types the value makes its own type;
    /// a part that bounds a key its base types (`label: {maxLength: 12}`) keeps the base's type.
    @Test func anAllOfPartThatOnlyBoundsKeepsTheOtherPartsType() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Volumes"}, "components": {"schemas": {
              "Label": {"type": "string", "description": "The filesystem's label."},
              "Size": {"type": "integer"},
              "Volume": {"type": "object", "required": ["note"], "properties": {
                "label": {"allOf": [{"$ref": "#/components/schemas/Label"}, {"maxLength": 16}]},
                "size": {"allOf": [{"$ref": "#/components/schemas/Size"}, {"minimum": 1, "maximum": 16384, "description": "GiB."}]},
                "tags": {"allOf": [{"type": "array", "items": {"type": "string"}}, {"maxItems": 10, "uniqueItems": true}]},
                "note": {"allOf": [{"$ref": "#/components/schemas/Label"}, {"maxLength": 16, "nullable": true}]},
                "other": {"allOf": [{"$ref": "#/components/schemas/Label"}, {"maxLength": 16, "properties": {"x": {"type": "string"}}}]}}},
              "Ext4Volume": {"allOf": [{"$ref": "#/components/schemas/Volume"}, {"properties": {"label": {"maxLength": 12}}}]}}}}
            """##)
        #expect(schema.contains("model Volume {\n  label: String?\n  size: Int?\n  tags: [String]?\n  note: String? @writesNull\n  other: VolumeOther?\n}"), "\(schema)")
        // A part that bounds a key its base types keeps the base's type for it: the merge is
        // then identical to the base, and an alias of it.
        #expect(schema.contains("alias Ext4Volume = Volume\n"), "\(schema)")
    }

    /// Box's event sources are `additionalProperties: {allOf: [{}, {description: …}]}`: any value.
    /// The merge was an empty model, which every source that was not an object failed to decode.
    @Test func anAllOfWhosePartsAllAnnotateTakesAnyValue() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Box"}, "components": {"schemas": {
              "Anything": {"allOf": [{}, {"description": "Whatever the source is."}]},
              "Event": {"type": "object", "properties": {
                "source": {"type": "object", "additionalProperties": {"allOf": [{}, {"description": "A source's field."}]}},
                "detail": {"$ref": "#/components/schemas/Anything"},
                "named": {"allOf": [{"description": "Described twice."}], "type": "object", "properties": {"id": {"type": "string"}}}}}}}}
            """##)
        #expect(schema.contains("model Event {\n  source: [String: JSON]?\n  detail: JSON?\n  named: EventNamed?\n}"), "\(schema)")
        #expect(schema.contains("model EventNamed {\n  id: String?\n}"), "\(schema)")
        #expect(!schema.contains("model Anything"), "\(schema)")
    }

    /// Where no tag tells the variants apart, the first that decodes wins; one that requires
    /// more keys goes first, so that one requiring fewer cannot take its values and drop keys.
    @Test func anUntaggedUnionTriesTheModelThatRequiresMoreFirst() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Shapes"}, "components": {"schemas": {
              "Shape": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/Dot"}, {"$ref": "#/components/schemas/Line"}]},
              "Dot": {"type": "object", "required": ["x"], "properties": {"x": {"type": "number"}}},
              "Line": {"type": "object", "required": ["x", "length"], "properties": {"x": {"type": "number"}, "length": {"type": "number"}}}}}}
            """##)
        #expect(schema.contains("union Shape {\n  string: String\n  line: Line\n  dot: Dot\n}"), "\(schema)")
    }

    /// DigitalOcean's page links are `anyOf: [forward, backward, {}]`. A model after a variant
    /// that takes anything is kept, since an object goes first to the model that declares its
    /// keys; an array after it is still left out.
    @Test func aModelAfterAnyValueIsKeptAndAnArrayIsNot() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Links"}, "components": {"schemas": {
              "Links": {"anyOf": [{}, {"$ref": "#/components/schemas/Forward"}, {"type": "array", "items": {"type": "integer"}}]},
              "Forward": {"type": "object", "properties": {"next": {"type": "string"}}}}}}
            """##)
        #expect(schema.contains("union Links {\n  json: JSON\n  forward: Forward\n}"), "\(schema)")
        #expect(
            result.warnings.map(\.description) == [
                "warning: #/components/schemas/Links/anyOf/2: this variant of 'Links' is left out: 'json' before it takes every value it could"
            ])
    }

    /// Discord documents its integer enums as `oneOf` of `const`s, each with a title and a
    /// description (91 of them): an enum whose cases take their names from the titles and their
    /// docs from the descriptions, not a union of anything.
    @Test func aOneOfOfDocumentedConstantsIsAnEnum() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Consts"}, "components": {"schemas": {
              "ComponentType": {"type": "integer", "oneOf": [
                {"title": "ACTION_ROW", "description": "Container for other components", "const": 1},
                {"title": "BUTTON", "const": 2},
                {"const": 3}]},
              "Style": {"oneOf": [{"const": "dark", "description": "Dark mode."}, {"enum": ["light"]}]},
              "Mixed": {"oneOf": [{"const": 1}, {"type": "string"}]},
              "Button": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "integer", "enum": [2], "allOf": [{"$ref": "#/components/schemas/ComponentType"}]}}}}}}
            """##)
        #expect(schema.contains("enum ComponentType: Int {\n  /// Container for other components\n  actionRow = 1\n  button = 2\n  value3 = 3\n}"), "\(schema)")
        #expect(schema.contains("enum Style {\n  /// Dark mode.\n  dark\n  light\n}"), "\(schema)")
        // A `const` without a `type` has its value's type; a `oneOf` of it and more is a union
        // whose variant is the enum of that one value.
        #expect(schema.contains("union Mixed {\n  mixedVariant1: MixedVariant1\n  string: String\n}\n\nenum MixedVariant1: Int {\n  value1 = 1\n}"), "\(schema)")
        // A place that narrows the enum to some of its values is an enum of those.
        #expect(schema.contains("model Button {\n  type: ButtonType\n}\n\nenum ButtonType: Int {\n  button = 2\n}"), "\(schema)")
        #expect(!result.warnings.contains { $0.location.pointer.hasPrefix("/components/schemas/ComponentType") || $0.location.pointer.hasPrefix("/components/schemas/Style") })
    }

    /// Discord's components say their kind by a number that each variant allows one value of
    /// (`type: {type: integer, enum: [2]}`), with no discriminator: a union tagged by numbers,
    /// each variant named after its model. Text and numbers mixed cannot be one tag.
    @Test func variantsWithOneNumberEachAreTaggedByIt() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Components"}, "components": {"schemas": {
              "Component": {"oneOf": [{"$ref": "#/components/schemas/Button"}, {"$ref": "#/components/schemas/Menu"}]},
              "Button": {"type": "object", "required": ["type"], "properties": {"type": {"type": "integer", "enum": [2]}, "label": {"type": "string"}}},
              "Menu": {"type": "object", "required": ["type"], "properties": {"type": {"type": "integer", "const": 3}, "options": {"type": "array", "items": {"type": "string"}}}},
              "Mixed": {"oneOf": [{"$ref": "#/components/schemas/Button"}, {"$ref": "#/components/schemas/Named"}], "discriminator": {"propertyName": "type"}},
              "Named": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["named"]}}}}}}
            """##)
        #expect(schema.contains("union Component tag \"type\" {\n  button = 2: Button\n  menu = 3: Menu\n}"), "\(schema)")
        #expect(schema.contains("union Mixed {"), "\(schema)")
        #expect(
            result.warnings.map(\.description).contains(
                "warning: #/components/schemas/Mixed/discriminator: some variants of 'Mixed' are tagged by text and some by a number, which one tag cannot say; it is an untagged union"),
            "\(result.warnings)")
    }

    /// OpenAI's web search tool says `type: enum [web_search, web_search_2025_08_26]` under a
    /// discriminator without a mapping, and Discord's interaction callbacks `type: enum [4, 5]`
    /// with none at all. Each value is a case of its own, for the same model: the component's
    /// name, the tag the specification falls back to, was sent and refused, and without a tag
    /// the first callback that fit took every value. Variants that share a value stay untagged.
    @Test func aVariantWhoseTagPropertyListsSeveralValuesHasACaseForEach() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Tools"}, "components": {"schemas": {
              "Tool": {"oneOf": [{"$ref": "#/components/schemas/Function"}, {"$ref": "#/components/schemas/WebSearch"}], "discriminator": {"propertyName": "type"}},
              "Function": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["function"]}}},
              "WebSearch": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["web_search", "web_search_2025_08_26"]}}},
              "Callback": {"anyOf": [{"$ref": "#/components/schemas/Message"}, {"$ref": "#/components/schemas/Modal"}]},
              "Message": {"type": "object", "required": ["type"], "properties": {"type": {"type": "integer", "enum": [4, 5]}, "data": {"type": "string"}}},
              "Modal": {"type": "object", "required": ["type", "data"], "properties": {"type": {"type": "integer", "enum": [9]}, "data": {"type": "object", "properties": {"title": {"type": "string"}}}}},
              "Overlapping": {"anyOf": [{"$ref": "#/components/schemas/Message"}, {"$ref": "#/components/schemas/Again"}]},
              "Again": {"type": "object", "required": ["type"], "properties": {"type": {"type": "integer", "enum": [5, 6]}, "other": {"type": "string"}}},
              "Written": {"oneOf": [
                {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "enum": ["a", "b"]}, "x": {"type": "string"}}},
                {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "enum": ["c"]}, "y": {"type": "string"}}}]}}}}
            """##)
        #expect(
            schema.contains("union Tool tag \"type\" {\n  function: Function\n  webSearch = \"web_search\": WebSearch\n  webSearch20250826 = \"web_search_2025_08_26\": WebSearch\n}"),
            "\(schema)")
        #expect(schema.contains("union Callback tag \"type\" {\n  message4 = 4: Message\n  message5 = 5: Message\n  modal = 9: Modal\n}"), "\(schema)")
        #expect(schema.contains("union Overlapping {"), "\(schema)")
        // A variant written in place is named after its first value, and declared once.
        #expect(schema.contains("union Written tag \"kind\" {\n  a: WrittenA\n  b: WrittenA\n  c: WrittenC\n}"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// OpenAI's `AssistantStreamEvent` is a oneOf of oneOfs of inline objects, each with its own
    /// `event: enum [x]`: one union tagged by `event`, whose inline variants are models named
    /// after their tags and declared once, though the inner union uses them too.
    @Test func aUnionOfUnionsOfInlineTaggedObjectsIsOneTaggedUnion() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Events"}, "components": {"schemas": {
              "StreamEvent": {"oneOf": [{"$ref": "#/components/schemas/RunEvent"}, {"$ref": "#/components/schemas/DoneEvent"}]},
              "RunEvent": {"oneOf": [
                {"type": "object", "required": ["event", "data"], "properties": {"event": {"type": "string", "enum": ["run.created"]}, "data": {"$ref": "#/components/schemas/Run"}}},
                {"type": "object", "required": ["event", "data"], "properties": {"event": {"type": "string", "enum": ["run.failed"]}, "data": {"$ref": "#/components/schemas/Run"}}}]},
              "DoneEvent": {"type": "object", "required": ["event", "data"], "properties": {"event": {"type": "string", "enum": ["done"]}, "data": {"type": "string"}}},
              "Run": {"type": "object", "properties": {"id": {"type": "string"}}}}}}
            """##)
        #expect(
            schema.contains(
                "union StreamEvent tag \"event\" {\n  runCreated = \"run.created\": StreamEventRunCreated\n  runFailed = \"run.failed\": StreamEventRunFailed\n  done: DoneEvent\n}"),
            "\(schema)")
        #expect(schema.contains("union RunEvent tag \"event\" {\n  runCreated = \"run.created\": StreamEventRunCreated\n"), "\(schema)")
        #expect(schema.contains("model StreamEventRunCreated {\n  event: StreamEventRunCreatedEvent\n  data: Run\n}"), "\(schema)")
        #expect(!schema.contains("model RunEventRunCreated"), "\(schema)")
    }

    /// OpenAI's function tools require `parameters`, `anyOf: [{type: object,
    /// additionalProperties: {}}, {type: "null"}]`: `JSON`, which holds null itself, not `JSON?`,
    /// whose `nil` would leave the required key out.
    @Test func aRequiredUnionOfAnyObjectAndNullIsJSON() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Tools"}, "components": {"schemas": {"FunctionTool": {"type": "object", "required": ["parameters"],
              "properties": {"parameters": {"anyOf": [{"type": "object", "additionalProperties": {}}, {"type": "null"}]}}}}}}
            """##)
        #expect(schema.contains("model FunctionTool {\n  parameters: JSON\n}"), "\(schema)")
    }

    /// DigitalOcean's MySQL settings go up to 2^64 - 1, and Docker writes `format: uint64`: no
    /// `Int` holds such a value, so the field is `UInt64`. OpenAI's `seed` is bounded by ±2^63
    /// written as doubles: it may be negative, so it is not `UInt64` (a negative seed did not
    /// decode), but an `Int`.
    @Test func integersPastInt64AreUInt64() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Big"}, "components": {"schemas": {"Config": {"type": "object", "properties": {
              "maxLength": {"type": "integer", "minimum": 4, "maximum": 18446744073709551615},
              "size": {"type": "integer", "format": "uint64", "default": 7},
              "count": {"type": "integer", "maximum": 9223372036854775807},
              "seed": {"type": "integer", "minimum": -9223372036854776000, "maximum": 9223372036854776000}}}}}}
            """##)
        #expect(schema.contains("model Config {\n  maxLength: UInt64?\n  size: UInt64 = 7\n  count: Int?\n  seed: Int?\n}"), "\(schema)")
    }

    /// Okta lists `BY_DATE_TIME` twice in one enum.
    @Test func aValueListedTwiceInAnEnumIsOneCase() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Grace"}, "components": {"schemas": {"Kind": {"type": "string", "enum": ["BY_DATE_TIME", "BY_DATE_TIME", "BY_SKIP_COUNT"]}}}}
            """##)
        #expect(schema.contains("enum Kind {\n  byDateTime = \"BY_DATE_TIME\"\n  bySkipCount = \"BY_SKIP_COUNT\"\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == ["warning: #/components/schemas/Kind/enum: the value \"BY_DATE_TIME\" is listed twice in the enum 'Kind'; it is one case"])
    }

    /// Mistral writes `/v1/conversations#stream` beside `/v1/conversations`; Xero has two
    /// operations on one route; Discord has `/users/@me`.
    @Test func fragmentsAndSharedRoutesBecomeLabelsThatAreNotSent() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Routes"}, "paths": {
              "/conversations": {"post": {"operationId": "start", "responses": {"200": {"description": "ok"}}}},
              "/conversations#stream": {"post": {"operationId": "startStream", "responses": {"200": {"description": "ok"}}}},
              "/files/{id}": {"get": {"operationId": "byId", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}},
              "/files/{name}": {"get": {"operationId": "byName", "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}},
              "/users/@me": {"get": {"operationId": "me", "responses": {"200": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  startStream: POST /conversations#stream\n"), "\(schema)")
        #expect(schema.contains("  byName: GET /files/{name}#byName {"), "\(schema)")
        #expect(schema.contains("  me: GET /users/@me\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1conversations#stream: the path's fragment '#stream' is not sent; it is kept as a label that tells this endpoint apart",
            "warning: #/paths/~1files~1{name}/get: GET /files/{name} is also another operation's route; 'byName' is told apart by the label #byName, which is not sent",
        ], "\(result.warnings)")
    }

    /// OpenSearch sends search queries as the body of a GET.
    @Test func aGETBodyIsLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Search"}, "paths": {"/_search": {
              "get": {"operationId": "searchGet", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {"200": {"description": "ok"}}},
              "post": {"operationId": "search", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {"200": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  searchGet: GET /_search\n"), "\(schema)")
        #expect(schema.contains("  search: POST /_search {\n    body JSON\n  }"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1_search/get/requestBody: the body of 'searchGet' is left out: a GET request cannot have one; the path's POST operation takes it"
        ], "\(result.warnings)")
    }

    /// Lob's multipart bodies are `allOf` parts in other files, whose `$ref`s are relative to
    /// those files.
    @Test func aFormBodyMadeOfAllOfPartsInOtherFilesHasAllTheirFields() throws {
        let folder = try ScratchFolder.make("courier-allof")
        let models = folder.appendingPathComponent("resources/campaigns/models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try "allOf:\n  - $ref: \"base.yml\"\n  - type: object\n    required: [quantity]\n    properties:\n      quantity: {type: integer}\n"
            .write(to: models.appendingPathComponent("create.yml"), atomically: true, encoding: .utf8)
        try "type: object\nproperties:\n  name: {$ref: \"../../../shared/name.yml\"}\n  art: {type: string, format: binary}\n"
            .write(to: models.appendingPathComponent("base.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "type: string\nmaxLength: 40\n".write(to: folder.appendingPathComponent("shared/name.yml"), atomically: true, encoding: .utf8)
        try """
            openapi: 3.0.3
            info: {title: Mail}
            paths:
              /campaigns:
                post:
                  operationId: createCampaign
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: {$ref: "resources/campaigns/models/create.yml"}
                  responses: {"200": {description: ok}}
            """.write(to: folder.appendingPathComponent("api.yml"), atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter.run(description: folder.appendingPathComponent("api.yml"))
        let schema = result.files.map(\.text).joined()
        #expect(schema.contains("    body multipart {\n      name: String?\n      art: File?\n      quantity: Int\n    }"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }
}

/// `$ref`s where published descriptions put them, in the same file and across files.
@Suite("References where real documents put them")
struct ReferencesEverywhereTests {
    /// A description in files: DigitalOcean gives operations as `$ref`s to files of their own,
    /// Lob gives a response's whole `content` as one.
    static func describe(_ files: [String: String]) throws -> URL {
        let folder = try ScratchFolder.make("courier-refs")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder.appendingPathComponent("api.yaml")
    }

    @Test func operationsContentAndEntriesGivenByRefAreFollowedWithAWarning() throws {
        let url = try Self.describe([
            "api.yaml": """
                openapi: 3.0.0
                info: {title: Cloud}
                paths:
                  /droplets/{droplet_id}:
                    get: {$ref: "resources/droplets/get.yml"}
                """,
            "resources/droplets/get.yml": """
                operationId: getDroplet
                parameters:
                  - {$ref: "../../shared/parameters.yml#/droplet_id"}
                responses:
                  "200":
                    description: The droplet.
                    content: {$ref: "responses/droplet.yml"}
                """,
            "resources/droplets/responses/droplet.yml": """
                application/json:
                  schema: {$ref: "../models/droplet.yml"}
                """,
            "resources/droplets/models/droplet.yml": "type: object\nproperties:\n  id: {type: integer}\n",
            "shared/parameters.yml": "droplet_id: {name: droplet_id, in: path, required: true, schema: {type: integer}}\n",
        ])
        let result = try OpenAPIImporter.run(description: url)
        let schema = result.files.map(\.text).joined()
        #expect(schema.contains("  getDroplet: GET /droplets/{dropletId} {\n    path dropletId: Int\n    returns Droplet\n  }"), "\(schema)")
        #expect(schema.contains("model Droplet {\n  id: Int?\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1droplets~1{droplet_id}/get: an operation given by $ref is not OpenAPI (only path items may be); it is read from get.yml",
            "warning: #/responses/200/content: a $ref is not allowed here in OpenAPI; it is followed to droplet.yml",
        ], "\(result.warnings)")
    }

    @Test func responseMediaTypesOfAnotherKindAreLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Invoices"}, "paths": {"/invoices/{id}": {"get": {"operationId": "getInvoice",
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok", "content": {
                "application/json": {"schema": {"type": "object", "properties": {"total": {"type": "number"}}}},
                "application/pdf": {"schema": {"type": "string", "format": "binary"}}}}}}}}}
            """##)
        #expect(schema.contains("    returns GetInvoiceResponse\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1invoices~1{id}/get/responses/200/content/application~1pdf: the application/pdf response is left out; the client asks for application/json and what goes with it"
        ], "\(result.warnings)")
    }
}
