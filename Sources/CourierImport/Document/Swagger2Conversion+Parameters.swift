import Foundation

// Swagger 2.0 parameters as OpenAPI 3 writes them: a `schema` for each, and form fields as a body.

extension Swagger2Conversion {
    /// A parameter that is not a body or form field, with its type in a `schema`.
    mutating func parameter(_ node: DocumentNode, at tokens: [String]) -> DocumentNode {
        guard let parameter = node.object, parameter["$ref"] == nil, !isBodyOrForm(node) else { return node }
        var result = DocumentObject()
        for key in ["name", "in", "description", "required", "deprecated", "x-example"] { if let value = parameter[key] { result.set(key, value) } }
        result.set("schema", schema(ofParameter: node, at: tokens))
        if parameter["type"]?.string == "array" {
            switch parameter["collectionFormat"]?.string ?? "csv" {
            case "multi": result.set("explode", .bool(true))
            case "ssv": result.set("style", .string("spaceDelimited")); result.set("explode", .bool(false))
            case "pipes": result.set("style", .string("pipeDelimited")); result.set("explode", .bool(false))
            case "tsv":
                notes.append(Note(tokens: tokens, construct: "collectionFormat", message: "tab-separated values are sent comma-separated"))
                result.set("explode", .bool(false))
            default: result.set("explode", .bool(false))
            }
        }
        return .object(result)
    }

    /// The schema a 2.0 parameter or header states with its own `type`, `format`, `items`, …
    mutating func schema(ofParameter node: DocumentNode, at tokens: [String]) -> DocumentNode {
        if let schema = node["schema"] { return self.schema(schema, at: tokens + ["schema"]) }
        var schema = DocumentObject()
        let keywords = ["type", "format", "items", "enum", "default", "minimum", "maximum", "maxLength", "minLength", "pattern", "description", "x-nullable"]
        for key in keywords { if let value = node[key] { schema.set(key, value) } }
        return self.schema(.object(schema), at: tokens)
    }

    /// A schema with 2.0's words put in 3.0's: `x-nullable`, `type: file`, a `discriminator`
    /// that is only a property name, and `items` given as a list.
    mutating func schema(_ node: DocumentNode, at tokens: [String]) -> DocumentNode {
        switch node {
        case .array(let elements):
            return .array(elements.enumerated().map { schema($0.element, at: tokens + [String($0.offset)]) })
        case .object(let object):
            guard object["$ref"] == nil else { return node }
            var result = DocumentObject()
            for (key, value) in object.members {
                switch key {
                case "x-nullable": result.set("nullable", value)
                case "type" where value.string == "file":
                    result.set("type", .string("string"))
                    result.set("format", .string("binary"))
                case "discriminator" where value.string != nil:
                    result.set(key, .object(Self.object(["propertyName": value])))
                case "items" where value.array != nil:
                    notes.append(Note(tokens: tokens + [key], construct: "items list", message: "a list of item schemas is not Swagger 2.0; an item is any of them"))
                    result.set(key, .object(Self.object(["anyOf": schema(value, at: tokens + [key])])))
                case "properties", "definitions", "patternProperties":
                    result.set(key, .object(mapValues(value) { $0.schema($1, at: tokens + [key, $2]) }))
                case "items", "additionalProperties", "not":
                    result.set(key, value.object != nil ? schema(value, at: tokens + [key]) : value)
                case "allOf", "oneOf", "anyOf":
                    result.set(key, schema(value, at: tokens + [key]))
                default:
                    result.set(key, value)
                }
            }
            return .object(result)
        default:
            return node
        }
    }

    // MARK: - Helpers

    func isBodyOrForm(_ node: DocumentNode) -> Bool {
        let place = resolved(node)["in"]?.string
        return place == "body" || place == "formData"
    }

    /// A parameter, with a `$ref` to `#/parameters/…` followed within the document.
    func resolved(_ node: DocumentNode) -> DocumentNode {
        guard let reference = node["$ref"]?.string, reference.hasPrefix("#/parameters/") else { return node }
        let name = JSONPointer.unescaped(reference.dropFirst("#/parameters/".count))
        return root["parameters"]?[name] ?? node
    }

    mutating func mapValues(_ node: DocumentNode, _ transform: (inout Swagger2Conversion, DocumentNode, String) -> DocumentNode) -> DocumentObject {
        var result = DocumentObject()
        for (key, value) in node.object?.members ?? [] { result.set(key, transform(&self, value, key)) }
        return result
    }

    static func strings(_ node: DocumentNode?) -> [String]? {
        guard let list = node?.array?.compactMap(\.string), !list.isEmpty else { return nil }
        return list
    }

    static func object(_ members: KeyValuePairs<String, DocumentNode>) -> DocumentObject {
        var object = DocumentObject()
        for (key, value) in members { object.set(key, value) }
        return object
    }
}
