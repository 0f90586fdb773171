import Foundation

/// The object parts of an `allOf` that its union's variants are each merged with.
struct UnionMerge {
    /// The object parts, each at its place.
    var parts: [(node: DocumentNode, location: DocumentLocation)]
    /// The place of the `allOf`, whose types written in place are named after `name`.
    var location: DocumentLocation
    /// The name of the union the `allOf` becomes.
    var name: String
    /// Whether the parts come before the variant, so that a variant's definition of a key
    /// refines theirs: the properties written beside a `oneOf` are what its variants narrow.
    var partsFirst = false
    /// The discriminator's key, which the union writes itself: a part that defines only it
    /// adds nothing to a variant.
    var tagKey: String?
}

extension SchemaMapper {
    /// Whether a schema allows null and nothing else (`{type: "null"}`), as a union's variant.
    static func isNull(_ node: DocumentNode) -> Bool {
        types(of: node).types.isEmpty && node["type"] != nil && node["$ref"] == nil
    }

    /// The properties of a schema and of its `allOf` parts, without warnings: what it describes.
    func properties(of node: DocumentNode, at location: DocumentLocation) -> [(key: String, node: DocumentNode, location: DocumentLocation)] {
        var properties: [(key: String, node: DocumentNode, location: DocumentLocation)] = []
        var required: Set<String> = []
        var open: [DocumentLocation] = []
        collectProperties(of: node, at: location, owner: "", into: &properties, required: &required, open: &open, depth: 1, warns: false)
        return properties
    }

    /// Whether a schema is an object of any keys and says nothing more of them: no properties,
    /// and `additionalProperties: {}` or `true`.
    static func isFreeFormObject(_ node: DocumentNode) -> Bool {
        guard node["properties"] == nil, node["allOf"] == nil, !isUnion(node), types(of: node).types.allSatisfy({ $0 == "object" }) else { return false }
        switch node["additionalProperties"] {
        case .bool(true)?: return true
        case .object(let object)?: return object.isEmpty
        default: return false
        }
    }

    /// Whether a schema describes an object's keys, itself or through `allOf` parts, and is no
    /// union: what becomes a model.
    static func describesObject(_ node: DocumentNode) -> Bool {
        !isUnion(node) && (node["properties"] != nil || node["allOf"] != nil)
    }

    /// Whether a schema is a union and only that: a `oneOf` or `anyOf` without properties or
    /// `allOf` beside it.
    static func isUnion(_ node: DocumentNode) -> Bool {
        (node["oneOf"] != nil || node["anyOf"] != nil) && node["properties"] == nil && node["allOf"] == nil
    }

    /// An `allOf` whose parts are unions, or one union and objects; nil for any other `allOf`.
    ///
    /// - One union and object parts (InfluxDB's `allOf: [CheckDiscriminator, {properties: {kind,
    ///   …}}]`, OpenAI's `allOf: [anyOf: [50 events], {properties: {stream_id}}]`): a value is one
    ///   of the variants and has the parts' properties too, so it is the union of each variant
    ///   merged with the parts, tagged as the union is.
    /// - Only unions (OpenSearch's `allOf: [Buckets, {oneOf: [map of AdjacencyMatrixBucket, array
    ///   of them]}]`, where `Buckets` holds any bucket): every value meets each, so it is read as
    ///   the one that says most.
    func distributedUnion(_ parts: [DocumentNode], of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String]) -> ImportedType? {
        guard node["properties"] == nil, node["additionalProperties"] == nil, node["oneOf"] == nil, node["anyOf"] == nil else { return nil }
        var unions: [(part: DocumentNode, location: DocumentLocation, resolved: DocumentNode, resolvedLocation: DocumentLocation)] = []
        var objects: [(node: DocumentNode, location: DocumentLocation)] = []
        for (index, part) in parts.enumerated() where !Self.onlyAnnotates(part) {
            let partLocation = location.appending("allOf").appending(index)
            guard let (resolved, resolvedLocation) = try? files.resolve(part, at: partLocation) else { return nil }
            if Self.isUnion(resolved) {
                unions.append((part, partLocation, resolved, resolvedLocation))
            } else if Self.describesObject(resolved) {
                objects.append((part, partLocation))
            } else if !Self.onlyStatesItsType(resolved) {
                return nil
            }
        }
        if unions.count == 1, !objects.isEmpty, flattenableVariants(of: unions[0].resolved, at: unions[0].resolvedLocation) == nil {
            let union = unions[0]
            let keyword = union.resolved["oneOf"] != nil ? "oneOf" : "anyOf"
            guard let variants = union.resolved[keyword]?.array, variants.indices.allSatisfy({ isObjectOrNull(variants[$0], at: union.resolvedLocation.appending(keyword).appending($0)) })
            else { return nil }
            let merge = UnionMerge(parts: objects, location: location, name: name)
            return unionType(variants, keyword: keyword, of: union.resolved, at: union.resolvedLocation, name: name, docs: docs, context: .json, merging: merge)
        }
        if unions.count > 1, objects.isEmpty { return narrowestUnion(unions.map { ($0.part, $0.location) }, at: location, name: name) }
        return nil
    }

    /// The type of a union's variant; with a merge, a model of the variant's fields and the
    /// merged parts' together, named after the variant.
    func variantType(_ variant: DocumentNode, at location: DocumentLocation, hint: String, context: Context, merging merge: UnionMerge?) -> ImportedType {
        // Only objects have keys: a variant of another type (Lob's `returned: oneOf: [boolean,
        // object]` beside properties) is what it is.
        guard let merge, isObjectVariant(variant, at: location), !merge.partsFirst || mergeAdds(merge, to: variant, at: location) else {
            return type(of: variant, at: location, hint: hint, context: context)
        }
        // No place in the description is this model's alone: the variant's place holds values
        // without the parts' keys.
        let name = reserveTypeName(hint)
        placeInOrder(name)
        let resolved = (try? files.resolve(variant, at: location))?.node ?? variant
        let docs = ImportDocs.lines(ImportDocs.title(resolved["title"]?.string, of: name), resolved["description"]?.string)
        let parts = merge.partsFirst ? merge.parts + [(variant, location)] : [(variant, location)] + merge.parts
        let fields = fields(ofParts: parts, place: merge.location, placeName: merge.name, owner: name)
        declare(.model(name: name, docs: docs, fields: fields, isDeprecated: resolved["deprecated"]?.bool == true))
        return .named(name)
    }

    /// Whether parts that a variant refines add to it: a key it does not define or require,
    /// or keys of its own choosing; the tag, which the union writes, aside. Okta's
    /// `OrgContactTypeObj` writes beside its variants the `contactType` that each of them
    /// defines, its `SamlAttributeStatement` only its tag: each variant is itself, no new model.
    private func mergeAdds(_ merge: UnionMerge, to variant: DocumentNode, at location: DocumentLocation) -> Bool {
        func keys(of node: DocumentNode, at location: DocumentLocation) -> (defined: Set<String>, required: Set<String>, open: Bool) {
            var properties: [(key: String, node: DocumentNode, location: DocumentLocation)] = []
            var required: Set<String> = []
            var open: [DocumentLocation] = []
            collectProperties(of: node, at: location, owner: "", into: &properties, required: &required, open: &open, depth: 1, warns: false)
            return (Set(properties.map(\.key)), required, !open.isEmpty)
        }
        let own = keys(of: variant, at: location)
        let tag = Set(merge.tagKey.map { [$0] } ?? [])
        return merge.parts.contains { part in
            let added = keys(of: part.node, at: part.location)
            return !added.defined.subtracting(tag).isSubset(of: own.defined) || !added.required.subtracting(tag).isSubset(of: own.required)
                || (added.open && !own.open)
        }
    }

    /// Whether a schema is a map and nothing more: no properties, and `additionalProperties`
    /// that says what its values are.
    static func isMapOnly(_ node: DocumentNode) -> Bool {
        guard node["properties"] == nil, node["allOf"] == nil, !isUnion(node), types(of: node).types.allSatisfy({ $0 == "object" }),
            case .object(let values)? = node["additionalProperties"]
        else { return false }
        return !values.isEmpty
    }

    /// Whether a union's variant is an object: with properties, or of `type: object`.
    func isObjectVariant(_ variant: DocumentNode, at location: DocumentLocation) -> Bool {
        guard let resolved = (try? files.resolve(variant, at: location))?.node else { return false }
        return Self.describesObject(resolved) || Self.types(of: resolved).types == ["object"]
    }

    /// Whether a union's variant is an object with properties (a model), or null.
    private func isObjectOrNull(_ variant: DocumentNode, at location: DocumentLocation) -> Bool {
        if Self.isNull(variant) { return true }
        return (try? files.resolve(variant, at: location)).map { Self.describesObject($0.node) } ?? false
    }

    /// The type of an `allOf` of unions: the one written in place when the others are `$ref`s,
    /// or the last; with a warning when the others' types are not all wider than it.
    private func narrowestUnion(_ unions: [(part: DocumentNode, location: DocumentLocation)], at location: DocumentLocation, name: String) -> ImportedType? {
        let inPlace = unions.indices.filter { unions[$0].part["$ref"] == nil }
        guard inPlace.count <= 1 else { return nil }
        let chosen = inPlace.first ?? unions.count - 1
        let others = unions.indices.filter { $0 != chosen }.map { type(of: unions[$0].part, at: unions[$0].location, hint: name) }
        let (part, partLocation) = unions[chosen]
        let chosenType = part["$ref"] == nil ? declaredType(of: part, at: partLocation, name: name, context: .json) : type(of: part, at: partLocation, hint: name)
        if !others.allSatisfy({ isWithin(chosenType, $0) }) {
            warn(
                location.appending("allOf"), "allOf with oneOf",
                "'\(name)' is read as its part \(chosen), a union; what its other unions say of the value is left out")
        }
        return chosenType
    }

    /// Whether every value of `narrow` is a value of `wide`, as far as the types tell: `JSON`
    /// takes any value, lists and maps compare their elements, a union takes what its variants
    /// take.
    func isWithin(_ narrow: ImportedType, _ wide: ImportedType) -> Bool {
        if narrow == wide || wide == .json { return true }
        switch (narrow, wide) {
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)), (.optional(let a), .optional(let b)),
            (.nullable(let a), .nullable(let b)):
            return isWithin(a, b)
        case (_, .optional(let b)), (_, .nullable(let b)):
            return isWithin(narrow, b)
        default:
            break
        }
        if case .named(let name) = narrow, case .union(_, _, _, let variants)? = declarations[name] {
            return variants.allSatisfy { isWithin($0.type, wide) }
        }
        if case .named(let name) = wide, case .union(_, _, _, let variants)? = declarations[name] {
            return variants.contains { isWithin(narrow, $0.type) }
        }
        return false
    }
}

extension SchemaMapper {
    /// The variants of a union inside an `allOf`, when the model can hold each of them as its
    /// own fields: every variant is an object, and a key that two of them describe, they
    /// describe alike (OpenSearch's `MetricAggregationBase`, `anyOf: [{field}, {script}]`, and
    /// its `AggregationContainer`, a `oneOf` of 70 objects each with a key of its own). The
    /// model takes the properties of them all, each optional; a value keeps every key it has.
    /// Nil when variants describe a key differently, as a tag does (`type: enum [a]` beside
    /// `type: enum [b]`): such a union is distributed over the `allOf` instead.
    func flattenableVariants(of union: DocumentNode, at location: DocumentLocation) -> [(node: DocumentNode, location: DocumentLocation)]? {
        guard union["discriminator"] == nil, let keyword = union["oneOf"] != nil ? "oneOf" : union["anyOf"] != nil ? "anyOf" : nil,
            let variants = union[keyword]?.array
        else { return nil }
        var described: [String: (node: DocumentNode, file: URL)] = [:]
        var flat: [(node: DocumentNode, location: DocumentLocation)] = []
        for (index, variant) in variants.enumerated() {
            let variantLocation = location.appending(keyword).appending(index)
            if Self.isNull(variant) { continue }
            guard let (resolved, _) = try? files.resolve(variant, at: variantLocation), Self.describesObject(resolved) else { return nil }
            for property in properties(of: variant, at: variantLocation) {
                // Alike: the same schema, and a `$ref` in it read from the same file.
                if let earlier = described[property.key], earlier.node != property.node || earlier.file != property.location.file { return nil }
                described[property.key] = (property.node, property.location.file)
            }
            flat.append((variant, variantLocation))
        }
        return flat.isEmpty ? nil : flat
    }
}

extension SchemaMapper {
    /// A union of `required` lists alone, as words (`` `city` and `state`, or `zip_code` ``; a
    /// `oneOf`: `` either `before`, or `after` (only one) ``):
    /// a rule on which keys are present (Lob's addresses, DigitalOcean's firewalls), which the
    /// model's fields hold all of. Nil for any other union.
    static func presenceRule(_ union: DocumentNode) -> String? {
        guard let variants = (union["oneOf"] ?? union["anyOf"])?.array, !variants.isEmpty else { return nil }
        var sets: [String] = []
        for variant in variants {
            guard let object = variant.object, let keys = variant["required"]?.array?.compactMap(\.string), !keys.isEmpty,
                onlyAnnotates(.object(object.removing("required").removing("type")))
            else { return nil }
            sets.append(keys.map { "`\($0)`" }.joined(separator: " and "))
        }
        return union["oneOf"] != nil ? "either " + sets.joined(separator: ", or ") + " (only one)" : sets.joined(separator: ", or ")
    }
}

extension SchemaMapper {
    /// The keys that the presence rules in a schema's `allOf` parts name.
    func presenceRuleKeys(of node: DocumentNode, at location: DocumentLocation, depth: Int) -> Set<String> {
        guard depth < 32, let (resolved, resolvedLocation) = try? files.resolve(node, at: location) else { return [] }
        var keys: Set<String> = []
        for (index, part) in (resolved["allOf"]?.array ?? []).enumerated() {
            keys.formUnion(presenceRuleKeys(of: part, at: resolvedLocation.appending("allOf").appending(index), depth: depth + 1))
        }
        if Self.presenceRule(resolved) != nil {
            for variant in (resolved["oneOf"] ?? resolved["anyOf"])?.array ?? [] { keys.formUnion(variant["required"]?.array?.compactMap(\.string) ?? []) }
        }
        return keys
    }
}
