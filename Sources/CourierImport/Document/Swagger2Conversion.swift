import Foundation

/// Reads a Swagger 2.0 description as the OpenAPI 3.0 description it means, so that one mapping
/// serves both. Schemas, shared parameters and shared responses stay where 2.0 puts them
/// (`#/definitions/…`, `#/parameters/…`, `#/responses/…`), so `$ref`s and warnings keep their
/// pointers; what changes shape is rewritten in place:
/// - `in: body` parameters become a `requestBody` with one entry per `consumes` type, and
///   `in: formData` parameters a form or multipart body;
/// - a parameter's `type`, `items`, `enum` and `default` move into its `schema`, and
///   `collectionFormat` becomes `style` and `explode`;
/// - a response's `schema` becomes its `content`, one entry per `produces` type;
/// - `x-nullable` becomes `nullable`, `type: file` binary text, and `securityDefinitions`,
///   `host`, `basePath` and `schemes` the 3.0 security schemes and server.
struct Swagger2Conversion {
    /// Something the conversion had to approximate, at its place in the 2.0 document.
    struct Note {
        var tokens: [String]
        var construct: String
        var message: String
    }

    let root: DocumentNode
    var notes: [Note] = []

    /// The 3.0 form of `root`, a Swagger 2.0 document, and what it approximated.
    static func convert(_ root: DocumentNode) -> (root: DocumentNode, notes: [Note]) {
        var conversion = Swagger2Conversion(root: root)
        return (conversion.converted(), conversion.notes)
    }

    private init(root: DocumentNode) { self.root = root }

    mutating func converted() -> DocumentNode {
        var result = DocumentObject()
        result.set("openapi", .string("3.0.3"))
        for (key, value) in root.object?.members ?? [] {
            switch key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces", "securityDefinitions": continue
            case "definitions":
                result.set(key, .object(mapValues(value) { $0.schema($1, at: ["definitions", $2]) }))
            case "parameters":
                result.set(key, .object(mapValues(value) { $0.parameter($1, at: ["parameters", $2]) }))
            case "responses":
                let produces = Self.strings(root["produces"]) ?? ["application/json"]
                result.set(key, .object(mapValues(value) { $0.response($1, produces: produces, at: ["responses", $2]) }))
            case "paths":
                result.set(key, .object(mapValues(value) { $0.pathItem($1, at: ["paths", $2]) }))
            default:
                result.set(key, value)
            }
        }
        if let server = server() { result.set("servers", .array([.object(server)])) }
        var components = DocumentObject()
        if let schemes = root["securityDefinitions"]?.object {
            components.set("securitySchemes", .object(mapValues(.object(schemes)) { $0.securityScheme($1, at: ["securityDefinitions", $2]) }))
        }
        result.set("components", .object(components))
        return .object(result)
    }

    // MARK: - Servers and security

    func server() -> DocumentObject? {
        let basePath = root["basePath"]?.string ?? ""
        guard let host = root["host"]?.string else {
            guard !basePath.isEmpty else { return nil }
            var server = DocumentObject()
            server.set("url", .string(basePath))
            return server
        }
        let scheme = Self.strings(root["schemes"]).flatMap { $0.contains("https") ? "https" : $0.first } ?? "https"
        var server = DocumentObject()
        server.set("url", .string("\(scheme)://\(host)\(basePath)"))
        return server
    }

    mutating func securityScheme(_ node: DocumentNode, at tokens: [String]) -> DocumentNode {
        var scheme = DocumentObject()
        switch node["type"]?.string {
        case "basic"?:
            scheme.set("type", .string("http"))
            scheme.set("scheme", .string("basic"))
        case "oauth2"?:
            scheme.set("type", .string("oauth2"))
            let flowNames = ["implicit": "implicit", "password": "password", "application": "clientCredentials", "accessCode": "authorizationCode"]
            var flow = DocumentObject()
            for key in ["authorizationUrl", "tokenUrl", "scopes"] { if let value = node[key] { flow.set(key, value) } }
            var flows = DocumentObject()
            flows.set(flowNames[node["flow"]?.string ?? ""] ?? "implicit", .object(flow))
            scheme.set("flows", .object(flows))
        default:
            return node
        }
        if let description = node["description"] { scheme.set("description", description) }
        return .object(scheme)
    }

    // MARK: - Paths and operations

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    mutating func pathItem(_ node: DocumentNode, at tokens: [String]) -> DocumentNode {
        guard let item = node.object, item["$ref"] == nil else { return node }
        let shared = item["parameters"]?.array ?? []
        var result = DocumentObject()
        for (key, value) in item.members {
            if Self.methods.contains(key) {
                result.set(key, operation(value, sharedParameters: shared, at: tokens + [key]))
            } else if key == "parameters" {
                // Bodies and form fields shared by the path's operations go into each of them.
                let kept = shared.enumerated().filter { !isBodyOrForm($0.element) }
                result.set(key, .array(kept.map { parameter($0.element, at: tokens + ["parameters", String($0.offset)]) }))
            } else {
                result.set(key, value)
            }
        }
        return .object(result)
    }

    mutating func operation(_ node: DocumentNode, sharedParameters: [DocumentNode], at tokens: [String]) -> DocumentNode {
        guard let operation = node.object else { return node }
        let consumes = Self.strings(operation["consumes"]) ?? Self.strings(root["consumes"]) ?? ["application/json"]
        let produces = Self.strings(operation["produces"]) ?? Self.strings(root["produces"]) ?? ["application/json"]
        let own = operation["parameters"]?.array ?? []
        var result = DocumentObject()
        for (key, value) in operation.members {
            switch key {
            case "consumes", "produces", "schemes": continue
            case "parameters":
                let kept = own.enumerated().filter { !isBodyOrForm($0.element) }
                result.set(key, .array(kept.map { parameter($0.element, at: tokens + ["parameters", String($0.offset)]) }))
            case "responses":
                result.set(key, .object(mapValues(value) { $0.response($1, produces: produces, at: tokens + ["responses", $2]) }))
            default:
                result.set(key, value)
            }
        }
        // An operation's own parameter replaces a shared one of the same name and place.
        var inputs: [DocumentNode] = []
        for candidate in (sharedParameters + own).map(resolved) where isBodyOrForm(candidate) {
            inputs.removeAll { $0["name"] == candidate["name"] && $0["in"] == candidate["in"] }
            inputs.append(candidate)
        }
        if let body = requestBody(inputs, consumes: consumes, at: tokens) { result.set("requestBody", body) }
        return .object(result)
    }

    mutating func requestBody(_ inputs: [DocumentNode], consumes: [String], at tokens: [String]) -> DocumentNode? {
        var body = DocumentObject()
        var content = DocumentObject()
        if let parameter = inputs.first(where: { $0["in"]?.string == "body" }) {
            let schema = self.schema(parameter["schema"] ?? .object(DocumentObject()), at: tokens + ["parameters"])
            for mediaType in consumes where !["application/x-www-form-urlencoded", "multipart/form-data"].contains(mediaType) {
                content.set(mediaType, .object(Self.object(["schema": schema])))
            }
            if content.isEmpty { content.set("application/json", .object(Self.object(["schema": schema]))) }
            if let description = parameter["description"] { body.set("description", description) }
            body.set("required", .bool(parameter["required"]?.bool == true))
            if inputs.contains(where: { $0["in"]?.string == "formData" }) {
                notes.append(Note(tokens: tokens + ["parameters"], construct: "formData", message: "form fields beside a body parameter are left out"))
            }
        } else {
            let fields = inputs.filter { $0["in"]?.string == "formData" }
            guard !fields.isEmpty else { return nil }
            var properties = DocumentObject()
            var required: [DocumentNode] = []
            for field in fields {
                guard let name = field["name"]?.string else { continue }
                properties.set(name, schema(ofParameter: field, at: tokens + ["parameters"]))
                if field["required"]?.bool == true { required.append(.string(name)) }
            }
            let hasFile = fields.contains { $0["type"]?.string == "file" }
            let mediaType = hasFile || consumes.contains("multipart/form-data") && !consumes.contains("application/x-www-form-urlencoded")
                ? "multipart/form-data" : "application/x-www-form-urlencoded"
            let schema = Self.object(["type": .string("object"), "properties": .object(properties), "required": .array(required)])
            content.set(mediaType, .object(Self.object(["schema": .object(schema)])))
            body.set("required", .bool(!required.isEmpty))
        }
        body.set("content", .object(content))
        return .object(body)
    }

    mutating func response(_ node: DocumentNode, produces: [String], at tokens: [String]) -> DocumentNode {
        guard let response = node.object, response["$ref"] == nil else { return node }
        var result = DocumentObject()
        result.set("description", response["description"] ?? .string(""))
        if let headers = response["headers"]?.object {
            result.set("headers", .object(mapValues(.object(headers)) { conversion, header, name in
                .object(Self.object(["schema": conversion.schema(ofParameter: header, at: tokens + ["headers", name])]))
            }))
        }
        if let schemaNode = response["schema"] {
            let schema = self.schema(schemaNode, at: tokens + ["schema"])
            var content = DocumentObject()
            let isFile = schemaNode["type"]?.string == "file"
            for mediaType in produces { content.set(mediaType, .object(Self.object(["schema": schema]))) }
            if isFile && produces == ["application/json"] {
                content = DocumentObject()
                content.set("application/octet-stream", .object(Self.object(["schema": schema])))
            }
            result.set("content", .object(content))
        }
        return .object(result)
    }
}
