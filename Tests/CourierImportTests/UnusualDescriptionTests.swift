import CourierSchema
import Testing

@testable import CourierImport

/// What importing other people's test descriptions turned up (go-openapi's, kin-openapi's,
/// kube-openapi's, prance's and datamodel-code-generator's, about 2,000 documents that nobody
/// here wrote): each import below made a schema with errors, or a warning that said its place
/// twice. Each is written here from scratch, small, with what it must become.
@Suite("Unusual descriptions")
struct UnusualDescriptionTests {
    /// Imports `text`, and expects the schema to compile without a diagnostic.
    func imported(_ text: String, name: String = "openapi.json") throws -> (schema: String, warnings: [String]) {
        let (schema, result) = try importText(text, name: name)
        let compilation = SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) })
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.description))")
        return (schema, result.warnings.map(\.description))
    }

    @Test func numbersWrittenWithAnExponentKeepTheirValue() throws {
        let (schema, warnings) = try imported(
            """
            openapi: 3.1.0
            info: {title: Numbers, version: "1"}
            paths:
              /a:
                get:
                  operationId: getA
                  parameters:
                    - {name: small, in: query, schema: {type: number, default: 1e-3}}
                    - {name: large, in: query, schema: {type: number, default: 2.5E+10}}
                    - {name: whole, in: query, schema: {type: integer, default: 1E3}}
                    - {name: count, in: query, schema: {type: integer, format: int32, default: 10.0}}
                    - {name: limitless, in: query, schema: {type: number, default: .inf}}
                    - {name: level, in: query, schema: {type: integer, enum: [1E0, 2.0]}}
                  responses: {"204": {description: ok}}
            """, name: "openapi.yaml")
        #expect(schema.contains("    query small: Double = 1e-3\n"), "\(schema)")
        #expect(schema.contains("    query large: Double = 2.5e+10\n"), "\(schema)")
        #expect(schema.contains("    query whole: Int = 1000\n"), "\(schema)")
        #expect(schema.contains("    query count: Int32 = 10\n"), "\(schema)")
        #expect(schema.contains("    query limitless: Double?\n"), "\(schema)")
        #expect(schema.contains("enum GetALevel: Int {\n  value1 = 1\n  value2 = 2\n}"), "\(schema)")
        #expect(warnings == [
            "warning: #/paths/~1a/get/parameters/4/schema/default: the default 1e999 of the parameter 'limitless' is not a finite number; it is left out, and the value is optional"
        ])
    }

    @Test func aFormBodyLeavesOutTheKeysItCannotName() throws {
        let (schema, warnings) = try imported(
            """
            {"openapi": "3.0.0", "info": {"title": "Forms", "version": "1"},
             "paths": {"/boxes": {"post": {"operationId": "sendBox",
               "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Box"}}}},
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Box"}}}}}}}},
             "components": {"schemas": {"Box": {"type": "object", "properties": {"size": {"type": "integer"}},
               "additionalProperties": {"type": "integer"}}}}}
            """)
        #expect(schema.contains("  sendBox: POST /boxes {\n    body form {\n      size: Int?\n    }\n    returns Box\n"), "\(schema)")
        #expect(schema.contains("  additionalProperties: [String: Int] @otherKeys\n"), "\(schema)")
        #expect(warnings == [
            "warning: #/components/schemas/Box: 'SendBoxRequest' has properties and also keys of its own choosing, which a form body cannot send; they are left out"
        ])
    }

    @Test func headerParametersAreOneWhateverTheirCase() throws {
        let (schema, warnings) = try imported(
            """
            {"openapi": "3.0.0", "info": {"title": "Headers", "version": "1"},
             "paths": {"/items": {
               "parameters": [{"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}},
                              {"name": "Trace", "in": "query", "schema": {"type": "integer"}}],
               "get": {"operationId": "listItems",
                 "parameters": [{"name": "x-request-id", "in": "header", "required": true, "schema": {"type": "string"}},
                                {"name": "trace", "in": "query", "schema": {"type": "integer"}},
                                {"name": "X-Span", "in": "header", "schema": {"type": "string"}},
                                {"name": "x-span", "in": "header", "schema": {"type": "integer"}}],
                 "responses": {"204": {"description": "ok"}}}}}}
            """)
        // The operation's header replaces the path's; query names keep their case, so both stay.
        #expect(schema.contains("    query trace: Int? @wire(\"Trace\")\n    header xRequestId: String @wire(\"x-request-id\")\n    query trace2: Int? @wire(\"trace\")\n    header xSpan: Int? @wire(\"x-span\")\n"), "\(schema)")
        #expect(warnings == [
            "warning: #/paths/~1items/get/parameters/3: 'x-span' is declared twice in one list (header names are alike in any case); the later one is imported"
        ])
    }

    @Test func aUnionOfNullAloneIsJSON() throws {
        let (schema, _) = try imported(
            """
            {"openapi": "3.1.0", "info": {"title": "Nulls", "version": "1"}, "paths": {},
             "components": {"schemas": {"Cat": {"type": "object", "properties": {
               "nothing": {"type": "string", "anyOf": [{"type": "null"}]}}}}}}
            """)
        #expect(schema.contains("model Cat {\n  nothing: JSON?\n}"), "\(schema)")
    }

    @Test func aCycleOfRequiredKeysGetsOneOptionalKey() throws {
        let (schema, warnings) = try imported(
            """
            {"openapi": "3.0.0", "info": {"title": "Cycles", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Recursive": {"type": "object", "required": ["foo"], "properties": {"foo": {"$ref": "#/components/schemas/Bar"}}},
               "Bar": {"type": "object", "required": ["baz"], "properties": {"baz": {"$ref": "#/components/schemas/Recursive"}}},
               "Loop": {"type": "object", "required": ["next", "id"], "properties": {"id": {"type": "integer"}, "next": {"$ref": "#/components/schemas/Loop"}}}}}}
            """)
        #expect(schema.contains("model Recursive {\n  foo: Bar?\n}"), "\(schema)")
        #expect(schema.contains("model Bar {\n  baz: Recursive\n}"), "\(schema)")
        #expect(schema.contains("model Loop {\n  id: Int\n  next: Loop?\n}"), "\(schema)")
        #expect(warnings.sorted() == [
            "warning: #/components/schemas/Loop: 'Loop.next' is required, but then Loop → Loop would hold itself without end and no value could be sent; it is optional",
            "warning: #/components/schemas/Recursive: 'Recursive.foo' is required, but then Recursive → Bar → Recursive would hold itself without end and no value could be sent; it is optional",
        ])
    }

    /// OpenAPI 3.1's schemas are JSON Schema 2020-12, whose `$ref: "#size"` names an anchor, and
    /// a security scheme may be a `$ref` like any component.
    @Test func anchorsAndSchemesGivenByReferenceAreFollowed() throws {
        let (schema, warnings) = try imported(
            """
            openapi: 3.1.0
            info: {title: Anchors, version: "1"}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
                alias: {$ref: '#/components/securitySchemes/bearer'}
              schemas:
                Size: {$anchor: size, type: integer}
                Old: {$id: "#legacy", type: string}
                Box:
                  type: object
                  properties:
                    size: {$ref: '#size'}
                    label: {$ref: '#legacy'}
                    other: {$ref: '#nowhere'}
            security: [{alias: []}]
            paths: {}
            """, name: "openapi.yaml")
        #expect(schema.contains("  auth bearer\n"), "\(schema)")
        #expect(schema.contains("model Box {\n  size: Int?\n  label: String?\n  other: JSON?\n}"), "\(schema)")
        #expect(warnings == [
            "warning: #/components/schemas/Box/properties/other: the $ref '#nowhere' is neither a JSON pointer nor an anchor of openapi.yaml; it becomes JSON"
        ])
    }

    /// JSON Schema's type lists: scalars become a union of each, as a `oneOf` of them would.
    /// `contentEncoding: base64` stays text: Discord writes it on data URIs.
    @Test func typeListsOfScalarsAreUnions() throws {
        let (schema, warnings) = try imported(
            """
            {"openapi": "3.1.0", "info": {"title": "Lists", "version": "1"}, "paths": {},
             "components": {"schemas": {"Thing": {"type": "object", "required": ["id"], "properties": {
               "id": {"type": ["string", "integer"]},
               "amount": {"type": ["number", "string", "null"], "description": "An amount."},
               "shape": {"type": ["object", "string"]},
               "blob": {"type": "string", "contentEncoding": "base64"}}}}}}
            """)
        #expect(schema.contains("model Thing {\n  id: ThingId\n  /// An amount.\n  amount: ThingAmount?\n  shape: JSON?\n  blob: String?\n}"), "\(schema)")
        #expect(schema.contains("union ThingId {\n  string: String\n  integer: Int\n}"), "\(schema)")
        #expect(schema.contains("/// An amount.\nunion ThingAmount {\n  number: Double\n  string: String\n}"), "\(schema)")
        #expect(warnings == ["warning: #/components/schemas/Thing/properties/shape: a value of the types object, string becomes JSON"])
    }

    /// Stripe's forms (its description ships in openapi-spec-validator's benchmarks): nested
    /// values whose `encoding` says `deepObject` keep their types and travel as bracketed keys;
    /// 874 of its form fields were sent as text.
    @Test func formFieldsEncodedAsDeepObjectsKeepTheirTypes() throws {
        let (schema, warnings) = try imported(
            """
            openapi: 3.0.0
            info: {title: Payments, version: "1"}
            paths:
              /v1/customers:
                post:
                  operationId: PostCustomers
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        encoding:
                          address: {explode: true, style: deepObject}
                          expand: {explode: true, style: deepObject}
                        schema:
                          type: object
                          properties:
                            address:
                              anyOf:
                                - {type: object, title: address_param, properties: {city: {type: string}, line1: {type: string}}}
                                - {type: string, enum: [""]}
                            expand: {type: array, items: {type: string}}
                            shipping: {type: object, properties: {name: {type: string}}}
                            email: {type: string}
                  responses: {"200": {description: ok}}
            """, name: "openapi.yaml")
        #expect(schema.contains("    body form {\n      address: PostCustomersRequestAddress? @style(deepObject)\n      expand: [String]? @style(deepObject)\n      shipping: String?\n      email: String?\n    }"), "\(schema)")
        #expect(warnings == ["warning: #/paths/~1v1~1customers/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties: the form field 'shipping' is sent as text"])
    }

    /// Stripe's list filters: a query union or array with `style: deepObject` keeps its type
    /// and travels as bracketed keys; the same without the style is still sent as text.
    @Test func queryParametersEncodedAsDeepObjectsKeepTheirTypes() throws {
        let (schema, warnings) = try imported(
            """
            openapi: 3.0.0
            info: {title: Payments, version: "1"}
            paths:
              /v1/customers:
                get:
                  operationId: GetCustomers
                  parameters:
                    - name: created
                      in: query
                      style: deepObject
                      explode: true
                      schema:
                        anyOf:
                          - {type: object, title: range_query_specs, properties: {gt: {type: integer}, lte: {type: integer}}}
                          - {type: integer}
                    - {name: expand, in: query, style: deepObject, explode: true, schema: {type: array, items: {type: string}}}
                    - name: plain
                      in: query
                      schema: {anyOf: [{type: object, properties: {a: {type: integer}}}, {type: integer}]}
                  responses: {"204": {description: ok}}
            """, name: "openapi.yaml")
        #expect(schema.contains("    query created: GetCustomersCreated? @style(deepObject)\n    query expand: [String]? @style(deepObject)\n    query plain: String?\n"), "\(schema)")
        #expect(warnings == ["warning: #/paths/~1v1~1customers/get/parameters/2: the parameter 'plain' cannot be sent in a query; it is sent as text"])
    }

    @Test func aWarningPassedOnFromTheReaderNamesItsPlaceOnce() throws {
        let (_, warnings) = try imported(
            """
            {"openapi": "3.0.0", "info": {"title": "Remote", "version": "1"}, "paths": {},
             "components": {"schemas": {"Pet": {"type": "object", "properties": {"owner": {"$ref": "https://example.com/owner.json"}}}}}}
            """)
        #expect(warnings == [
            "warning: #/components/schemas/Pet/properties/owner: the $ref 'https://example.com/owner.json' points to the network; Courier reads local files only; it becomes JSON"
        ])
    }
}
