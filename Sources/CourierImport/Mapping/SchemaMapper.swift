import CourierSchema
import Foundation

/// Turns the description's JSON Schemas into schema types, declaring a model, enum or union
/// for each object, enum and `oneOf` it meets, once, named after its component or its place.
final class SchemaMapper {
    /// Where a schema is used, which decides how `format: binary` is read.
    enum Context { case json, multipart }

    /// A schema's place in the description, and how it is read there.
    struct InlinePlace: Hashable {
        var location: DocumentLocation
        var context: Context
    }

    let files: DescriptionFiles
    let keyStyle: KeyStyle
    let apiName: String
    /// What is declared, by name; set by the mapping and its last pass (`flattenNestedUnions`).
    var declarations: [String: ImportedDeclaration] = [:]
    /// Where in the description each declaration comes from.
    var declarationLocations: [String: DocumentLocation] = [:]
    /// Declaration names in the order they were declared.
    private(set) var order: [String] = []
    /// The names in `order`, to ask whether one is there without a walk through it.
    private var ordered: Set<String> = []
    private(set) var warnings: [ImportWarning] = []
    private var takenTypeNames: Set<String> = []
    private var componentTypes: [DocumentLocation: ImportedType] = [:]
    /// The types declared for schemas written in place (not components), by place and context:
    /// a place met again is the same type, declared once. A derived model's `allOf` takes its
    /// base's properties, a union of unions takes another union's variants, and operations share
    /// a request body or response by `$ref`: each would otherwise declare the same type again.
    var inlineTypes: [InlinePlace: ImportedType] = [:]
    /// The enums written in place more than once, found before the mapping (`SharedEnums`), and
    /// the type each shape was declared as where it was met first.
    let sharedEnums: SharedEnums
    var enumsByShape: [SharedEnums.Shape: ImportedType] = [:]
    /// The components being mapped, innermost last, and those of them used inside themselves.
    private var mapping: [String] = []
    private var selfReferences: Set<String> = []
    /// The components that name another type (`Pets: {type: array, items: …}`) and are being
    /// mapped, with the depth of `mapping` when each began: one met again inside itself at the
    /// same depth contains itself with no declaration between.
    private var aliasesInProgress: [DocumentLocation: Int] = [:]
    /// What deciding a union's tag found of each component used as a variant (`TagInference`).
    var variantFacts: [DocumentLocation: VariantFacts] = [:]

    init(files: DescriptionFiles, keyStyle: KeyStyle, apiName: String) {
        self.files = files
        self.keyStyle = keyStyle
        self.apiName = apiName
        takenTypeNames = SchemaCompiler.unavailableTypeNames.union([apiName + "API"])
        sharedEnums = SharedEnums(root: files.rootNode)
    }

    func warn(_ location: DocumentLocation, _ construct: String, _ message: String) {
        // An error of the reader passed on names its place already: the warning names it once.
        let place = location.pointer + ": "
        let message = message.hasPrefix(place) ? String(message.dropFirst(place.count)) : message
        warnings.append(ImportWarning(location: location, message: message, construct: construct))
    }

    /// A fresh type name from `hint`: its capitalised words, prefixed with the API's name when
    /// Swift or the runtime has it (`Error` → `PetstoreError`).
    func reserveTypeName(_ hint: String) -> String {
        var base = ImportNames.typeName(hint)
        if SchemaCompiler.unavailableTypeNames.contains(base) { base = ImportNames.typeName(apiName) + base }
        return ImportNames.unique(base, in: &takenTypeNames)
    }

    /// What `body` returns, with `name` free to be reserved while it runs: a union of one
    /// variant lends its reserved name to that variant. The name stays taken afterwards.
    func lendingTypeName<T>(_ name: String, to body: () -> T) -> T {
        takenTypeNames.remove(name)
        defer { takenTypeNames.insert(name) }
        return body()
    }

    func declare(_ declaration: ImportedDeclaration) {
        placeInOrder(declaration.name)
        declarations[declaration.name] = declaration
    }

    /// Gives a name its place in the files, once: the first time it is met.
    func placeInOrder(_ name: String) {
        if ordered.insert(name).inserted { order.append(name) }
    }

    // MARK: - Types

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
    private func componentType(at location: DocumentLocation, context: Context) throws -> ImportedType {
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

    private func newComponentType(_ node: DocumentNode, at location: DocumentLocation, resolved: DocumentLocation, context: Context) throws -> ImportedType {
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
    private func propertyOwner(_ propertyLocation: DocumentLocation, in location: DocumentLocation, owner: String, model: String) -> String {
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

    private func nonNullType(of node: DocumentNode, types: [String], at location: DocumentLocation, hint: String, context: Context) -> ImportedType {
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
    private func typeListType(of node: DocumentNode, types: [String], at location: DocumentLocation, hint: String, context: Context) -> ImportedType {
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

    // MARK: - Models

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
    private func jsonField(_ key: String, isRequired: Bool, taken: inout Set<String>) -> ImportedField {
        let name = ImportNames.unique(ImportNames.memberName(key), in: &taken)
        return ImportedField(
            name: name, wireName: keyStyle.wireName(for: name) == key ? nil : key, type: isRequired ? .json : .json.optional, defaultValue: nil,
            docs: [], isDeprecated: false, isNullable: false, isRequired: isRequired)
    }

    /// The field that holds the keys that `additionalProperties` lets in beside the properties
    /// (OpenSearch's bulk items, Okta's `_embedded`): `[String: T] @otherKeys`, where T is what
    /// `additionalProperties` says, or `JSON` where two parts say different things.
    private func otherKeysField(
        of place: DocumentLocation, besides others: ArraySlice<DocumentLocation>, owner: String, taken: inout Set<String>
    ) -> ImportedField {
        let schemaLocation = place.appending("additionalProperties")
        let schema = try? files.node(at: schemaLocation)
        var value = ImportedType.json
        if others.allSatisfy({ (try? files.node(at: $0.appending("additionalProperties"))) == schema }) {
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
        if let additional = resolved["additionalProperties"], additional.object.map({ !$0.isEmpty }) == true { open.append(resolvedLocation) }
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
    private func mergedType(_ parts: [DocumentNode], of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String]) -> ImportedType {
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

    // MARK: - Enums

    /// One value of an enum, with the name, description and deprecation a `oneOf` of `const`s
    /// gives it.
    struct EnumValue {
        var value: DocumentNode
        var title: String?
        var docs: [String] = []
        var isDeprecated = false
    }

    /// The values of a `oneOf` whose every variant is documented values: one constant (Discord's
    /// `MessageComponentTypes`: `oneOf: [{title: ACTION_ROW, description: …, const: 1}, …]`, the
    /// way JSON Schema documents an enum's values) or an enum of several (OpenSearch's
    /// `CalendarInterval`: `{title: minute, enum: [minute, 1m]}`, …); nil for any other `oneOf`.
    static func documentedConstants(_ variants: [DocumentNode]) -> [EnumValue]? {
        var values: [EnumValue] = []
        for variant in variants {
            guard let documented = documentedValues(variant) else { return nil }
            values += documented
        }
        // One enum alone is that enum, its description the enum's own.
        return values.isEmpty || variants.count == 1 && values.count > 1 ? nil : values
    }

    /// The values of a variant that only lists them: a `const`, or an `enum` of text or numbers,
    /// annotated at most by a title, a description, its type, a deprecation, examples, a default
    /// (which a variant cannot give the union) and extensions (OpenSearch's `x-version-added`).
    /// The title names a constant's case; the description documents each value.
    static func documentedValues(_ variant: DocumentNode) -> [EnumValue]? {
        let annotations: Set<String> = ["title", "description", "type", "deprecated", "const", "enum", "example", "examples", "default"]
        guard let members = variant.object?.members, members.allSatisfy({ annotations.contains($0.key) || $0.key.hasPrefix("x-") }) else { return nil }
        let listed: [DocumentNode]
        if let constant = variant["const"] {
            listed = [constant]
        } else if let values = variant["enum"]?.array, !values.isEmpty {
            listed = values
        } else {
            return nil
        }
        guard listed.allSatisfy({ if case .string = $0 { true } else if case .number = $0 { true } else { false } }) else { return nil }
        let docs = ImportDocs.lines(nil, variant["description"]?.string)
        let title = listed.count == 1 ? variant["title"]?.string : nil
        let isDeprecated = variant["deprecated"]?.bool == true
        return listed.map { EnumValue(value: $0, title: title, docs: docs, isDeprecated: isDeprecated) }
    }

    /// A case's name made from its wire value, the case being the `position`th of its enum:
    /// `powerOff` for `power_off`, `value4` for 4, `minus1` for -1, `value3` for a text with no
    /// letters or digits.
    static func caseName(for value: String, isInteger: Bool, position: Int) -> String {
        if isInteger { return value.hasPrefix("-") ? "minus" + value.dropFirst() : "value" + value }
        return value.isEmpty || ImportNames.words(value).isEmpty ? "value\(position + 1)" : ImportNames.memberName(value)
    }

    func enumType(_ values: [EnumValue], of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String]) -> ImportedType {
        var present = values.filter { $0.value != .null }
        if Self.types(of: node).types == ["string"] {
            // The schema decides: in a string enum, an unquoted YAML `true` or `1` is the text.
            present = present.map { EnumValue(value: Self.text(of: $0.value), title: $0.title, docs: $0.docs, isDeprecated: $0.isDeprecated) }
        }
        var seen: Set<DocumentNode> = []
        present = present.filter { entry in
            if seen.insert(entry.value).inserted { return true }
            warn(location.appending("enum"), "enum", "the value \(Self.display(entry.value)) is listed twice in the enum '\(name)'; it is one case")
            return false
        }
        let strings = present.compactMap(\.value.string)
        let integers = present.compactMap { entry -> String? in
            entry.value.integer.map(String.init)
        }
        var taken: Set<String> = ["unknown"]
        /// A case's name: its title, where the description gives one, else made from the value.
        func caseName(_ entry: EnumValue, made: String) -> String {
            guard let title = entry.title, !ImportNames.words(title).isEmpty else { return ImportNames.unique(made, in: &taken) }
            return ImportNames.unique(ImportNames.memberName(title), in: &taken)
        }
        let isInteger: Bool
        let wireValues: [String]
        if strings.count == present.count {
            (isInteger, wireValues) = (false, strings)
        } else if integers.count == present.count {
            (isInteger, wireValues) = (true, integers)
        } else {
            warn(location, "enum", "an enum of mixed or non-integer values becomes its value type")
            let plain = (node.object ?? DocumentObject()).removing("enum").removing("oneOf").removing("anyOf")
            return nonNullType(of: .object(plain), types: Self.types(of: node).types, at: location, hint: name, context: .json)
        }
        let cases = zip(present, wireValues).enumerated().map { index, pair -> ImportedEnumCase in
            let (entry, value) = pair
            let made = Self.caseName(for: value, isInteger: isInteger, position: index)
            return ImportedEnumCase(name: caseName(entry, made: made), value: value, docs: entry.docs, isDeprecated: entry.isDeprecated)
        }
        declare(.enumeration(name: name, docs: docs, isInteger: isInteger, cases: cases, isDeprecated: node["deprecated"]?.bool == true))
        return .named(name)
    }

    // MARK: - Defaults

    /// A default value as schema text, when it fits the type.
    func literal(_ value: DocumentNode?, for type: ImportedType) -> String? {
        guard let value, case .named(let name) = type else { return nil }
        switch (name, value) {
        case ("String", .string(let text)):
            return SchemaText.quoted(text)
        case ("UInt64", .number):
            return value.integer.flatMap { $0 >= 0 ? String($0) : nil }
        case ("Int", .number), ("Int64", .number):
            return value.integer.map(String.init)
        case ("Int32", .number):
            return value.integer.flatMap { Int32(exactly: $0) }.map(String.init)
        case ("Double", .number(let text)), ("Float", .number(let text)):
            return Double(text)?.isFinite == true ? text : nil
        case ("Bool", .bool(let flag)):
            return flag ? "true" : "false"
        case ("Bool", .string(let text)) where Self.yaml11Booleans[text] != nil:
            // YAML 1.1's `yes`/`no`, which YAML 1.2 reads as text, where the schema says boolean.
            return Self.yaml11Booleans[text]! ? "true" : "false"
        default:
            guard case .enumeration(_, _, let isInteger, let cases, _)? = declarations[name] else { return nil }
            let wanted: String?
            switch value {
            case .string(let text) where !isInteger: wanted = text
            case .number where isInteger: wanted = value.integer.map(String.init)
            default: wanted = nil
            }
            return cases.first { $0.value == wanted }?.name
        }
    }
}

extension SchemaMapper {
    /// The words YAML 1.1 reads as booleans and YAML 1.2 as text.
    static let yaml11Booleans: [String: Bool] = Dictionary(uniqueKeysWithValues:
        ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].map { ($0, true) } + ["n", "N", "no", "No", "NO", "off", "Off", "OFF"].map { ($0, false) })

    /// A value as a warning shows it: text quoted, numbers and flags as written.
    static func display(_ value: DocumentNode) -> String {
        switch value {
        case .string(let text): return SchemaText.quoted(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array, .object: return "a structured value"
        }
    }

    /// A scalar as the text it was written as, for a schema that says `string`.
    static func text(of value: DocumentNode) -> DocumentNode {
        switch value {
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .number(let text): return .string(text)
        default: return value
        }
    }
}

extension DocumentObject {
    /// The object without `key`.
    func removing(_ key: String) -> DocumentObject {
        var result = DocumentObject()
        for (member, value) in members where member != key { result.set(member, value) }
        return result
    }
}
