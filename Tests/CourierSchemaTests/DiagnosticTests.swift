import Testing

@testable import CourierSchema

/// One row: a schema with a `1️⃣` marker, and the one diagnostic that must land there.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let message: String
    var severity: Diagnostic.Severity = .error
    /// How many diagnostics the schema produces in all (to catch cascades).
    var total = 1

    var testDescription: String { name }
}

/// The api block most cases share, placed last so that line numbers stay as written.
private let api = "\napi T {}\n"

private let lexerCases: [DiagnosticCase] = [
    .init(name: "unterminated string", source: "model A {\n  b: String = 1️⃣\"abc\n}" + api,
          message: "unterminated string literal"),
    .init(name: "invalid escape", source: "model A {\n  b: String = \"a1️⃣\\q\"\n}" + api,
          message: "invalid escape sequence '\\q' in string"),
    .init(name: "bad unicode escape", source: "model A {\n  b: String = \"1️⃣\\u{110000}\"\n}" + api,
          message: "invalid unicode escape '\\u{110000}'"),
    .init(name: "unicode escape without brace", source: "model A {\n  b: String = \"1️⃣\\u41\"\n}" + api,
          message: "expected '{' after '\\u'"),
    .init(name: "unexpected character", source: "model A {\n  b: String 1️⃣; c: Int\n}" + api,
          message: "unexpected character ';'"),
    .init(name: "unknown duration unit", source: "group G {\n  a: GET /a @timeout(1️⃣5d)\n}" + api,
          message: "unknown duration unit 'd'"),
]

private let parserCases: [DiagnosticCase] = [
    .init(name: "not a declaration", source: "1️⃣modle A {\n}" + api,
          message: "expected a declaration (api, model, enum, union, alias or group), found 'modle'"),
    .init(name: "alias without '='", source: "alias A 1️⃣String" + api,
          message: "expected '=' after the alias's name 'A', found 'String'"),
    .init(name: "alias of two types", source: "alias A = String 1️⃣Int" + api,
          message: "expected the end of the line after the alias's type, found 'Int'"),
    .init(name: "missing model name", source: "model 1️⃣{\n}" + api,
          message: "expected the model's name after 'model', found '{'"),
    .init(name: "missing brace", source: "model A 1️⃣id: UUID" + api,
          message: "expected '{' to begin model 'A', found 'id'"),
    .init(name: "missing colon in field", source: "model A {\n  id 1️⃣UUID\n}" + api,
          message: "expected ':' after the field name 'id', found 'UUID'"),
    .init(name: "missing type", source: "model A {\n  id: 1️⃣\n}" + api,
          message: "expected a type, found end of line"),
    .init(name: "two members on a line", source: "model A {\n  id: UUID 1️⃣name: String\n}" + api,
          message: "expected a new line or ',' after the member, found 'name'"),
    .init(name: "unclosed block", source: "model A {\n  id: UUID\n1️⃣model B {\n}" + api,
          message: "expected '}' to close model 'A'"),
    .init(name: "double optional", source: "model A {\n  id: UUID?1️⃣?\n}" + api,
          message: "a type can be made optional only once"),
    .init(name: "unclosed array type", source: "model A {\n  id: [UUID1️⃣\n}" + api,
          message: "expected ']' to close the type, found end of line"),
    .init(name: "unknown api setting", source: "api T {\n  1️⃣auht bearer\n}",
          message: "expected an api setting, found 'auht'"),
    .init(name: "header without equals", source: "api T {\n  header \"X-A\" 1️⃣\"b\"\n}",
          message: "expected '=' after the header's name, found string \"b\""),
    .init(name: "enum case wire value not a string", source: "enum E {\n  a = 1️⃣b\n}" + api,
          message: "expected the case's wire value in quotes after '=', found 'b'"),
    .init(name: "union without tag or variants", source: "union 1️⃣U {\n}" + api,
          message: "union 'U' has no variants"),
    .init(name: "variant without model", source: "model M {}\nunion U tag \"t\" {\n  a1️⃣\n}" + api,
          message: "expected ':' and the variant's model after 'a', found end of line", total: 2),
    .init(name: "endpoint without colon", source: "group G {\n  a 1️⃣GET /a\n}" + api,
          message: "expected ':' after the endpoint name 'a', found 'GET'"),
    .init(name: "endpoint without path", source: "group G {\n  a: GET 1️⃣{\n  }\n}" + api,
          message: "expected a path starting with '/' after GET, found '{'"),
    .init(name: "unknown endpoint member", source: "group G {\n  a: GET /a {\n    1️⃣qeury x: Int\n  }\n}" + api,
          message: "expected an endpoint member (path, query, header, body or returns), found 'qeury'"),
    .init(name: "attribute without name", source: "group G {\n  a: GET /a @1️⃣(\n}" + api,
          message: "expected an attribute name after '@', found '('"),
    .init(name: "attribute arguments unclosed", source: "group G {\n  a: GET /a @retries(1 1️⃣2)\n}" + api,
          message: "expected ',' or ')' in the attribute's arguments, found number '2'"),
    .init(name: "list unclosed", source: "model A {\n  a: [Int] = [1 1️⃣2]\n}" + api,
          message: "expected ',' or ']' in the list, found number '2'"),
    .init(name: "trailing doc comment", source: "model A {\n  a: Int 1️⃣/// a\n}" + api,
          message: "a doc comment must be on its own line", severity: .warning),
    .init(name: "detached doc comment", source: "model A {\n  a: Int\n  /// nothing\n1️⃣}" + api,
          message: "doc comment is not attached to a declaration", severity: .warning),
    .init(name: "nesting too deep",
          source: "model A {\n  a: " + String(repeating: "[", count: 32) + "1️⃣[Int" + String(repeating: "]", count: 33) + "\n}" + api,
          message: "type is nested too deeply"),
]

private let apiCases: [DiagnosticCase] = [
    .init(name: "no api block", source: "1️⃣model A {}", message: "the schema has no api block"),
    .init(name: "two api blocks", source: "api A {}\napi 1️⃣B {}", message: "a schema has exactly one api block"),
    .init(name: "unknown auth scheme", source: "api T {\n  auth 1️⃣bearr\n}",
          message: "unknown auth scheme 'bearr' (did you mean 'bearer'?)"),
    .init(name: "unknown key style", source: "api T {\n  keys 1️⃣snake\n}",
          message: "unknown key style 'snake' (did you mean 'snake_case'?)"),
    .init(name: "unknown date style", source: "api T {\n  dates 1️⃣iso\n}",
          message: "unknown date style 'iso' (did you mean 'iso8601'?)"),
    .init(name: "setting twice", source: "api T {\n  auth none\n  1️⃣auth bearer\n}",
          message: "'auth' is set twice in the api block"),
    .init(name: "error body not a model", source: "enum E { a }\napi T {\n  error 1️⃣E\n}",
          message: "the error body must be a model, but 'E' is an enum"),
    .init(name: "error body unknown", source: "model ErrorBody {}\napi T {\n  error 1️⃣ErrorBdy\n}",
          message: "unknown type 'ErrorBdy' (did you mean 'ErrorBody'?)"),
    .init(name: "invalid header name", source: "api T {\n  header 1️⃣\"X A\" = \"b\"\n}",
          message: "'X A' is not a valid header name"),
    .init(name: "header value with line break", source: "api T {\n  header \"X-A\" = 1️⃣\"a\\nb\"\n}",
          message: "a header value cannot contain a line break or NUL"),
    .init(name: "client-owned header", source: "api T {\n  header 1️⃣\"Authorization\" = \"x\"\n}",
          message: "header 'Authorization' is set by the client and cannot be fixed in the schema"),
    .init(name: "duplicate static header", source: "api T {\n  header \"X-A\" = \"1\"\n  header 1️⃣\"x-a\" = \"2\"\n}",
          message: "duplicate header 'x-a'"),
    .init(name: "api key in a cookie", source: "api T {\n  apikey 1️⃣cookie \"key\"\n}",
          message: "an API key is sent in a header or the query, not 'cookie'"),
    .init(name: "idempotency key in the query", source: "api T {\n  idempotency 1️⃣query \"key\"\n}",
          message: "an idempotency key is sent in a header, not 'query'"),
    .init(name: "idempotency key in the API key's header", source: "api T {\n  idempotency header 1️⃣\"ApiKey\"\n  apikey header \"apikey\"\n}",
          message: "the idempotency key cannot travel in 'ApiKey', which carries something else"),
    .init(name: "idempotency key in a client-owned header", source: "api T {\n  idempotency header 1️⃣\"Authorization\"\n}",
          message: "the idempotency key cannot travel in 'Authorization', which carries something else"),
    .init(name: "idempotency key twice", source: "api T {\n  idempotency header \"A\"\n  1️⃣idempotency header \"B\"\n}",
          message: "'idempotency' is set twice in the api block"),
]

private let typeCases: [DiagnosticCase] = [
    .init(name: "unknown type", source: "model ArchonTask {}\nmodel A {\n  t: 1️⃣ArchonTsk\n}" + api,
          message: "unknown type 'ArchonTsk' (did you mean 'ArchonTask'?)"),
    .init(name: "duplicate type", source: "model A {}\nenum 1️⃣A { x }" + api, message: "duplicate type 'A'"),
    .init(name: "alias declared twice", source: "model A {}\nalias B = A\nalias 1️⃣B = A" + api, message: "duplicate type 'B'"),
    .init(name: "alias of itself", source: "alias 1️⃣A = [A]" + api, message: "alias 'A' stands for itself (A → A)"),
    .init(name: "aliases of each other", source: "alias 1️⃣A = B\nalias B = [String: A]" + api, message: "alias 'A' stands for itself (A → B → A)"),
    .init(name: "alias of an optional", source: "alias A = 1️⃣String?" + api, message: "alias 'A' cannot stand for an optional type"),
    .init(name: "alias of Nullable", source: "alias A = 1️⃣Nullable<Int>" + api, message: "alias 'A' cannot stand for an optional type"),
    .init(name: "alias of an unknown type", source: "model Ticket {}\nalias A = 1️⃣Tiket" + api, message: "unknown type 'Tiket' (did you mean 'Ticket'?)"),
    .init(name: "alias of a file", source: "alias A = 1️⃣File" + api, message: "'File' is only allowed in a multipart body"),
    .init(name: "alias as the error model that is no model", source: "enum E { a }\nalias B = E\napi X {\n  error 1️⃣B\n}",
          message: "the error body must be a model, but 'B' is an alias of enum 'E'"),
    .init(name: "attribute an alias cannot take", source: "1️⃣@frozen alias A = String" + api, message: "'@frozen' cannot be applied to an alias"),
    .init(name: "builtin redeclared", source: "model 1️⃣String {}" + api,
          message: "'String' is a built-in type and cannot be redeclared"),
    .init(name: "reserved type name", source: "model 1️⃣Task {}" + api,
          message: "type name 'Task' would clash with a Swift or CourierRuntime type"),
    .init(name: "dictionary key not String", source: "model A {\n  m: [1️⃣Int: String]\n}" + api,
          message: "dictionary keys must be String, not 'Int'"),
    .init(name: "envelope outside returns", source: "model A {\n  d: 1️⃣Data<Int>\n}" + api,
          message: "'Data<T>' is only allowed right after 'returns'"),
    .init(name: "generic arguments on a plain type", source: "model A {\n  d: String<1️⃣Int>\n}" + api,
          message: "type 'String' takes no type arguments"),
    .init(name: "file outside multipart", source: "model A {\n  f: 1️⃣File\n}" + api,
          message: "'File' is only allowed in a multipart body"),
    .init(name: "duplicate field", source: "model A {\n  a: Int\n  1️⃣a: String\n}" + api, message: "duplicate field 'a'"),
    .init(name: "fields share a wire key", source: "model A {\n  projectId: Int\n  1️⃣project_id: Int\n}" + api,
          message: "fields 'projectId' and 'project_id' of model 'A' both use the wire key 'project_id'"),
    .init(name: "recursive model", source: "model A {\n  1️⃣b: B\n}\nmodel B {\n  a: A\n}" + api,
          message: "model 'A' contains itself through required fields: A → B → A"),
]

private let defaultValueCases: [DiagnosticCase] = [
    .init(name: "string default for Int", source: "model A {\n  a: Int = 1️⃣\"x\"\n}" + api,
          message: "default value \"x\" does not fit type 'Int'"),
    .init(name: "Int32 overflow", source: "model A {\n  a: Int32 = 1️⃣3000000000\n}" + api,
          message: "default value 3000000000 does not fit type 'Int32'"),
    .init(name: "negative UInt64", source: "model A {\n  a: UInt64 = 1️⃣-1\n}" + api,
          message: "default value -1 does not fit type 'UInt64'"),
    .init(name: "Int64 overflow", source: "model A {\n  a: Int64 = 1️⃣99999999999999999999\n}" + api,
          message: "default value 99999999999999999999 does not fit type 'Int64'"),
    .init(name: "Double overflow", source: "model A {\n  a: Double = 1️⃣1e400\n}" + api,
          message: "default value 1e400 does not fit type 'Double'"),
    .init(name: "bad Bool", source: "model A {\n  a: Bool = 1️⃣yes\n}" + api,
          message: "default value 'yes' does not fit type 'Bool'"),
    .init(name: "bad UUID", source: "model A {\n  a: UUID = 1️⃣\"nope\"\n}" + api,
          message: "default value \"nope\" does not fit type 'UUID'"),
    .init(name: "unknown enum case", source: "enum S { running }\nmodel A {\n  s: S = 1️⃣runing\n}" + api,
          message: "enum 'S' has no case 'runing' (did you mean 'running'?)"),
    .init(name: "list for a dictionary", source: "model A {\n  a: [String: Int] = 1️⃣[]\n}" + api,
          message: "default value list does not fit type '[String: Int]'"),
    .init(name: "default for a model", source: "model B {}\nmodel A {\n  b: B = 1️⃣\"x\"\n}" + api,
          message: "a default value is not supported for type 'B'"),
    .init(name: "default for a Date", source: "model A {\n  d: Date = 1️⃣\"2026-01-01\"\n}" + api,
          message: "a default value is not supported for type 'Date'"),
    .init(name: "array element of wrong type", source: "model A {\n  a: [Int] = [1, 1️⃣\"x\"]\n}" + api,
          message: "default value \"x\" does not fit type 'Int'"),
]

private let enumAndUnionCases: [DiagnosticCase] = [
    .init(name: "empty enum", source: "enum 1️⃣E {}" + api, message: "enum 'E' has no cases"),
    .init(name: "duplicate case", source: "enum E {\n  a\n  1️⃣a\n}" + api, message: "duplicate case 'a'"),
    .init(name: "duplicate wire value", source: "enum E {\n  a = \"x\"\n  1️⃣b = \"x\"\n}" + api,
          message: "cases 'a' and 'b' have the same wire value \"x\""),
    .init(name: "unknown case in open enum", source: "enum E {\n  1️⃣unknown\n}" + api,
          message: "case name 'unknown' is taken by the fallback case of enum 'E'"),
    .init(name: "variant not a model", source: "union U tag \"t\" {\n  a: 1️⃣String\n}" + api,
          message: "variant 'a' must carry a model, not 'String'"),
    .init(name: "empty union", source: "union 1️⃣U tag \"t\" {}" + api, message: "union 'U' has no variants"),
    .init(name: "empty tag key", source: "model M {}\nunion U tag 1️⃣\"\" {\n  m: M\n}" + api,
          message: "the tag key of union 'U' cannot be empty"),
    .init(name: "duplicate tag value", source: "model M {}\nunion U tag \"t\" {\n  a = \"x\": M\n  1️⃣b = \"x\": M\n}" + api,
          message: "variants 'a' and 'b' have the same tag \"x\""),
    .init(name: "duplicate variant", source: "model M {}\nunion U tag \"t\" {\n  a: M\n  1️⃣a: M\n}" + api,
          message: "duplicate variant 'a'"),
    .init(name: "unknown variant name", source: "model M {}\nunion U tag \"t\" {\n  1️⃣unknown: M\n}" + api,
          message: "variant name 'unknown' is taken by the fallback case of union 'U'"),
    .init(name: "nullable without argument", source: "model M {\n  a: 1️⃣Nullable\n}" + api, message: "'Nullable' takes one type argument"),
    .init(name: "nullable of optional", source: "model M {\n  a: Nullable<1️⃣String?>\n}" + api, message: "'Nullable<String?>' says null twice"),
    .init(name: "nullable query", source: "group G {\n  a: GET /a {\n    query q: 1️⃣Nullable<Int>\n  }\n}" + api,
          message: "type 'Nullable<Int>' cannot be sent as a query parameter"),
    .init(name: "writesNull on a required field", source: "model M {\n  a: Int 1️⃣@writesNull\n}" + api,
          message: "'@writesNull' needs an optional field, but 'a' of model 'M' is 'Int'"),
    .init(name: "writesNull on Nullable", source: "model M {\n  a: Nullable<Int>? 1️⃣@writesNull\n}" + api,
          message: "'Nullable<Int>?' already says when null is written"),
    .init(name: "writesNull in a form", source: "group G {\n  a: POST /a {\n    body form {\n      f: String? 1️⃣@writesNull\n    }\n  }\n}" + api,
          message: "'@writesNull' marks a field of a model"),
    .init(name: "otherKeys on a text field", source: "model M {\n  extra: String 1️⃣@otherKeys\n}" + api,
          message: "'@otherKeys' needs a dictionary field, but 'extra' of model 'M' is 'String'"),
    .init(name: "two otherKeys fields", source: "model M {\n  a: [String: Int] @otherKeys\n  b: [String: Int] 1️⃣@otherKeys\n}" + api,
          message: "model 'M' has two '@otherKeys' fields"),
    .init(name: "otherKeys with a wire key", source: "model M {\n  a: [String: Int] @otherKeys 1️⃣@wire(\"a\")\n}" + api,
          message: "'a' holds the other keys, and has no wire key of its own"),
    .init(name: "otherKeys with a default", source: "model M {\n  a: [String: Int] = [:] 1️⃣@otherKeys\n}" + api,
          message: "'a' holds the other keys: it is empty when there are none"),
    .init(name: "otherKeys in a form", source: "group G {\n  a: POST /a {\n    body form {\n      f: [String: String] 1️⃣@otherKeys\n    }\n  }\n}" + api,
          message: "'@otherKeys' marks a field of a model", total: 2),
    .init(name: "nullable default", source: "model M {\n  a: Nullable<Int> = 1️⃣3\n}" + api,
          message: "a default value is not supported for type 'Nullable<Int>'"),
    .init(name: "variant model has the tag key", source: "model M {\n  t: Int\n}\nunion U tag \"t\" {\n  1️⃣m: M\n}" + api,
          message: "model 'M' has a field 't' on the tag key \"t\" of union 'U'", severity: .warning),
    .init(name: "variant model's tag enum lacks the tag", source: "enum K {\n  other\n}\nmodel M {\n  t: K\n}\nunion U tag \"t\" {\n  1️⃣m: M\n}" + api,
          message: "model 'M' has a field 't' on the tag key \"t\" of union 'U'", severity: .warning),
    .init(name: "number tags with a text field on the key", source: "model M {\n  t: String\n}\nunion U tag \"t\" {\n  1️⃣m = 1: M\n}" + api,
          message: "model 'M' has a field 't' on the tag key \"t\" of union 'U'", severity: .warning),
    .init(name: "number tags with an integer enum lacking the tag", source: "enum K: Int {\n  one = 1\n}\nmodel M {\n  t: K\n}\nunion U tag \"t\" {\n  1️⃣m = 2: M\n}" + api,
          message: "model 'M' has a field 't' on the tag key \"t\" of union 'U'", severity: .warning),
    .init(name: "a text tag among number tags", source: "model M {}\nunion U tag \"t\" {\n  a = 1: M\n  b = 1️⃣\"2\": M\n}" + api,
          message: "the tags of union 'U' are numbers, but the tag of 'b' is text"),
    .init(name: "a variant without a tag among number tags", source: "model M {}\nunion U tag \"t\" {\n  a = 1: M\n  1️⃣b: M\n}" + api,
          message: "the tags of union 'U' are numbers, but the tag of 'b' is text"),
    .init(name: "a number tag among text tags", source: "model M {}\nunion U tag \"t\" {\n  a: M\n  b = 1️⃣2: M\n}" + api,
          message: "the tags of union 'U' are text, but the tag of 'b' is a number"),
    .init(name: "a number tag beyond 64 bits", source: "model M {}\nunion U tag \"t\" {\n  a = 1️⃣99999999999999999999: M\n}" + api,
          message: "the tag 99999999999999999999 does not fit in 64 bits"),
    .init(name: "two variants with one number tag", source: "model M {}\nunion U tag \"t\" {\n  a = 1: M\n  1️⃣b = 01: M\n}" + api,
          message: "variants 'a' and 'b' have the same tag \"1\""),
]

private let attributeCases: [DiagnosticCase] = [
    .init(name: "unknown attribute", source: "group G {\n  a: GET /a 1️⃣@publc\n}" + api,
          message: "unknown attribute '@publc' (did you mean '@public'?)"),
    .init(name: "misplaced attribute", source: "model A {\n  a: Int 1️⃣@public\n}" + api,
          message: "'@public' cannot be applied to a field"),
    .init(name: "duplicate attribute", source: "group G {\n  a: GET /a @public 1️⃣@public\n}" + api,
          message: "duplicate attribute '@public'"),
    .init(name: "flag with arguments", source: "1️⃣@frozen(1) enum E { a }" + api, message: "'@frozen' takes no arguments"),
    .init(name: "deprecated with a number", source: "model A {\n  a: Int 1️⃣@deprecated(1)\n}" + api,
          message: "'@deprecated' takes one string argument"),
    .init(name: "wire without argument", source: "model A {\n  a: Int 1️⃣@wire\n}" + api,
          message: "'@wire' takes one string argument"),
    .init(name: "empty wire name", source: "model A {\n  a: Int @wire(1️⃣\"\")\n}" + api, message: "wire name cannot be empty"),
    .init(name: "retries out of range", source: "group G {\n  a: GET /a @retries(1️⃣11)\n}" + api,
          message: "'@retries' takes a whole number from 0 to 10"),
    .init(name: "retries without argument", source: "group G {\n  a: GET /a 1️⃣@retries\n}" + api,
          message: "'@retries' takes one argument"),
    .init(name: "timeout not a duration", source: "group G {\n  a: GET /a @timeout(1️⃣15)\n}" + api,
          message: "'@timeout' takes a positive duration up to 1 day"),
    .init(name: "deadline of zero", source: "group G {\n  a: GET /a @deadline(1️⃣0s)\n}" + api,
          message: "'@deadline' takes a positive duration up to 1 day"),
    .init(name: "deadline on a field", source: "model A {\n  b: Int 1️⃣@deadline(5s)\n}" + api,
          message: "'@deadline' cannot be applied to a field"),
    .init(name: "redundant idempotent", source: "group G {\n  a: GET /a 1️⃣@idempotent\n}" + api,
          message: "'@idempotent' is redundant: GET is always idempotent", severity: .warning),
    .init(name: "prefix on a header", source: "group G {\n  a: GET /a {\n    header x: String 1️⃣@prefix(\"eq.\")\n  }\n}" + api,
          message: "'@prefix' applies only to a query parameter holding one value"),
    .init(name: "empty prefix", source: "group G {\n  a: GET /a {\n    query x: String @prefix(1️⃣\"\")\n  }\n}" + api,
          message: "'@prefix' takes a non-empty string"),
]

private let endpointCases: [DiagnosticCase] = [
    .init(name: "unknown method", source: "group G {\n  a: 1️⃣get /a\n}" + api, message: "unknown HTTP method 'get' (did you mean 'GET'?)"),
    .init(name: "placeholder without parameter", source: "group G {\n  a: GET /a/{1️⃣id}\n}" + api,
          message: "placeholder '{id}' has no 'path id' parameter"),
    .init(name: "placeholder with misspelled parameter",
          source: "group G {\n  a: GET /a/{1️⃣taskId} {\n    path tasId: UUID\n  }\n}" + api,
          message: "placeholder '{taskId}' has no 'path taskId' parameter (did you mean 'tasId'?)", total: 2),
    .init(name: "parameter without placeholder", source: "group G {\n  a: GET /a {\n    path 1️⃣id: UUID\n  }\n}" + api,
          message: "path parameter 'id' does not appear in the path '/a'"),
    .init(name: "placeholder twice", source: "group G {\n  a: GET /a/{id}/{1️⃣id} {\n    path id: UUID\n  }\n}" + api,
          message: "placeholder '{id}' appears twice in the path"),
    .init(name: "unclosed placeholder", source: "group G {\n  a: GET /a/1️⃣{id\n}" + api, message: "unclosed '{' in the path"),
    .init(name: "unmatched brace", source: "group G {\n  a: GET /a/1️⃣}\n}" + api, message: "unmatched '}' in the path"),
    .init(name: "invalid placeholder", source: "group G {\n  a: GET /a/1️⃣{9x}\n}" + api,
          message: "'{9x}' is not a valid placeholder"),
    .init(name: "label not last", source: "group G {\n  a: GET /a1️⃣#x/{id}\n}" + api,
          message: "a path's '#' is followed by a label and nothing else"),
    .init(name: "empty label", source: "group G {\n  a: GET /a1️⃣#\n}" + api, message: "a path's '#' is followed by a label and nothing else"),
    .init(name: "placeholder in fixed query", source: "group G {\n  a: GET /a1️⃣?x={y}\n}" + api,
          message: "the fixed query string cannot hold placeholders"),
    .init(name: "optional path parameter", source: "group G {\n  a: GET /a/{id} {\n    path id: 1️⃣UUID?\n  }\n}" + api,
          message: "type 'UUID?' cannot be sent as a path parameter", total: 2),
    .init(name: "model as query", source: "model M {}\ngroup G {\n  a: GET /a {\n    query m: 1️⃣M\n  }\n}" + api,
          message: "type 'M' cannot be sent as a query parameter"),
    .init(name: "array of models as header", source: "model M {\n  a: Int\n}\ngroup G {\n  a: GET /a {\n    header h: 1️⃣[M]\n  }\n}" + api,
          message: "type '[M]' cannot be sent as a header parameter"),
    .init(name: "path default", source: "group G {\n  a: GET /a/{id} {\n    path id: Int = 1️⃣1\n  }\n}" + api,
          message: "a path parameter cannot have a default value"),
    .init(name: "auth header parameter", source: "group G {\n  a: GET /a {\n    header 1️⃣authorization: String\n  }\n}" + api,
          message: "header 'authorization' is set by the client"),
    .init(name: "body on GET", source: "model M {}\ngroup G {\n  a: GET /a {\n    1️⃣body M\n  }\n}" + api,
          message: "a GET request cannot have a body"),
    .init(name: "two bodies", source: "model M {}\ngroup G {\n  a: POST /a {\n    body M\n    1️⃣body M\n  }\n}" + api,
          message: "endpoint 'a' has more than one body"),
    .init(name: "two returns", source: "model M {}\ngroup G {\n  a: GET /a {\n    returns M\n    1️⃣returns M\n  }\n}" + api,
          message: "endpoint 'a' has more than one 'returns'"),
    .init(name: "optional body", source: "model M {}\ngroup G {\n  a: POST /a {\n    body 1️⃣M?\n  }\n}" + api,
          message: "a body cannot be optional"),
    .init(name: "scalar body", source: "group G {\n  a: POST /a {\n    body 1️⃣String\n  }\n}" + api,
          message: "type 'String' cannot be a JSON body"),
    .init(name: "empty multipart", source: "group G {\n  a: POST /a {\n    body 1️⃣multipart {}\n  }\n}" + api,
          message: "a multipart body needs at least one field"),
    .init(name: "empty form", source: "group G {\n  a: POST /a {\n    body 1️⃣form {}\n  }\n}" + api,
          message: "a form body needs at least one field"),
    .init(name: "model in a form", source: "model M {}\ngroup G {\n  a: POST /a {\n    body form { m: 1️⃣M }\n  }\n}" + api,
          message: "type 'M' cannot be sent in a form body"),
    .init(name: "style on a model's field", source: "model M {\n  a: [String: String] 1️⃣@style(deepObject)\n}" + api,
          message: "'@style' applies to a field of a form body, or to a query parameter"),
    .init(name: "form field style other than deepObject", source: "group G {\n  a: POST /a {\n    body form { m: String @style(1️⃣form) }\n  }\n}" + api,
          message: "'@style' of a form field takes deepObject"),
    .init(name: "optional stream", source: "group G {\n  a: GET /a {\n    returns stream 1️⃣String?\n  }\n}" + api,
          message: "stream events cannot be optional"),
    .init(name: "envelope without argument", source: "group G {\n  a: GET /a {\n    returns 1️⃣Page\n  }\n}" + api,
          message: "'Page' takes one type argument"),
    .init(name: "duplicate parameter", source: "group G {\n  a: GET /a {\n    query x: Int\n    header 1️⃣x: String\n  }\n}" + api,
          message: "duplicate parameter 'x'"),
    .init(name: "reserved options label", source: "group G {\n  a: GET /a {\n    query 1️⃣options: Int\n  }\n}" + api,
          message: "parameter name 'options' is reserved for the request options"),
    .init(name: "query key twice", source: "group G {\n  a: GET /a {\n    query x: Int\n    query 1️⃣y: Int @wire(\"x\")\n  }\n}" + api,
          message: "query key 'x' is used twice"),
    .init(name: "query key fixed in path", source: "group G {\n  a: GET /a?x=1 {\n    query 1️⃣x: Int\n  }\n}" + api,
          message: "query key 'x' is already fixed in the path '/a?x=1'"),
    .init(name: "header twice", source: "group G {\n  a: GET /a {\n    header a: String @wire(\"X\")\n    header 1️⃣b: String @wire(\"x\")\n  }\n}" + api,
          message: "header 'x' is sent twice"),
    .init(name: "duplicate endpoint", source: "group G {\n  a: GET /a\n}\ngroup H {\n  1️⃣a: GET /b\n}" + api,
          message: "duplicate endpoint 'a'"),
    .init(name: "companion name clash",
          source: "model P {}\ngroup G {\n  aPages: GET /b\n  1️⃣a: GET /a {\n    query cursor: String?\n    returns Page<P>\n  }\n}" + api,
          message: "method 'aPages' of the page sequence of 'a' clashes with the method of the endpoint"),
    .init(name: "same route", source: "group G {\n  a: GET /x/{id} { path id: UUID }\n  1️⃣b: GET /x/{key} { path key: UUID }\n}" + api,
          message: "endpoints 'a' and 'b' have the same method and path: GET /x/{key}"),
    .init(name: "duplicate group", source: "group G {}\ngroup 1️⃣G {}" + api, message: "duplicate group 'G'"),
    .init(name: "group named like the API", source: "group 1️⃣T {}" + api, message: "group 'T' has the API's name; both would generate 'TAPI'"),
]

private let pollCases: [DiagnosticCase] = [
    .init(name: "poll on a non-model", source: "group G {\n  a: GET /a 1️⃣@poll(until: s in [x]) {\n    returns String\n  }\n}" + api,
          message: "'@poll' needs an endpoint that returns a model"),
    .init(name: "poll without until", source: "model M {}\ngroup G {\n  a: GET /a 1️⃣@poll(every: 2s) {\n    returns M\n  }\n}" + api,
          message: "'@poll' needs an 'until:' condition"),
    .init(name: "poll unknown field", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(until: 1️⃣state in [done]) {\n    returns M\n  }\n}" + api,
          message: "model 'M' has no field 'state' (did you mean 'status'?)"),
    .init(name: "poll field not an enum", source: "model M {\n  status: String\n}\ngroup G {\n  a: GET /a @poll(until: 1️⃣status in [done]) {\n    returns M\n  }\n}" + api,
          message: "'until' needs an enum field, but 'M.status' is 'String'"),
    .init(name: "poll unknown case", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(until: status in [1️⃣don]) {\n    returns M\n  }\n}" + api,
          message: "enum 'S' has no case 'don' (did you mean 'done'?)"),
    .init(name: "poll bad interval", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(every: 1️⃣2, until: status in [done]) {\n    returns M\n  }\n}" + api,
          message: "'every' takes a positive duration"),
    .init(name: "poll until not a membership", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(until: 1️⃣status) {\n    returns M\n  }\n}" + api,
          message: "'until' takes a field and the values that end polling"),
    .init(name: "poll unknown argument", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(1️⃣3) {\n    returns M\n  }\n}" + api,
          message: "'@poll' takes the arguments 'every:' and 'until:'"),
    .init(name: "poll empty values", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(until: 1️⃣status in []) {\n    returns M\n  }\n}" + api,
          message: "'until' needs at least one value"),
    .init(name: "poll quoted value", source: "enum S { done }\nmodel M {\n  status: S\n}\ngroup G {\n  a: GET /a @poll(until: status in [1️⃣\"done\"]) {\n    returns M\n  }\n}" + api,
          message: "expected a case of enum 'S'"),
]

@Suite("Diagnostics: one test per diagnostic, checking message, line and column")
struct DiagnosticTests {
    static let allCases = lexerCases + parserCases + apiCases + typeCases + defaultValueCases
        + enumAndUnionCases + attributeCases + endpointCases + pollCases

    @Test(arguments: allCases)
    func diagnosticLandsAtMarker(_ testCase: DiagnosticCase) {
        let marked = MarkedSource(testCase.source)
        let compilation = compile(marked.text)
        let match = compilation.diagnostics.first { $0.message == testCase.message }
        #expect(match != nil, "no diagnostic '\(testCase.message)' in:\n\(compilation.diagnostics.map(\.description).joined(separator: "\n"))")
        guard let match else { return }
        #expect(match.severity == testCase.severity)
        #expect(match.location.line == marked.line, "line of \(match)")
        #expect(match.location.column == marked.column, "column of \(match)")
        #expect(match.location.file == "test.api")
        #expect(
            compilation.diagnostics.count == testCase.total,
            "diagnostics:\n\(compilation.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect((compilation.api == nil) == (testCase.severity == .error))
    }

    @Test func everyProblemOfASchemaIsReportedInOneRun() {
        let source = """
            api T {
              auth bearr
            }
            model A {
              a: Usr
              b b: Int
              c: Int = "x"
            }
            modle B {}
            group G {
              x: get /x
              y: GET /y @publc
            }
            """
        let lines = compile(source).diagnostics.filter { $0.severity == .error }.map(\.location.line)
        #expect(lines == [2, 5, 6, 7, 9, 11, 12])
    }

    @Test func printedFormIsWhatCompilersPrint() {
        let compilation = compile("model A {\n  t: ArchonTsk\n}\nmodel ArchonTask {}\napi T {}", path: "Schema/Archon/tasks.api")
        #expect(
            compilation.diagnostics.map(\.description)
                == ["Schema/Archon/tasks.api:2:6: error: unknown type 'ArchonTsk' (did you mean 'ArchonTask'?)"])
    }

    @Test func hintsAndNotesArePrintedAsNotes() {
        let compilation = compile("model A {}\nmodel A {}\napi T {}")
        #expect(
            compilation.diagnostics.map(\.description) == [
                """
                test.api:2:7: error: duplicate type 'A'
                test.api:2:7: note: type names are shared by every file of the schema
                test.api:1:7: note: 'A' is first declared here
                """
            ])
    }

    @Test func duplicatesAcrossFilesPointToBothFiles() {
        let compilation = SchemaCompiler.compile([
            SourceFile(path: "b.api", text: "model A {}"),
            SourceFile(path: "a.api", text: "api T {}\nmodel A {}"),
        ])
        #expect(compilation.diagnostics.count == 1)
        #expect(compilation.diagnostics.first?.location == SourceLocation(file: "b.api", line: 1, column: 7))
        #expect(compilation.diagnostics.first?.notes.first?.location == SourceLocation(file: "a.api", line: 2, column: 7))
    }

    @Test func columnsCountBytesAfterMultibyteText() {
        let marked = MarkedSource("model A {\n  /// café ☕\n  a: Int = \"é\" 1️⃣@wat\n}\napi T {}")
        let diagnostic = compile(marked.text).diagnostics.first { $0.message.hasPrefix("unknown attribute") }
        #expect(diagnostic?.location.column == marked.column)
    }
}
