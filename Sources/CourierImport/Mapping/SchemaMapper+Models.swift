import CourierSchema
import Foundation

// Models: an object's properties, its other keys, and `allOf` merged into one.

extension SchemaMapper {
    /// The fields of an object schema, with those of its `allOf` parts merged in (parts first,
    /// a later property of the same key replacing an earlier one in its place).
    func fields(of node: DocumentNode, at location: DocumentLocation, owner: String, context: Context = .json) -> [ImportedField] {
        fields(ofParts: [(node, location)], place: location, placeName: owner, owner: owner, context: context)
    }

    /// The fields of several schemas that one value meets together (a union's variant and the
    /// parts of the `allOf` that holds the union), merged in order. Types written in place under
    /// `place` are named after `placeName`; `owner` is the model the fields are for.
    func fields(
        ofParts parts: [(node: DocumentNode, location: DocumentLocation)], place location: DocumentLocation, placeName: String, owner: String,
        context: Context = .json
    ) -> [ImportedField] {
        var properties: [(key: String, node: DocumentNode, location: DocumentLocation)] = []
        var required: Set<String> = []
        var open: [DocumentLocation] = []
        var earlier: [String: [(node: DocumentNode, location: DocumentLocation)]] = [:]
        for (node, partLocation) in parts {
            collectProperties(
                of: node, at: partLocation, owner: owner, into: &properties, required: &required, open: &open, depth: 0,
                replacing: { earlier[$0, default: []].append(($1, $2)) })
        }
        let ruled = parts.reduce(into: Set<String>()) { $0.formUnion(presenceRuleKeys(of: $1.node, at: $1.location, depth: 0)) }
        var taken: Set<String> = []
        var fields: [ImportedField] = []
        for (key, property, propertyLocation) in properties {
            guard !key.isEmpty else {
                warn(propertyLocation, "empty key", "'\(owner)' has a property whose key is empty; a field needs a name, so it is left out")
                continue
            }
            let name = ImportNames.unique(ImportNames.memberName(key), in: &taken)
            let hint = propertyOwner(propertyLocation, in: location, owner: placeName, model: owner) + ImportNames.typeName(key)
            let definitions = (earlier[key] ?? []) + [(property, propertyLocation)]
            var type = definitions.count > 1
                ? typeOfDefinitions(definitions, hint: hint, context: context)
                : self.type(of: property, at: propertyLocation, hint: hint, context: context)
            // The type is optional here only when the description allows null.
            let isNullable = type.isOptional
            var defaultValue: String?
            if !required.contains(key) {
                defaultValue = literal(checkedDefault(of: property, at: propertyLocation, naming: "'\(owner).\(key)'"), for: type.unwrapped)
                if defaultValue == nil || type.isOptional { type = type.optional }
                // A key that a presence rule names, and that may be null, keeps null apart from
                // absent: Lob's `company: null` meets "`name` or `company`", an absent key does not.
                if isNullable, ruled.contains(key), type.unwrapped != .json {
                    type = .optional(.nullable(type.unwrapped))
                    defaultValue = nil
                }
            }
            let docs = ImportDocs.lines(ImportDocs.title(property["title"]?.string, of: key), property["description"]?.string)
            fields.append(
                ImportedField(
                    name: name, wireName: keyStyle.wireName(for: name) == key ? nil : key, type: type, defaultValue: defaultValue,
                    docs: docs, isDeprecated: property["deprecated"]?.bool == true, isNullable: isNullable, isRequired: required.contains(key)))
        }
        if !properties.isEmpty, let place = open.first {
            if context == .json {
                fields.append(otherKeysField(of: place, besides: open.dropFirst(), owner: owner, taken: &taken))
            } else {
                warn(
                    place.appending("additionalProperties"), "additionalProperties",
                    "'\(owner)' has properties and also keys of its own choosing, which a form or multipart body cannot send; they are left out")
            }
        }
        // A key that is required but has no schema (Docker's `UnpackedSize`) is still there in
        // every value: kept as JSON, not dropped.
        let described = Set(properties.map(\.key))
        for key in required.subtracting(described).sorted() where context == .json && !key.isEmpty {
            warn(location.appending("required"), "required key without schema", "'\(key)' is required in '\(owner)' but has no schema; it is JSON")
            fields.append(jsonField(key, isRequired: true, taken: &taken))
        }
        // A key that only a presence rule names (GitHub's Pages body: `anyOf: [… {required:
        // [public]}]` beside properties without `public`) may be there, with any value.
        for key in ruled.subtracting(described).subtracting(required).sorted() where context == .json && !key.isEmpty {
            warn(location, "presence rule key without schema", "'\(key)' is named by a rule on which keys '\(owner)' has, but has no schema; it is JSON")
            fields.append(jsonField(key, isRequired: false, taken: &taken))
        }
        return fields
    }

    /// A field for a key the description names without a schema: `JSON`, or `JSON?` when the
    /// key may be absent.
    func jsonField(_ key: String, isRequired: Bool, taken: inout Set<String>) -> ImportedField {
        let name = ImportNames.unique(ImportNames.memberName(key), in: &taken)
        return ImportedField(
            name: name, wireName: keyStyle.wireName(for: name) == key ? nil : key, type: isRequired ? .json : .json.optional, defaultValue: nil,
            docs: [], isDeprecated: false, isNullable: false, isRequired: isRequired)
    }

    /// The field that holds the keys that `additionalProperties` lets in beside the properties
    /// (OpenSearch's bulk items, Okta's `_embedded`): `[String: T] @otherKeys`, where T is what
    /// `additionalProperties` says, or `JSON` where two parts say different things.
    func otherKeysField(
        of place: DocumentLocation, besides others: ArraySlice<DocumentLocation>, owner: String, taken: inout Set<String>
    ) -> ImportedField {
        let schemaLocation = place.appending("additionalProperties")
        // `true` and `{}` say the same: any value.
        func valueSchema(at location: DocumentLocation) -> DocumentNode? {
            guard let node = try? files.node(at: location) else { return nil }
            return node == .bool(true) || node.object?.isEmpty == true ? nil : node
        }
        let schema = valueSchema(at: schemaLocation)
        var value = ImportedType.json
        if others.allSatisfy({ valueSchema(at: $0.appending("additionalProperties")) == schema }) {
            if let schema { value = type(of: schema, at: schemaLocation, hint: owner + "Value") }
        } else {
            warn(schemaLocation, "additionalProperties", "the allOf parts of '\(owner)' let in other keys of different types; they are JSON")
        }
        let name = ImportNames.unique("additionalProperties", in: &taken)
        return ImportedField(
            name: name, wireName: nil, type: .dictionary(value.isOptional ? .json : value), defaultValue: nil,
            docs: ["The keys besides the declared ones, which the description lets in (`additionalProperties`)."], isDeprecated: false,
            holdsOtherKeys: true)
    }

    /// The properties of `node` and of its `allOf` parts, each with its own place (a part may be
    /// in another file, where its `$ref`s are relative to that file).
    func collectProperties(
        of node: DocumentNode, at location: DocumentLocation, owner: String,
        into properties: inout [(key: String, node: DocumentNode, location: DocumentLocation)], required: inout Set<String>,
        open: inout [DocumentLocation], depth: Int, warns: Bool = true,
        replacing: ((_ key: String, _ earlier: DocumentNode, _ location: DocumentLocation) -> Void)? = nil
    ) {
        guard depth < 32, let (resolved, resolvedLocation) = try? files.resolve(node, at: location) else {
            if depth >= 32, warns { warn(location, "allOf", "allOf parts nested over 32 deep are left out of '\(owner)'") }
            return
        }
        for (index, part) in (resolved["allOf"]?.array ?? []).enumerated() {
            collectProperties(
                of: part, at: resolvedLocation.appending("allOf").appending(index), owner: owner, into: &properties, required: &required,
                open: &open, depth: depth + 1, warns: warns, replacing: replacing)
        }
        // An object that says it takes other keys keeps them: a schema for their values, or an
        // explicit `true` or `{}` (a tool's `input_schema`, metadata, options); absent is closed.
        if let additional = resolved["additionalProperties"], additional.object != nil || additional == .bool(true) { open.append(resolvedLocation) }
        if depth > 0 || resolved["allOf"] != nil || resolved["properties"] != nil, resolved["oneOf"] != nil || resolved["anyOf"] != nil {
            if let variants = flattenableVariants(of: resolved, at: resolvedLocation) {
                // What each variant may have, the model may have; what one requires, others need not.
                var optional: Set<String> = []
                for (variant, variantLocation) in variants {
                    collectProperties(
                        of: variant, at: variantLocation, owner: owner, into: &properties, required: &optional, open: &open, depth: depth + 1,
                        warns: warns, replacing: replacing)
                }
            } else if warns, let rule = Self.presenceRule(resolved) {
                warn(resolvedLocation, "presence rule", "'\(owner)' needs \(rule); its fields are optional and nothing checks the rule")
            } else if warns {
                warn(resolvedLocation, "allOf with oneOf", "a oneOf or anyOf inside allOf is left out of the merged model '\(owner)'")
            }
        }
        for (key, value) in resolved["properties"]?.object?.members ?? [] {
            let entry = (key: key, node: value, location: resolvedLocation.appending("properties").appending(key))
            if let earlier = properties.firstIndex(where: { $0.key == key }) {
                replacing?(key, properties[earlier].node, properties[earlier].location)
                properties[earlier] = entry
            } else {
                properties.append(entry)
            }
        }
        required.formUnion((resolved["required"]?.array ?? []).compactMap(\.string))
    }

    /// The one `allOf` part that says what the value is, when the node adds no properties and
    /// the other parts only annotate: Box writes `allOf: [{$ref: CollaborationItem},
    /// {description: …}]` to describe one use of a type, which is that type. A part that only
    /// restates the type of that part, itself or through its `$ref`, with or without
    /// `nullable`, only annotates too: Lob writes `allOf: [{$ref: bank_id_no_description.yml},
    /// {type: string, description: …}]` for its ids and `allOf: [{$ref: object.yml}, {type:
    /// string, enum: [tracking_event]}]` where `object.yml` is `{type: string, description: …}`.
    func soleMeaningfulPart(of node: DocumentNode, at location: DocumentLocation) -> Int? {
        guard let parts = node["allOf"]?.array, node["properties"] == nil, node["additionalProperties"] == nil,
            node["oneOf"] == nil, node["anyOf"] == nil
        else { return nil }
        let meaningful = parts.indices.filter { !Self.onlyAnnotates(parts[$0]) }
        if meaningful.count == 1 { return meaningful[0] }
        let resolved = meaningful.map { (try? files.resolve(parts[$0], at: location.appending("allOf").appending($0)))?.0 }
        let restating = meaningful.indices.filter { resolved[$0].map(Self.onlyStatesItsType) ?? false }
        let others = meaningful.indices.filter { !restating.contains($0) }
        guard others.count <= 1, let sole = others.first ?? restating.first, let type = resolved[sole]?["type"],
            restating.allSatisfy({ resolved[$0]?["type"] == type })
        else { return nil }
        return meaningful[sole]
    }

    /// The node without its `allOf` when every part only annotates (Box's `allOf: [{},
    /// {description: …}]`, which any value meets); nil otherwise.
    static func withoutAnnotatingAllOf(_ node: DocumentNode) -> DocumentNode? {
        guard let parts = node["allOf"]?.array, parts.allSatisfy(onlyAnnotates), let object = node.object else { return nil }
        return .object(object.removing("allOf"))
    }

    /// Whether a schema says its `type`, and beside it only annotates (`nullable` included).
    static func onlyStatesItsType(_ node: DocumentNode) -> Bool {
        guard let object = node.object, object["type"] != nil else { return false }
        return onlyAnnotates(.object(object.removing("type").removing("nullable")))
    }

    /// Whether a schema says nothing of its values' type: it only annotates (a description, a
    /// title, an example, extensions) or bounds them (a length, a range, a pattern, a count of
    /// items: DigitalOcean's `allOf: [{$ref: volume_write_file_system_label}, {maxLength: 16}]`).
    /// Courier checks no bound where it stands beside a `type` either, so such a part, or such a
    /// later definition of a key, leaves the type the others give.
    static func onlyAnnotates(_ node: DocumentNode) -> Bool {
        guard let keys = node.object?.keys else { return false }
        // `nullable` (Box's `{nullable: false}` beside a string) and a default say nothing of
        // what the value is; a part's `nullable: true` lets null in (`types(of:)`).
        return keys.allSatisfy { key in annotationKeys.contains(key) || boundKeys.contains(key) || key.hasPrefix("x-") || key == "nullable" }
    }

    /// The keys that bound a value without changing its type.
    private static let boundKeys: Set<String> = [
        "maxLength", "minLength", "pattern", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf",
        "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties",
    ]

    /// The keys of a schema that say nothing of which values it takes.
    private static let annotationKeys: Set<String> = [
        "description", "title", "example", "examples", "deprecated", "readOnly", "writeOnly", "externalDocs", "$comment", "default",
    ]

    /// A merge of `allOf`'s parts into one model; one part alone is that part's type, and an
    /// inline part that is declared takes the name meant for the merge.
    func mergedType(_ parts: [DocumentNode], of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String]) -> ImportedType {
        if let stripped = Self.withoutAnnotatingAllOf(node) {
            return Self.needsDeclaration(stripped)
                ? declaredType(of: stripped, at: location, name: name, context: .json) : type(of: stripped, at: location, hint: name)
        }
        if let narrowed = narrowedEnum(node, at: location, hint: name, named: name) { return narrowed }
        if let index = soleMeaningfulPart(of: node, at: location) {
            let part = parts[index]
            let partLocation = location.appending("allOf").appending(index)
            guard part["$ref"] == nil, Self.needsDeclaration(part) else { return type(of: part, at: partLocation, hint: name) }
            let type = declaredType(of: part, at: partLocation, name: name, context: .json)
            // The declaration stands for the whole schema, which its users name.
            declarationLocations[name] = location
            return type
        }
        if let union = distributedUnion(parts, of: node, at: location, name: name, docs: docs) { return union }
        declare(.model(name: name, docs: docs, fields: fields(of: node, at: location, owner: name), isDeprecated: node["deprecated"]?.bool == true))
        return .named(name)
    }
}
