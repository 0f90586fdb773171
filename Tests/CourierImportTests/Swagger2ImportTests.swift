import CourierSchema
import Foundation
import Testing

@testable import CourierImport

/// Swagger 2.0 (Slack, Docker Engine, Argo Workflows, PostgREST) is read as the OpenAPI 3.0
/// description it means.
@Suite("Swagger 2.0")
struct Swagger2ImportTests {
    static let description = ##"""
    swagger: "2.0"
    info: {title: Pet Store, version: "1"}
    host: api.pets.example
    basePath: /v2
    schemes: [http, https]
    consumes: [application/json]
    produces: [application/json]
    securityDefinitions:
      key: {type: apiKey, in: header, name: X-API-Key}
      login: {type: basic}
      oauth: {type: oauth2, flow: accessCode, authorizationUrl: "https://pets.example/auth", tokenUrl: "https://pets.example/token", scopes: {read: Read}}
    security: [{key: []}]
    parameters:
      limit: {name: limit, in: query, type: integer, format: int32, default: 20}
      petBody: {name: pet, in: body, required: true, schema: {$ref: "#/definitions/Pet"}}
    definitions:
      Pet:
        type: object
        required: [id, name, tag]
        properties:
          id: {type: integer, format: int64}
          name: {type: string}
          tag: {type: string, x-nullable: true}
          kind: {type: string, enum: [cat, dog]}
      Pets:
        type: array
        items: {$ref: "#/definitions/Pet"}
    paths:
      /pets:
        get:
          operationId: listPets
          tags: [pets]
          parameters:
            - {$ref: "#/parameters/limit"}
            - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: multi}
            - {name: ids, in: query, type: array, items: {type: integer}}
          responses:
            "200": {description: The pets., schema: {$ref: "#/definitions/Pets"}}
        post:
          operationId: addPet
          tags: [pets]
          security: [{login: []}]
          parameters: [{$ref: "#/parameters/petBody"}]
          responses:
            "201": {description: Made., schema: {$ref: "#/definitions/Pet"}}
      /pets/{petId}/photo:
        parameters:
          - {name: petId, in: path, required: true, type: integer}
        post:
          operationId: uploadPhoto
          tags: [pets]
          consumes: [multipart/form-data]
          parameters:
            - {name: file, in: formData, required: true, type: file}
            - {name: caption, in: formData, type: string}
          responses:
            "204": {description: Stored.}
        get:
          operationId: getPhoto
          tags: [pets]
          produces: [image/png]
          responses:
            "200": {description: The photo., schema: {type: file}}
      /pets/{petId}/name:
        put:
          operationId: rename
          tags: [pets]
          consumes: [application/x-www-form-urlencoded]
          parameters:
            - {name: petId, in: path, required: true, type: integer}
            - {name: name, in: formData, required: true, type: string}
          responses:
            "204": {description: Renamed.}
    """##

    static let imported = Result { try importText(description, name: "swagger.yaml") }

    @Test func theAPIBlockComesFromHostBasePathAndSecurityDefinitions() throws {
        let (schema, _) = try Self.imported.get()
        #expect(schema.contains("api PetStore {\n  baseURL \"https://api.pets.example/v2\"\n  auth none\n  apikey header \"X-API-Key\"\n  keys snake_case\n}"), "\(schema)")
    }

    @Test func definitionsAreModelsAndXNullableIsOptional() throws {
        let (schema, _) = try Self.imported.get()
        // A request writes Pet (addPet's body), so its required nullable tag is sent even when null.
        #expect(schema.contains("model Pet {\n  id: Int64\n  name: String\n  tag: Nullable<String>\n  kind: PetKind?\n}"), "\(schema)")
    }

    @Test func parametersBodiesAndResponsesAreThoseOf3() throws {
        let (schema, result) = try Self.imported.get()
        #expect(schema.contains("  listPets: GET /pets {\n    query limit: Int32 = 20\n    query tags: [String]?\n    query ids: [Int]? @style(commaDelimited)\n    returns [Pet]\n  }"), "\(schema)")
        #expect(schema.contains("  addPet: POST /pets @auth(basic) {\n    body Pet\n    returns Pet\n  }"), "\(schema)")
        #expect(schema.contains("  uploadPhoto: POST /pets/{petId}/photo {\n    path petId: Int\n    body multipart {\n      file: File\n      caption: String?\n    }\n  }"), "\(schema)")
        #expect(schema.contains("  getPhoto: GET /pets/{petId}/photo {\n    path petId: Int\n    returns Bytes \"image/png\"\n  }"), "\(schema)")
        #expect(schema.contains("  rename: PUT /pets/{petId}/name {\n    path petId: Int\n    body form {\n      name: String\n    }\n  }"), "\(schema)")
        // 2.0's default collectionFormat is comma-separated; `multi` repeats the name.
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func aListOfItemSchemasIsWarnedOf() throws {
        let (schema, result) = try importText(##"""
            {"swagger": "2.0", "info": {"title": "Chat"}, "definitions": {"Reply": {"type": "object", "properties": {
              "users": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}}}}, "paths": {}}
            """##)
        #expect(schema.contains("  users: [ReplyUsersItem]?"), "\(schema)")
        #expect(result.warnings.map(\.description) == [
            "warning: #/definitions/Reply/properties/users/items: a list of item schemas is not Swagger 2.0; an item is any of them"
        ], "\(result.warnings)")
    }

    @Test func anotherVersionIsRefusedByName() {
        #expect(throws: ImportError.self) { try importText(#"{"swagger": "1.2", "info": {"title": "Old"}}"#) }
        #expect(throws: ImportError.self) { try importText(#"{"info": {"title": "Nothing"}}"#) }
    }
}
