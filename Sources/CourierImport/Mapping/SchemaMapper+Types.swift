import CourierSchema
import Foundation

// The types of schemas: references to components, `type` lists, and the declarations they need.

extension SchemaMapper {
    /// The schema type of `node` at `location`; `hint` names what has to be declared.
    func type(of node: DocumentNode, at location: DocumentLocation, hint: String, context: Context = .json) -> ImportedType {
        if let reference = node["$ref"]?.string {
            let nullable = node["nullable"]?.bool == true
            do {
                let target = try files.location(of: reference, from: location)
                var type = try componentType(at: target, context: context)
                // A binary component (`File: {type: string, format: binary}`) is a file in a
                // multipart body, whatever it was where it was met first.
                if context == .multipart, type.unwrapped == .named("Bytes") { type = type.isOptional ? .optional(.named("File")) : .named("File") }
                // A component union with a binary variant is a file or a value in its place.
                if context == .multipart, let part = multipartPart(ofComponent: target) { type = type.isOptional ? part.optional : part }
                return nullable ? type.optional : type
            } catch {
                warn(location, "$ref", "\(error); it becomes JSON")
                return .json
            }
        }
        if let constant = Self.unkeptConstant(node) {
            warn(location.appending("const"), "const", "the constant \(Self.display(constant)) is not kept: the value may be any of its type")
        }
        let node = Self.constantAsEnum(node)
        let (types, nullable) = Self.types(of: node)
        let mapped = nonNullType(of: node, types: types, at: location, hint: hint, context: context)
        return nullable && mapped != .json ? mapped.optional : mapped
    }

    /// The `type` names besides `null`, and whether `null` is allowed (`nullable: true`,
    /// `type: [T, "null"]`, `enum` with `null`).
    static func types(of node: DocumentNode) -> (types: [String], nullable: Bool) {
        var types: [String] = []
        var nullable = node["nullable"]?.bool == true
        switch node["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.string)
        default:
            // A `const` without a `type` says its type by its value.
            switch node["const"] {
            case .string?: types = ["string"]
            case .number?: types = [node["const"]?.integer != nil ? "integer" : "number"]
            case .bool?: types = ["boolean"]
            case .null?: nullable = true
            default: break
            }
        }
        if types.contains("null") {
            nullable = true
            types.removeAll { $0 == "null" }
        }
        if node["enum"]?.array?.contains(.null) == true { nullable = true }
        // An `allOf` part that says only `nullable: true` (OpenAI's `allOf: [{$ref:
        // AssistantsApiToolChoiceOption}, {nullable: true}]`) lets null in.
        if let parts = node["allOf"]?.array, parts.contains(where: { $0["nullable"]?.bool == true && onlyAnnotates($0) }) {
            nullable = true
        }
        return (types, nullable)
    }

    /// A component's type: declared once under its name, or for a schema that needs no
    /// declaration (a string, an array), the type itself.
    func componentType(at location: DocumentLocation, context: Context) throws -> ImportedType {
        func met(_ known: ImportedType) -> ImportedType {
            // A component met again while it is being mapped contains itself.
            if case .named(let name) = known, mapping.contains(name) { selfReferences.insert(name) }
            return known
        }
        if let known = componentTypes[location] { return met(known) }
        let (node, resolved) = try files.resolve(try files.node(at: location), at: location)
        if let known = componentTypes[resolved] { return met(known) }
        return try newComponentType(node, at: location, resolved: resolved, context: context)
    }

    func newComponentType(_ node: DocumentNode, at location: DocumentLocation, resolved: DocumentLocation, context: Context) throws -> ImportedType {
        let node = Self.constantAsEnum(node)
        let hint = Self.componentHint(resolved)
        guard Self.needsDeclaration(node) else {
            let outer = aliasesInProgress[resolved]
            if outer == mapping.count {
                // `Pet: {type: array, items: {$ref: Pet}}`: no declaration to name the cycle by.
                warn(resolved, "recursive alias", "'\(hint)' contains itself with no model, enum or union between; where it does, the value is JSON")
                return .json
            }
            aliasesInProgress[resolved] = mapping.count
            defer { aliasesInProgress[resolved] = outer }
            let type = self.type(of: node, at: resolved, hint: hint, context: context)
            componentTypes[resolved] = type
            return type
        }
        // Named before it is mapped, so that a schema that contains itself refers to its name.
        let name = reserveTypeName(hint)
        componentTypes[resolved] = .named(name)
        componentTypes[location] = .named(name)
        mapping.append(name)
        var type = declaredType(of: node, at: resolved, name: name, context: context)
        // A component that allows null (`x-nullable`, `type: [object, "null"]`) is optional
        // wherever it is used.
        if Self.types(of: node).nullable, !type.isOptional { type = type.optional }
        mapping.removeLast()
        componentTypes[resolved] = type
        componentTypes[location] = type
        // A component that names another type (a nullable map, a union of one variant and
        // null, an `allOf` of one part) is that type wherever it is used: the language has no
        // aliases.
        guard declarations[name] == nil else { return type }
        if ordered.remove(name) != nil { order.removeAll { $0 == name } }
        takenTypeNames.remove(name)
        if selfReferences.remove(name) != nil {
            // What was mapped meanwhile refers to the name; it has no declaration to refer to.
            type = type.replacing(name, with: .json)
            for (key, declaration) in declarations { declarations[key] = declaration.replacing(name, with: .json) }
            for (key, known) in componentTypes { componentTypes[key] = known.replacing(name, with: .json) }
            warn(resolved, "recursive alias", "'\(hint)' is \(type.spelling) and contains itself; where it does, the value is JSON")
        }
        return type
    }

    /// What a component is named after: its key, or for a file of its own
    /// (`models/droplet.yml`) the file's name.
    static func componentHint(_ location: DocumentLocation) -> String {
        let fileName = location.file.deletingPathExtension().lastPathComponent
        return location.tokens.last.map { $0 == "schema" ? location.tokens.dropLast().last ?? $0 : $0 } ?? (fileName.isEmpty ? "Schema" : fileName)
    }

    /// What the types written in place under a property are named after: the model that owns
    /// it, or for a property that an `allOf` part brings in from another component, that
    /// component, so that every model that takes the property names its type alike. A property
    /// of a union's variant merged with other parts is the variant's model's: named after it.
    func propertyOwner(_ propertyLocation: DocumentLocation, in location: DocumentLocation, owner: String, model: String) -> String {
        var part = propertyLocation
        part.tokens.removeLast(min(2, part.tokens.count))
        // The component the part is in: `Base/allOf/1` is `Base`'s.
        while part.tokens.count >= 2, part.tokens[part.tokens.count - 2] == "allOf" { part.tokens.removeLast(2) }
        let isOwn = part.file == location.file && part.tokens.starts(with: location.tokens)
        if isOwn, part.tokens.dropFirst(location.tokens.count).contains(where: { $0 == "oneOf" || $0 == "anyOf" }) { return model }
        // A part with no name of its own (a union's variant, `oneOf/0`) names nothing.
        let isNamed = part.tokens.last.map { Int($0) == nil } ?? true
        return isOwn || !isNamed ? owner : ImportNames.typeName(Self.componentHint(part))
    }

    /// Whether a bound is a number below zero.
    static func isNegative(_ bound: DocumentNode?) -> Bool {
        guard case .number(let text)? = bound, let value = Double(text) else { return false }
        return value < 0
    }

    /// Whether a `maximum` is a whole number past 2^63 - 1 (and so no `Int64` holds it).
    static func exceedsInt64(_ maximum: DocumentNode?) -> Bool {
        guard case .number(let text)? = maximum, Int64(text) == nil, let value = Double(text) else { return false }
        return value >= 0x1p63
    }

    /// Whether a schema becomes a declaration of its own: an object with properties, an
    /// enum, a union, or a merge.
    static func needsDeclaration(_ node: DocumentNode) -> Bool {
        if node["allOf"] != nil || node["oneOf"] != nil || node["anyOf"] != nil { return true }
        if let values = node["enum"]?.array, values.contains(where: { $0 != .null }) { return true }
        if let properties = node["properties"]?.object, !properties.isEmpty { return true }
        return false
    }

    func nonNullType(of node: DocumentNode, types: [String], at location: DocumentLocation, hint: String, context: Context) -> ImportedType {
        for keyword in ["not", "if", "patternProperties", "prefixItems", "dependentSchemas"] where node[keyword] != nil {
            warn(location.appending(keyword), keyword, "'\(keyword)' cannot be said in the schema language; it is left out")
        }
        if let stripped = Self.withoutAnnotatingAllOf(node) {
            return nonNullType(of: stripped, types: types, at: location, hint: hint, context: context)
        }
        if let narrowed = narrowedEnum(node, at: location, hint: hint) { return narrowed }
        if let part = soleMeaningfulPart(of: node, at: location) {
            return type(of: node["allOf"]!.array![part], at: location.appending("allOf").appending(part), hint: hint, context: context)
        }
        if Self.needsDeclaration(node) {
            let place = InlinePlace(location: location, context: context)
            if let known = inlineTypes[place] { return known }
            let type = SharedEnums.Shape(node).map { inlineEnum(node, shape: $0, at: location, hint: hint) }
                ?? declaredType(of: node, at: location, name: reserveTypeName(hint), context: context)
            inlineTypes[place] = type
            return type
        }
        guard types.count <= 1 else { return typeListType(of: node, types: types, at: location, hint: hint, context: context) }
        switch types.first {
        case "string"?:
            switch node["format"]?.string {
            case "date-time"?: return .named("Date")
            case "uuid"?: return .named("UUID")
            case "uri"?, "url"?: return .named("URL")
            // Not `contentEncoding: base64`, which would say the same in OpenAPI 3.1: Discord
            // writes it on its images, which are data URIs (`data:image/png;base64,…`), not base64.
            case "byte"?: return .named("Bytes")
            case "binary"?: return context == .multipart ? .named("File") : .named("Bytes")
            default: return .named("String")
            }
        case "integer"?:
            // An integer that may go past 2^63 - 1 (DigitalOcean's `maximum:
            // 18446744073709551615`, Docker's `format: uint64`) needs all 64 bits unsigned. One
            // that may be negative does not: OpenAI's `seed` is bounded by ±2^63 written as
            // doubles (`-9223372036854776000` to `9223372036854776000`), the range of an `Int64`.
            if node["format"]?.string == "uint64" || (Self.exceedsInt64(node["maximum"]) && !Self.isNegative(node["minimum"])) {
                return .named("UInt64")
            }
            switch node["format"]?.string {
            case "int32"?: return .named("Int32")
            case "int64"?: return .named("Int64")
            default: return .named("Int")
            }
        case "number"?:
            // `format: float` too: the number on the wire is the decimal the server wrote, and a
            // `Float` keeps about seven digits of it (Lob's check of 403,593.04 dollars came back
            // as 403,593.03). A `Double` holds every `Float` exactly.
            return .named("Double")
        case "boolean"?:
            return .named("Bool")
        case "array"?:
            guard let items = node["items"] else { return .array(.json) }
            let element = type(of: items, at: location.appending("items"), hint: hint + "Item", context: context)
            return .array(element.isOptional ? .nullable(element.unwrapped) : element)
        case "object"?, nil:
            if let additional = node["additionalProperties"], additional.object != nil, additional != .object(DocumentObject()) {
                let value = type(of: additional, at: location.appending("additionalProperties"), hint: hint + "Value")
                return .dictionary(value.isOptional ? .nullable(value.unwrapped) : value)
            }
            return .json
        case let other?:
            warn(location, "type", "the type '\(other)' is not JSON Schema's; it becomes JSON")
            return .json
        }
    }

    /// `type: [string, integer]`: a union of a variant per type, as `oneOf` of each would be,
    /// where every type is a scalar; with `object` or `array` among them, `JSON`.
    func typeListType(of node: DocumentNode, types: [String], at location: DocumentLocation, hint: String, context: Context) -> ImportedType {
        let scalars: Set<String> = ["string", "integer", "number", "boolean"]
        guard types.allSatisfy(scalars.contains), let written = node.object else {
            warn(location, "type list", "a value of the types \(types.joined(separator: ", ")) becomes JSON")
            return .json
        }
        let place = InlinePlace(location: location, context: context)
        if let known = inlineTypes[place] { return known }
        let variants = types.map { type -> DocumentNode in
            var variant = written
            variant.set("type", .string(type))
            return .object(variant)
        }
        let name = reserveTypeName(hint)
        placeInOrder(name)
        declarationLocations[name] = location
        let docs = ImportDocs.lines(ImportDocs.title(node["title"]?.string, of: name), node["description"]?.string)
        let type = unionType(variants, keyword: "type", of: node, at: location, name: name, docs: docs, context: context)
        inlineTypes[place] = type
        return type
    }

    /// Declares what `node` needs under `name` and returns its type.
    func declaredType(of node: DocumentNode, at location: DocumentLocation, name: String, context: Context) -> ImportedType {
        // Its place in the files comes before the types it declares on the way.
        placeInOrder(name)
        declarationLocations[name] = location
        let docs = ImportDocs.lines(ImportDocs.title(node["title"]?.string, of: name), node["description"]?.string)
        if let parts = node["allOf"]?.array {
            return mergedType(parts, of: node, at: location, name: name, docs: docs)
        }
        if let variants = node["oneOf"]?.array ?? node["anyOf"]?.array {
            if let constants = Self.documentedConstants(variants) {
                return enumType(constants, of: node, at: location, name: name, docs: docs)
            }
            if let type = typeOfPropertiesBesideUnion(node, at: location, name: name, docs: docs, context: context) { return type }
            let keyword = node["oneOf"] != nil ? "oneOf" : "anyOf"
            return unionType(variants, keyword: keyword, of: node, at: location, name: name, docs: docs, context: context)
        }
        if let values = node["enum"]?.array {
            return enumType(values.map { EnumValue(value: $0) }, of: node, at: location, name: name, docs: docs)
        }
        declare(.model(name: name, docs: docs, fields: fields(of: node, at: location, owner: name), isDeprecated: node["deprecated"]?.bool == true))
        return .named(name)
    }
}
