import CourierSchema
import CourierTestSupport
import Foundation
import Testing

@testable import CourierImport

/// How each OpenAPI construct becomes schema text.
@Suite("OpenAPI to schema")
struct ImportMappingTests {
    static let description = ##"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Shop API", "description": "Sells things."},
      "servers": [{"url": "https://{region}.shop.example/v1/", "variables": {"region": {"default": "eu"}}}],
      "security": [{"bearer": []}],
      "tags": [{"name": "items", "description": "The catalogue."}],
      "paths": {
        "/items/{item-id}": {
          "parameters": [{"name": "item-id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
          "get": {
            "operationId": "get-item",
            "tags": ["items"],
            "summary": "One item.",
            "parameters": [
              {"name": "X-Request-ID", "in": "header", "schema": {"type": "string"}},
              {"name": "session", "in": "cookie", "schema": {"type": "string"}},
              {"name": "expand", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "additionalProperties": {"type": "string"}}}
            ],
            "responses": {
              "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
              "404": {"description": "no", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          },
          "delete": {
            "operationId": "deleteItem",
            "tags": ["items"],
            "deprecated": true,
            "security": [{"basic": []}],
            "responses": {"204": {"description": "gone"}}
          }
        },
        "/health": {
          "get": {"security": [], "responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}}
        },
        "/items/{id}/photo": {
          "put": {
            "operationId": "putPhoto",
            "tags": ["items"],
            "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
            "requestBody": {"required": true, "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}},
            "responses": {"200": {"description": "ok", "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}}
          }
        },
        "/uploads": {
          "post": {
            "operationId": "upload",
            "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "required": ["file"],
              "properties": {"file": {"type": "string", "format": "binary"}, "note": {"type": "string"}}}}}},
            "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {
              "type": "object", "properties": {"id": {"type": "integer", "format": "int64"}}}}}}}
          }
        },
        "/events": {
          "get": {"operationId": "events", "responses": {"200": {"description": "ok",
            "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/Event"}}}}}}
        }
      },
      "components": {
        "securitySchemes": {
          "bearer": {"type": "http", "scheme": "bearer"},
          "basic": {"type": "http", "scheme": "basic"},
          "key": {"type": "apiKey", "in": "query", "name": "api_key"}
        },
        "schemas": {
          "Error": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}},
          "Item": {
            "type": "object",
            "description": "A thing for sale.",
            "required": ["id", "name", "createdAt"],
            "properties": {
              "id": {"type": "string", "format": "uuid"},
              "name": {"type": "string"},
              "createdAt": {"type": "string", "format": "date-time"},
              "price_cents": {"type": ["integer", "null"], "format": "int64"},
              "status": {"type": "string", "enum": ["in-stock", "sold out", "unknown"], "default": "in-stock"},
              "priority": {"type": "integer", "enum": [1, 2, 3]},
              "tags": {"type": "array", "items": {"type": "string"}},
              "attributes": {"type": "object", "additionalProperties": {"type": "integer"}},
              "extra": {},
              "dimensions": {"type": "object", "properties": {"width": {"type": "number"}, "height": {"type": "number", "format": "float"}}},
              "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#/components/schemas/Part"}}, {"type": "null"}]},
              "pet": {"$ref": "#/components/schemas/Pet"},
              "old": {"type": "string", "deprecated": true},
              "self": {"type": "boolean"}
            }
          },
          "Part": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
          "Cat": {"type": "object", "required": ["kind", "meows"], "properties": {"kind": {"type": "string"}, "meows": {"type": "boolean"}}},
          "Dog": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"barks": {"type": "boolean"}}}]},
          "Base": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}, "name": {"type": "string"}}},
          "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                  "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat"}}},
          "Event": {"type": "object", "properties": {"seq": {"type": "integer"}}},
          "Never": {"not": {}}
        }
      }
    }
    """##

    static let imported: (schema: String, result: ImportResult) = try! importText(description)

    func expectLines(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let schema = Self.imported.schema
        for line in lines {
            #expect(schema.contains(line), "missing: \(line)\n\(schema)", sourceLocation: sourceLocation)
        }
    }

    @Test func theAPIBlockTakesTheTitleServerSecurityAndErrorModel() {
        expectLines([
            "/// Shop API\n///\n/// Sells things.\napi Shop {", "  baseURL \"https://eu.shop.example/v1\"", "  auth bearer",
            "  apikey query \"api_key\"", "  keys snake_case", "  error ShopError",
        ])
    }

    @Test func modelsKeepOrderTypesDefaultsAndWireNames() {
        expectLines([
            "/// A thing for sale.\nmodel Item {",
            "  id: UUID\n  name: String\n  createdAt: Date @wire(\"createdAt\")\n  priceCents: Int64?\n  status: ItemStatus = inStock\n  priority: ItemPriority?",
            "  tags: [String]?\n  attributes: [String: Int]?\n  extra: JSON?\n  dimensions: ItemDimensions?\n  content: ItemContent?",
            "  pet: Pet?\n  old: String? @deprecated\n  self: Bool?",
            "model ItemDimensions {\n  width: Double?\n  height: Double?\n}",
        ])
    }

    @Test func enumsAreOpenWithWireValuesAndIntegerEnumsHaveNumbers() {
        expectLines([
            "enum ItemStatus {\n  inStock = \"in-stock\"\n  soldOut = \"sold out\"\n  unknown2 = \"unknown\"\n}",
            "enum ItemPriority: Int {\n  value1 = 1\n  value2 = 2\n  value3 = 3\n}",
        ])
    }

    @Test func unionsAreTaggedWithADiscriminatorAndUntaggedWithout() {
        expectLines([
            "union Pet tag \"kind\" {\n  cat: Cat\n  dog = \"Dog\": Dog\n}",
            "union ItemContent {\n  string: String\n  partList: [Part]\n}",
            "model Dog {\n  kind: String\n  name: String?\n  barks: Bool?\n}",
        ])
    }

    @Test func operationsBecomeEndpointsInTheirTagsGroup() {
        expectLines([
            "/// The catalogue.\ngroup Items {",
            "  /// One item.\n  getItem: GET /items/{itemId} {\n    path itemId: UUID\n    header xRequestID: String? @wire(\"X-Request-ID\")\n    query expand: [String]?\n    query filter: [String: String]? @style(deepObject)\n    returns Item\n  }",
            "  deleteItem: DELETE /items/{itemId} @auth(basic) @deprecated {\n    path itemId: UUID\n  }",
            "  putPhoto: PUT /items/{id}/photo {\n    path id: Int\n    body Bytes \"image/png\"\n    returns Bytes \"image/png\"\n  }",
            "/// The Default operations.\ngroup Default {\n  getHealth: GET /health @public {\n    returns Text \"text/plain\"\n  }",
            "  upload: POST /uploads {\n    body multipart {\n      file: File\n      note: String?\n    }\n    returns UploadResponse\n  }",
            "  events: GET /events {\n    returns stream Event\n  }",
        ])
    }

    @Test func whatCannotBeSaidIsAWarningAtItsPointer() {
        let warnings = Self.imported.result.warnings.map(\.description)
        #expect(warnings.contains("warning: #/paths/~1items~1{item-id}/get/parameters/1: the cookie parameter 'session' is left out: the client does not send cookies"), "\(warnings)")
        #expect(warnings.contains("warning: #/components/schemas/Never/not: 'not' cannot be said in the schema language; it is left out"), "\(warnings)")
        #expect(warnings.count == 2, "\(warnings)")
    }

    @Test func openAPI32ItemSchemasDescribeJSONLines() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.2.0", "info": {"title": "Logs"}, "paths": {"/logs": {"get": {"operationId": "tail", "responses": {"200": {
              "description": "ok", "content": {"application/jsonl": {"itemSchema": {"type": "object", "properties": {"line": {"type": "string"}}}}}}}}}}}
            """##)
        #expect(schema.contains("  tail: GET /logs {\n    returns lines TailEvent\n  }"), "\(schema)")
        #expect(schema.contains("model TailEvent {\n  line: String?\n}"), "\(schema)")
    }

    @Test func responseMediaTypesAreCarriedAndOnesThatCannotBeWrittenAreWarnedOf() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Media"}, "paths": {
              "/repo": {"get": {"operationId": "getRepo", "responses": {"200": {"description": "ok", "content": {
                "application/vnd.github+json": {"schema": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}}}},
              "/image": {"get": {"operationId": "getImage", "responses": {"200": {"description": "ok", "content": {
                "image/png": {}, "image/webp;q=\"1\"": {}, "picture": {}}}}}},
              "/any": {"get": {"operationId": "getAny", "responses": {"200": {"description": "ok", "content": {
                "application/octet-stream": {}, "image/png": {}}}}}}}}
            """##)
        #expect(schema.contains("    returns GetRepoResponse \"application/vnd.github+json\"\n"), "\(schema)")
        // A quoted parameter is written with the schema's escapes; what is no media type is left out, with a warning.
        #expect(schema.contains("    returns Bytes \"image/png\", \"image/webp;q=\\\"1\\\"\"\n"), "\(schema)")
        #expect(result.warnings.map(\.message) == ["'picture' is not a media type; the client does not ask for it"], "\(result.warnings)")
        // Octet-stream says no more than `Bytes` itself: no list.
        #expect(schema.contains("  getAny: GET /any {\n    returns Bytes\n  }"), "\(schema)")
    }

    @Test func anEnumOfNumbersWithFractionsBecomesItsValueType() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Rates"}, "components": {"schemas": {"Rated": {"type": "object", "properties": {
              "rate": {"type": "number", "enum": [0.5, 1.5]}}}}}}
            """##)
        #expect(schema.contains("model Rated {\n  rate: Double?\n}"), "\(schema)")
        #expect(result.warnings.map(\.message) == ["an enum of mixed or non-integer values becomes its value type"])
    }

    /// YAML resolves unquoted `true` to a boolean and `yes` to text; the description's schema
    /// decides what they are.
    @Test func theSchemaDecidesWhatAnUnquotedYAMLScalarIs() throws {
        let (schema, result) = try importText("""
            openapi: 3.0.0
            info: {title: Flags}
            components:
              schemas:
                Flags:
                  type: object
                  properties:
                    mode: {type: string, enum: [true, false, auto, 1]}
                    enabled: {type: boolean, default: yes}
                    hidden: {type: boolean, default: off}
            """, name: "openapi.yaml")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(schema.contains("enum FlagsMode {\n  true\n  false\n  auto\n  _1 = \"1\"\n}"), "\(schema)")
        #expect(schema.contains("  enabled: Bool = true"), "\(schema)")
        #expect(schema.contains("  hidden: Bool = false"), "\(schema)")
    }

    @Test func stringDefaultsKeepTheirEscapes() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Greeting"}, "components": {"schemas": {"Greeting": {"type": "object", "properties": {
              "text": {"type": "string", "default": "say \"hi\"\n\\ \u0001"}}}}}}
            """##)
        #expect(schema.contains(#"  text: String = "say \"hi\"\n\\ \u{1}""#), "\(schema)")
    }

    @Test func aFormFieldRenamedForAClashKeepsItsWireName() throws {
        let (schema, _) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Forms"}, "paths": {"/things/{sid}": {"post": {"operationId": "update",
              "parameters": [{"name": "sid", "in": "path", "required": true, "schema": {"type": "string"}}],
              "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
                "properties": {"sid": {"type": "string"}, "FriendlyName": {"type": "string"}}}}}},
              "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("    path sid: String\n    body form {\n      sid2: String? @wire(\"sid\")\n      friendlyName: String? @wire(\"FriendlyName\")\n    }"), "\(schema)")
    }

    @Test func tagsAndOperationsCanBePicked() throws {
        let (schema, result) = try importText(Self.description, options: ImportOptions(name: "Shop", operations: ["get-item"]))
        #expect(result.operationCount == 1)
        #expect(schema.contains("api Shop {"))
        #expect(!schema.contains("deleteItem"))
    }

    /// A client of part of an API compiles only the models that part uses: in GitHub's
    /// description, three tags' operations used a fifth of the schemas, yet the import kept
    /// them all.
    @Test func pickedOperationsBringOnlyTheSchemasTheyUse() throws {
        let (all, everything) = try importText(Self.description, options: ImportOptions(name: "Shop"))
        #expect(everything.unusedDeclarationCount == 0)
        #expect(all.contains("model Event {") && all.contains("model Cat {"))

        let (schema, result) = try importText(Self.description, options: ImportOptions(name: "Shop", operations: ["events"]))
        #expect(schema.contains("model Event {"), "\(schema)")
        #expect(schema.contains("model ShopError {"), "the API's error model stays: \(schema)")
        for unused in ["model Item {", "model Part {", "model Cat {", "model Dog {", "model Base {", "union Pet "] {
            #expect(!schema.contains(unused), "\(unused) is used by no picked operation")
        }
        #expect(result.unusedDeclarationCount > 0)
        #expect(result.declarationCount == 2, "Event and the error model")
        #expect(!result.schemaTypes.contains { $0.type.contains("Item") }, "no place is said to become a type that was left out")

        // What the picked operations use comes with everything it uses in turn.
        let (items, _) = try importText(Self.description, options: ImportOptions(name: "Shop", tags: ["items"]))
        for used in ["model Item {", "model Part {", "union Pet ", "model Cat {", "model Dog {", "model ShopError {"] {
            #expect(items.contains(used), "\(used) is used by get-item: \(items)")
        }
        #expect(!items.contains("model Event {"))
    }

    @Test func refsAcrossFilesWithEscapedPointers() throws {
        let folder = try ScratchFolder.make("courier-refs")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try #"{"defs": {"a/b": {"type": "object", "properties": {"x": {"type": "integer"}}}}}"#
            .write(to: folder.appendingPathComponent("parts/shared models.json"), atomically: true, encoding: .utf8)
        try ##"""
        {"openapi": "3.0.3", "info": {"title": "Refs"}, "paths": {"/x": {"get": {"operationId": "getX", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "parts/shared%20models.json#/defs/a~1b"}}}}}}}}}
        """##.write(to: folder.appendingPathComponent("api.json"), atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter.run(description: folder.appendingPathComponent("api.json"))
        let schema = result.files.map(\.text).joined()
        #expect(schema.contains("model AB {\n  x: Int?\n}"), "\(schema)")
        #expect(schema.contains("returns AB"), "\(schema)")
    }

    /// The import fuzz target's first finding: an unknown `in` became a member the schema
    /// language does not have, and the import made a schema with errors.
    @Test func aParameterInAnUnknownPlaceIsLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pets"}, "paths": {"/pets": {"get": {"operationId": "listPets",
              "parameters": [{"name": "limit", "in": "Dquery", "schema": {"type": "integer"}}], "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  listPets: GET /pets\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1pets/get/parameters/0: the parameter 'limit' is 'in: Dquery', which OpenAPI does not have (path, query, header or cookie); it is left out"
        ])
    }

    /// Names that nothing on the wire can carry (found importing go-openapi's and kube-openapi's
    /// test descriptions): an empty key or parameter name, a header name with a space. Each made
    /// a schema with errors; each is now left out with a warning at its place.
    @Test func namesTheWireCannotCarryAreLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pets"},
             "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X API Key"}},
               "schemas": {"Pet": {"type": "object", "required": ["", "id"], "properties": {"": {"type": "string"}, "id": {"type": "integer"}}}}},
             "security": [{"key": []}],
             "paths": {"/pets": {"get": {"operationId": "listPets",
              "parameters": [{"name": "", "in": "query", "schema": {"type": "string"}},
                             {"name": "X-Trace Id", "in": "header", "schema": {"type": "string"}},
                             {"name": "X-Trace-Id", "in": "header", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}}}
            """##)
        #expect(schema.contains("model Pet {\n  id: Int\n}"), "\(schema)")
        #expect(schema.contains("    header xTraceId: String? @wire(\"X-Trace-Id\")\n    returns Pet"), "\(schema)")
        #expect(!schema.contains("apikey"), "\(schema)")
        #expect(result.warnings.map(\.description).sorted() == [
            "warning: #/components/schemas/Pet/properties/: 'Pet' has a property whose key is empty; a field needs a name, so it is left out",
            "warning: #/components/securitySchemes/key: the API key 'key' is named 'X API Key', which no header can carry; requests do not send it",
            "warning: #/paths/~1pets/get/parameters/0: a parameter with an empty name ('in: query') is left out: nothing names it on the wire",
            "warning: #/paths/~1pets/get/parameters/1: the header 'X-Trace Id' is left out: a header name is letters, digits and !#$%&'*+-.^_`|~, without spaces",
        ])
    }

    /// Query arrays keep how they travel: `explode: false` is one delimited item.
    @Test func queryArraysKeepTheirStyle() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pets"}, "paths": {"/pets": {"get": {"operationId": "listPets",
              "parameters": [
                {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "ids", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "integer"}}},
                {"name": "words", "in": "query", "style": "spaceDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "pipes", "in": "query", "style": "pipeDelimited", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "kinds", "in": "query", "style": "pipeDelimited", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "odd", "in": "query", "style": "matrix", "schema": {"type": "array", "items": {"type": "string"}}}],
              "responses": {"204": {"description": "ok"}}}}}}
            """##)
        for line in [
            "    query tags: [String]?\n", "    query ids: [Int]? @style(commaDelimited)\n", "    query words: [String]? @style(spaceDelimited)\n",
            "    query pipes: [String]? @style(pipeDelimited)\n", "    query kinds: [String]?\n", "    query odd: [String]?\n",
        ] {
            #expect(schema.contains(line), "\(line) in \(schema)")
        }
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1pets/get/parameters/5: the array 'odd' has style 'matrix', which a query does not have; it is sent with its name repeated"
        ])
    }

    /// OpenSearch's indices, GitHub's workflow ids: a value or a list of them in the path, the
    /// query and a header is a union the parameter sends as one text or a list, and an array in
    /// the path or a header its elements joined by commas.
    @Test func valuesOrListsInEveryPlaceAreSentAsTheyAre() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Search"}, "paths": {"/{index}/_search/{ids}": {"get": {"operationId": "search",
              "parameters": [
                {"name": "index", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Indices"}},
                {"name": "ids", "in": "path", "required": true, "style": "label", "schema": {"type": "array", "items": {"type": "integer"}}},
                {"name": "routing", "in": "query", "explode": false, "schema": {"$ref": "#/components/schemas/Indices"}},
                {"name": "workflow", "in": "query", "schema": {"oneOf": [{"type": "integer"}, {"type": "string"}]}},
                {"name": "X-Tags", "in": "header", "schema": {"type": "array", "items": {"type": "string"}}}],
              "responses": {"204": {"description": "ok"}}}}},
              "components": {"schemas": {"Indices": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}}}}
            """##)
        for line in [
            "    path index: Indices\n", "    path ids: [Int]\n", "    query routing: Indices? @style(commaDelimited)\n",
            "    query workflow: SearchWorkflow?\n", "    header xTags: [String]? @wire(\"X-Tags\")\n",
        ] {
            #expect(schema.contains(line), "\(line) in \(schema)")
        }
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1{index}~1_search~1{ids}/get/parameters/1: the path parameter 'ids' has style 'label'; it is sent as 'simple', its elements joined by commas"
        ])
    }

    /// The import fuzz target's third finding: a path parameter that its path does not hold
    /// became a parameter the checker refuses, and the import made a schema with errors.
    @Test func aPathParameterThePathDoesNotHoldIsLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pets"}, "paths": {"/pets#all": {"get": {"operationId": "listPets",
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                {"name": "all", "in": "path", "required": true, "schema": {"type": "integer"}}], "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  listPets: GET /pets#all\n"), "\(schema)")
        #expect(result.warnings.map(\.description).filter { !$0.contains("fragment") } == [
            "warning: #/paths/~1pets#all/get/parameters/0: the path '/pets#all' has no {id}; the path parameter 'id' is left out",
            "warning: #/paths/~1pets#all/get/parameters/1: the path '/pets#all' has no {all}; the path parameter 'all' is left out",
        ], "\(result.warnings)")
    }

    /// A default its own schema refuses is left out: the fidelity test found Okta's `P30D`,
    /// which its pattern does not match, written into values that then failed validation.
    @Test func aDefaultItsSchemaRefusesIsLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Policies"}, "paths": {"/rules": {"get": {"operationId": "listRules",
              "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "default": 500, "maximum": 200}},
                {"name": "page", "in": "query", "schema": {"type": "integer", "default": 1, "minimum": 1}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Rule"}}}}}}}},
              "components": {"schemas": {
                "TimeDuration": {"type": "string", "pattern": "^P(?:$)(\\d+D)?$"},
                "Rule": {"type": "object", "properties": {
                  "frequency": {"$ref": "#/components/schemas/TimeDuration", "default": "P30D"},
                  "every": {"$ref": "#/components/schemas/TimeDuration", "default": "P"},
                  "kind": {"type": "string", "enum": ["a", "b"], "default": "c"},
                  "code": {"type": "string", "maxLength": 2, "default": "élan"},
                  "ratio": {"type": "number", "minimum": 0.5, "default": 1.0}}}}}}
            """##)
        #expect(schema.contains("    query limit: Int?\n    query page: Int = 1\n"), "\(schema)")
        #expect(schema.contains("  frequency: String?\n  every: String = \"P\"\n"), "\(schema)")
        #expect(schema.contains("  code: String?\n  ratio: Double = 1.0\n"), "\(schema)")
        #expect(result.warnings.map(\.description).sorted() == [
            "warning: #/components/schemas/Rule/properties/code/default: the default \"élan\" of 'Rule.code' is longer than its maxLength of 2; it is left out, and the value is optional",
            "warning: #/components/schemas/Rule/properties/frequency/default: the default \"P30D\" of 'Rule.frequency' does not match its pattern '^P(?:$)(\\d+D)?$'; it is left out, and the value is optional",
            "warning: #/components/schemas/Rule/properties/kind/default: the default \"c\" of 'Rule.kind' is not one of its enum's values; it is left out, and the value is optional",
            "warning: #/paths/~1rules/get/parameters/0/schema/default: the default 500 of the parameter 'limit' is above its maximum of 200; it is left out, and the value is optional",
        ], "\(result.warnings)")
    }

    /// The import fuzz target's ninth finding: a component that is an array of itself, with no
    /// model between, was mapped inside itself until the stack ran out.
    @Test func anArrayOfItselfIsJSONWhereItContainsItself() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Trees"}, "paths": {"/trees": {"get": {"operationId": "listTrees",
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Tree"}}}}}}}},
              "components": {"schemas": {"Tree": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}}}
            """##)
        #expect(schema.contains("  listTrees: GET /trees {\n    returns [JSON]\n  }"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Tree: 'Tree' contains itself with no model, enum or union between; where it does, the value is JSON"
        ], "\(result.warnings)")
    }

    /// The import fuzz target's eighth finding: a fragment whose `@` the schema reads as an
    /// attribute became a label that broke the endpoint's line.
    @Test func aFragmentKeepsOnlyWhatALabelCanHold() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Odd"}, "paths": {"/a#x@y:é z": {"get": {"operationId": "odd",
              "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  odd: GET /a#xyz\n"), "\(schema)")
        #expect(result.warnings.count == 1, "\(result.warnings)")
    }

    /// The import fuzz target's seventh finding: a path that holds one placeholder twice made a
    /// schema path the checker refuses.
    @Test func aPlaceholderThePathHoldsTwiceIsASecondParameter() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Users"}, "paths": {"/3.0/users/{username}/2.0/users/{username}": {"get": {
              "operationId": "getUser", "parameters": [{"name": "username", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains(
            "  getUser: GET /3.0/users/{username}/2.0/users/{usernameAgain} {\n    path username: Int\n"
                + "    /// The same value as `username`: the path holds it twice.\n    path usernameAgain: Int\n  }\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~13.0~1users~1{username}~12.0~1users~1{username}: the path '/3.0/users/{username}/2.0/users/{username}' holds {username} twice; the second is the path parameter 'usernameAgain', to be given the same value"
        ], "\(result.warnings)")
    }

    /// The import fuzz target's fourth finding: placeholders after a `?` in a path became a
    /// fixed query string with placeholders, which the checker refuses.
    @Test func aPathsQueryStringWithPlaceholdersIsLeftOutWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Repos"}, "paths": {"/repos/{owner}?{slug}/merge": {"post": {"operationId": "merge",
              "parameters": [{"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "slug", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "ok"}}}},
              "/search?kind=all": {"get": {"operationId": "searchAll", "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  merge: POST /repos/{owner} {\n    path owner: String\n  }\n"), "\(schema)")
        #expect(schema.contains("  searchAll: GET /search?kind=all\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1repos~1{owner}?{slug}~1merge: the path's query string '?{slug}/merge' holds placeholders, which only the path may; it is left out",
            "warning: #/paths/~1repos~1{owner}?{slug}~1merge/post/parameters/1: the path '/repos/{owner}?{slug}/merge' has no {slug}; the path parameter 'slug' is left out",
        ], "\(result.warnings)")
    }

    /// The import fuzz target's fifth finding: a brace no placeholder closes, and other text a
    /// URL path cannot hold, was written into the schema's path as it stood.
    @Test func pathTextAURLCannotHoldIsPercentEncodedWithAWarning() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Odd"}, "paths": {
              "/a b/{id/x": {"get": {"operationId": "unclosed", "responses": {"204": {"description": "ok"}}}},
              "//twice": {"get": {"operationId": "twice", "responses": {"204": {"description": "ok"}}}},
              "/c}/{id}/d@e/@me/100%/%41": {"get": {"operationId": "stray", "parameters": [{"name": "id", "in": "path", "required": true,
                "schema": {"type": "string"}}], "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  unclosed: GET /a%20b/%7Bid/x\n"), "\(schema)")
        #expect(schema.contains("  stray: GET /c%7D/{id}/d%40e/@me/100%25/%41 {\n"), "\(schema)")
        #expect(schema.contains("  twice: GET /twice\n"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1a b~1{id~1x: the path '/a b/{id/x' holds characters a URL path cannot; they are sent percent-encoded",
            "warning: #/paths/~1~1twice: the path '//twice' starts with an empty segment, which a schema cannot write; it is sent as '/twice'",
            "warning: #/paths/~1c}~1{id}~1d@e~1@me~1100%~1%41: the path '/c}/{id}/d@e/@me/100%/%41' holds characters a URL path cannot; they are sent percent-encoded",
        ], "\(result.warnings)")
    }

    /// Keys of the sender's choosing beside a model's properties (OpenSearch's bulk items,
    /// Okta's `_embedded`) are held by an `@otherKeys` field; the fidelity test had found them
    /// dropped, first without a word and then with a warning. An explicit `true` or `{}` (a
    /// tool's `input_schema`) is an open object too; no `additionalProperties` stays closed.
    @Test func propertiesBesideAdditionalPropertiesKeepTheOtherKeys() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Bulk"}, "paths": {}, "components": {"schemas": {
              "Item": {"type": "object", "properties": {"id": {"type": "string"}, "additionalProperties": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
              "Open": {"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": {}},
              "OpenToo": {"type": "object", "properties": {"type": {"type": "string"}, "required": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": true},
              "Closed": {"type": "object", "properties": {"id": {"type": "string"}}},
              "Map": {"type": "object", "additionalProperties": {"type": "integer"}},
              "Words": {"type": "object", "additionalProperties": {"type": "string"}},
              "Merged": {"allOf": [{"$ref": "#/components/schemas/Map"}, {"type": "object", "properties": {"name": {"type": "string"}}}]},
              "Mixed": {"allOf": [{"$ref": "#/components/schemas/Map"}, {"$ref": "#/components/schemas/Words"}, {"type": "object", "properties": {"name": {"type": "string"}}}]}}}}
            """##)
        let holder = "  /// The keys besides the declared ones, which the description lets in (`additionalProperties`).\n"
        #expect(schema.contains("model Item {\n  id: String?\n  additionalProperties: String?\n" + holder + "  additionalProperties2: [String: Int] @otherKeys\n}"), "\(schema)")
        #expect(schema.contains("model Open {\n  id: String?\n" + holder + "  additionalProperties: [String: JSON] @otherKeys\n}"), "\(schema)")
        #expect(schema.contains("model OpenToo {\n  type: String?\n  required: [String]?\n" + holder + "  additionalProperties: [String: JSON] @otherKeys\n}"), "\(schema)")
        #expect(schema.contains("model Closed {\n  id: String?\n}"), "\(schema)")
        #expect(schema.contains("model Merged {\n  name: String?\n" + holder + "  additionalProperties: [String: Int] @otherKeys\n}"), "\(schema)")
        #expect(schema.contains("model Mixed {\n  name: String?\n" + holder + "  additionalProperties: [String: JSON] @otherKeys\n}"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/components/schemas/Map/additionalProperties: the allOf parts of 'Mixed' let in other keys of different types; they are JSON",
        ], "\(result.warnings)")
    }

    /// The import fuzz target's sixth finding: a server URL with a fragment became a `baseURL`
    /// the checker refuses.
    @Test(arguments: ["http://pet#store.example.com/v1", "https://api.example.com/v1?key=1", "/v1", "ftp://files.example.com"])
    func aServerURLThatCannotBeABaseURLIsLeftOutWithAWarning(_ url: String) throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Pets"}, "servers": [{"url": "\##(url)"}], "paths": {}}
            """##)
        #expect(!schema.contains("baseURL"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/servers/0: the server URL '\(url)' is not an absolute http or https URL without a query or fragment; the client needs a base URL"
        ], "\(result.warnings)")
    }

    /// The import fuzz target's second finding: a request media type that is none was written
    /// after `body Bytes`.
    @Test func aRequestMediaTypeThatIsNoneIsTheCallersToGive() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.0.0", "info": {"title": "Up"}, "paths": {"/up": {"post": {"operationId": "upload",
              "requestBody": {"content": {"appli ation/json": {}}}, "responses": {"204": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("  upload: POST /up {\n    body Bytes\n  }"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/paths/~1up/post/requestBody/content/appli ation~1json: 'appli ation/json' is not a media type; the caller gives the body's content type"
        ], "\(result.warnings)")
    }

    @Test func badInputIsAnErrorNeverACrash() throws {
        #expect(throws: ImportError.self) { try importText(#"{"swagger": "3.0"}"#) }
        let unresolved = try importText(##"{"swagger": "2.0", "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/responses/nowhere"}}}}}}"##)
        #expect(unresolved.result.warnings.map(\.description) == [
            "warning: #/paths/~1a/get/responses/200: #/responses/nowhere does not exist in openapi.json; this response is left out"
        ], "\(unresolved.result.warnings)")
        #expect(throws: ImportError.self) { try importText(##"{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/nowhere"}}}}}"##) }
        #expect(throws: ImportError.self) { try importText("{not json") }
        let selfReferring = ##"{"openapi": "3.0.0", "info": {"title": "Loop"}, "components": {"schemas": {"A": {"$ref": "#/components/schemas/A"}}}}"##
        let (schema, result) = try importText(selfReferring)
        #expect(schema.contains("api Loop"))
        #expect(result.warnings.contains { $0.message.contains("refers to itself") })
    }

    /// "Any string, and these are the ones we know" (Stainless- and Speakeasy-made descriptions:
    /// model ids, voices) is an open enum of the documented values, in fields, parameters and
    /// arrays, by `anyOf` or `oneOf`, with values listed or given as documented constants; an
    /// open enum component beside more values holds them all. Before, it was `String`, with a
    /// warning that the first variant takes every value.
    @Test func aStringBesideItsKnownValuesIsAnOpenEnum() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "AI"}, "paths": {"/speak": {"post": {"operationId": "speak",
              "parameters": [{"name": "region", "in": "query", "schema": {"oneOf": [{"type": "string"}, {"type": "string", "enum": ["eu", "us"]}]}}],
              "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Speech"}}}},
              "responses": {"204": {"description": "ok"}}}}},
              "components": {"schemas": {
                "ModelId": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["small-1", "large-2"]}]},
                "AnyModelId": {"anyOf": [{"$ref": "#/components/schemas/ModelId"}, {"type": "string", "enum": ["large-2", "research-3"]}]},
                "Speech": {"type": "object", "required": ["model"], "properties": {
                  "model": {"$ref": "#/components/schemas/ModelId"},
                  "research": {"$ref": "#/components/schemas/AnyModelId"},
                  "voices": {"type": "array", "items": {"anyOf": [{"type": "string", "description": "A voice of your own."},
                    {"const": "alloy", "description": "Warm and even."}, {"const": "echo", "description": "Bright."}]}}}}}}}
            """##)
        #expect(schema.contains("enum ModelId {\n  small1 = \"small-1\"\n  large2 = \"large-2\"\n}"), "\(schema)")
        #expect(schema.contains("enum AnyModelId {\n  small1 = \"small-1\"\n  large2 = \"large-2\"\n  research3 = \"research-3\"\n}"), "\(schema)")
        #expect(schema.contains("  model: ModelId\n"), "\(schema)")
        #expect(schema.contains("  research: AnyModelId?\n"), "\(schema)")
        #expect(schema.contains("  /// Warm and even.\n  alloy\n  /// Bright.\n  echo\n"), "\(schema)")
        #expect(schema.contains("  voices: [SpeechVoicesItem]?\n"), "\(schema)")
        #expect(schema.contains("enum SpeakRegion {\n  eu\n  us\n}"), "\(schema)")
        #expect(schema.contains("    query region: SpeakRegion?\n"), "\(schema)")
        #expect(!result.warnings.contains { $0.description.contains("takes every value") }, "\(result.warnings)")
    }

    /// The same open enum where the known values let null in (Speakeasy's `{type: [string,
    /// "null"], enum: [a, b, null]}`), where the string is one of a list of types, and where the
    /// union has other variants: the string and the texts are one enum in the string's place
    /// (before, the string took every text and the known values were left out).
    @Test func aStringBesideKnownValuesAndOtherTypesKeepsTheValues() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "S"}, "paths": {"/a": {"get": {"operationId": "a", "parameters": [
              {"name": "voice", "in": "query", "schema": {"anyOf": [{"type": "string"}, {"type": ["string", "null"], "enum": ["alloy", "echo", null]}]}},
              {"name": "size", "in": "query", "schema": {"anyOf": [{"type": ["string", "integer"]}, {"enum": ["auto", "max"]}]}},
              {"name": "seed", "in": "query", "schema": {"anyOf": [{"type": "string"}, {"enum": ["random"]}, {"type": "integer"}]}}],
              "responses": {"200": {"description": "ok"}}}}}}
            """##)
        #expect(schema.contains("enum AVoice {\n  alloy\n  echo\n}"), "\(schema)")
        #expect(schema.contains("union ASize {\n  aSizeValue: ASizeValue\n  integer: Int\n}\n\nenum ASizeValue {\n  auto\n  max\n}"), "\(schema)")
        #expect(schema.contains("union ASeed {\n  aSeedValue: ASeedValue\n  integer: Int\n}\n\nenum ASeedValue {\n  random\n}"), "\(schema)")
        #expect(schema.contains("    query voice: AVoice?\n    query size: ASize?\n    query seed: ASeed?\n"), "\(schema)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// A multipart part that is a file or a URL (OpenAI's image edits) made a schema with errors,
    /// so the whole description was refused. It is a union that is only sent, in place, in a
    /// list, and where a file arrives nested: a union of unions (merged, as any is), an `allOf`
    /// body, a component (a part of its own beside the JSON union), a model inside the body
    /// (sent as JSON, where bytes are base64).
    @Test func aMultipartPartThatIsAFileOrAURLIsAUnion() throws {
        let (schema, result) = try importText(##"""
            {"openapi": "3.1.0", "info": {"title": "Up"}, "paths": {
              "/images/edits": {"post": {"operationId": "editImage",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"type": "object", "required": ["image"], "properties": {
                  "image": {"oneOf": [{"type": "string", "format": "binary"}, {"type": "string", "format": "uri"}], "description": "The image, or where it is."},
                  "masks": {"type": "array", "items": {"anyOf": [{"type": "string", "format": "binary"}, {"type": "string"}]}},
                  "audio": {"anyOf": [{"oneOf": [{"type": "string"}, {"type": "integer"}]}, {"type": "string", "format": "binary"}]},
                  "prompt": {"type": "string"}}}}}},
                "responses": {"200": {"description": "ok"}}}},
              "/files": {"post": {"operationId": "uploadFile",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"allOf": [
                  {"$ref": "#/components/schemas/Base"},
                  {"type": "object", "properties": {"source": {"$ref": "#/components/schemas/Source"},
                    "meta": {"type": "object", "properties": {"thumbnail": {"type": "string", "format": "binary"}}}}}]}}}},
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"schemas": {
                "Base": {"type": "object", "required": ["purpose"], "properties": {"purpose": {"type": "string"}}},
                "Source": {"description": "A file, or where it is.", "oneOf": [{"type": "string", "format": "uri"}, {"type": "string", "format": "binary"}]}}}}
            """##)
        #expect(schema.contains("union EditImageRequestImage {\n  file: File\n  url: URL\n}"), "\(schema)")
        #expect(schema.contains("union EditImageRequestMasksItem {\n  file: File\n  string: String\n}"), "\(schema)")
        #expect(schema.contains("union EditImageRequestAudio {\n  string: String\n  integer: Int\n  file: File\n}"), "\(schema)")
        // Every component is mapped for JSON too, where its file is base64.
        #expect(schema.contains("/// A file, or where it is.\nunion Source {\n  url: URL\n  bytes: Bytes\n}"), "\(schema)")
        #expect(schema.contains("/// A file, or where it is.\nunion SourcePart {\n  url: URL\n  file: File\n}"), "\(schema)")
        #expect(schema.contains("      image: EditImageRequestImage\n      masks: [EditImageRequestMasksItem]?\n"), "\(schema)")
        #expect(schema.contains("      purpose: String\n      source: SourcePart?\n      meta: UploadFileRequestMeta?\n"), "\(schema)")
        #expect(schema.contains("model UploadFileRequestMeta {\n  thumbnail: Bytes?\n}"), "\(schema)")
        #expect(result.warnings.map(\.construct) == ["nested union"], "\(result.warnings)")
        let compilation = SchemaCompiler.compile(result.files.map { SourceFile(path: $0.name, text: $0.text) })
        #expect(compilation.api != nil, "\(compilation.diagnostics)")
    }
}
