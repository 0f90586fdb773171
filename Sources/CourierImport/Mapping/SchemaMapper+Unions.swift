import CourierSchema
import Foundation

/// `oneOf` and `anyOf`: tagged unions, by a discriminator or by a property whose one value tells
/// the variants apart, and untagged unions tried in an order that keeps values whole.
extension SchemaMapper {
    /// The union of a `oneOf` or `anyOf`'s variants, or the one variant's type with null; with
    /// a merge (an `allOf` of the union and object parts), each variant merged with the parts.
    func unionType(
        _ variants: [DocumentNode], keyword: String, of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String],
        context: Context, merging merge: UnionMerge? = nil
    ) -> ImportedType {
        var nullable = false
        var present: [(node: DocumentNode, location: DocumentLocation)] = []
        for (index, variant) in variants.enumerated() {
            if Self.isNull(variant) { nullable = true; continue }
            // A variant of several types (`{type: [string, integer]}`) is a variant per type, so
            // that its string can hold the union's documented texts.
            let (types, allowsNull) = Self.types(of: variant)
            if types.count > 1, Self.onlyStatesItsType(variant), types.allSatisfy({ $0 != "object" && $0 != "array" }) {
                nullable = nullable || allowsNull
                for type in types {
                    var single = DocumentObject()
                    single.set("type", .string(type))
                    present.append((.object(single), location.appending(keyword).appending(index)))
                }
                continue
            }
            present.append((variant, location.appending(keyword).appending(index)))
        }
        // Only null (`anyOf: [{type: "null"}]`): `JSON` holds null, and no union has no variant.
        if present.isEmpty { return .json }
        if present.count == 1 {
            // The one variant is what the union would have been, and may take its name: the
            // nullable `WaitForActiveShardOptions` is an enum of that name, not of a second one.
            let type = lendingTypeName(name) {
                variantType(present[0].node, at: present[0].location, hint: name, context: context, merging: merge)
            }
            // `JSON` holds null itself (OpenAI's `parameters: anyOf: [{type: object}, {type:
            // null}]`, required: `JSON?` would leave the key out).
            return nullable && type != .json ? type.optional : type
        }
        if merge == nil, let open = openEnum(present, of: node, at: location, name: name, docs: docs, context: context) {
            return nullable ? open.optional : open
        }
        if let tagKey = node["discriminator"]?["propertyName"]?.string ?? inferredTagKey(of: present),
            let tagged = taggedUnion(
                present, tagKey: tagKey, mapping: node["discriminator"]?["mapping"]?.object, at: location, name: name, docs: docs, merging: merge)
        {
            return nullable ? tagged.optional : tagged
        }
        // OpenAI's `AssistantStreamEvent` is a oneOf of oneOfs whose variants are each tagged by
        // `event`: the variants of them all, tagged by it, are one tagged union.
        if node["discriminator"] == nil, let inner = innerVariants(of: present), let tagKey = inferredTagKey(of: inner),
            let tagged = taggedUnion(inner, tagKey: tagKey, mapping: nil, at: location, name: name, docs: docs, merging: merge)
        {
            return nullable ? tagged.optional : tagged
        }
        var taken: Set<String> = ["unknown"]
        var chosen: [(name: String, tagValue: UnionTag?, type: ImportedType)] = []
        let constants = constantGroups(present, name: name)
        for (position, (variant, variantLocation)) in present.enumerated() {
            // A variant merged with the `allOf`'s parts is named after its component.
            let target = merge == nil ? nil : variant["$ref"]?.string.flatMap { try? files.location(of: $0, from: variantLocation) }
            let hint = target.map { name + ImportNames.typeName(Self.componentHint($0)) } ?? name + "Variant\(chosen.count + 1)"
            var type: ImportedType
            switch constants[position] {
            case .enumeration(let grouped)?: type = grouped
            case .grouped?: continue
            case nil: type = variantType(variant, at: variantLocation, hint: hint, context: context, merging: merge)
            }
            if type.isOptional {
                nullable = true
                type = type.unwrapped
            }
            if let earlier = chosen.first(where: { takesEveryValue(of: type, $0.type) }) {
                warn(variantLocation, keyword, "this variant of '\(name)' is left out: '\(earlier.name)' before it takes every value it could")
                continue
            }
            if let kind = enumKind(type), let earlier = chosen.first(where: { enumKind($0.type) == kind }) {
                warn(
                    variantLocation, keyword,
                    "this variant of '\(name)' is an enum, as '\(earlier.name)' before it is: that one reads its values as its own unknown ones, "
                        + "kept whole but not told apart; one enum of all their values would tell them apart")
            }
            chosen.append((ImportNames.unique(variantName(type), in: &taken), nil, type))
        }
        if chosen.count == 1 { return nullable ? chosen[0].type.optional : chosen[0].type }
        // A multipart part that is a file or something else (OpenAI's image edits: the file, or
        // its URL) is a union that is only sent, in the declared order.
        if context == .multipart, chosen.contains(where: { Self.isFileOrFiles($0.type) }) {
            declare(.union(name: name, docs: docs, tagKey: nil, variants: chosen))
            return nullable ? ImportedType.named(name).optional : .named(name)
        }
        declare(.union(name: name, docs: docs, tagKey: nil, variants: mostSpecificModelsFirst(chosen)))
        return nullable ? ImportedType.named(name).optional : .named(name)
    }

    /// Whether a type is an open enum of whole numbers (true) or of text (false); nil for any
    /// other type. An untagged union tries its variants in order, and such an enum takes every
    /// value of its kind, those it does not know as `unknown`.
    func enumKind(_ type: ImportedType) -> Bool? {
        guard case .named(let name) = type, case .enumeration(_, _, let isInteger, _, _)? = declarations[name] else { return nil }
        return isInteger
    }

    /// An untagged union's variants, its models reordered (in the places models hold) so that
    /// one that requires more keys is tried first: the first variant that decodes wins, and a
    /// model requiring `type` alone would take a value meant for one requiring `type` and
    /// `function`, and lose `function`.
    private func mostSpecificModelsFirst(_ variants: [(name: String, tagValue: UnionTag?, type: ImportedType)]) -> [(name: String, tagValue: UnionTag?, type: ImportedType)] {
        func requiredKeys(_ type: ImportedType) -> Int? {
            guard case .named(let model) = type, case .model(_, _, let fields, _)? = declarations[model] else { return nil }
            return fields.filter(\.isRequired).count
        }
        let slots = variants.indices.filter { requiredKeys(variants[$0].type) != nil }
        let models = slots.map { variants[$0] }.enumerated().sorted {
            (requiredKeys($0.element.type)!, -$0.offset) > (requiredKeys($1.element.type)!, -$1.offset)
        }
        var ordered = variants
        for (slot, model) in zip(slots, models) { ordered[slot] = model.element }
        return ordered
    }

    /// The variants of the `oneOf`s among `variants`, in their place (a `$ref` followed), when
    /// there are such: what a union of unions takes. Nil when no variant is a `oneOf` or
    /// `anyOf` without a discriminator.
    private func innerVariants(of variants: [(node: DocumentNode, location: DocumentLocation)]) -> [(node: DocumentNode, location: DocumentLocation)]? {
        var flat: [(node: DocumentNode, location: DocumentLocation)] = []
        var expanded = false
        for (variant, variantLocation) in variants {
            guard let (resolved, resolvedLocation) = try? files.resolve(variant, at: variantLocation),
                resolved["discriminator"] == nil, resolved["properties"] == nil, resolved["allOf"] == nil,
                let keyword = resolved["oneOf"] != nil ? "oneOf" : resolved["anyOf"] != nil ? "anyOf" : nil,
                let inner = resolved[keyword]?.array
            else {
                flat.append((variant, variantLocation))
                continue
            }
            expanded = true
            flat += inner.enumerated().map { ($0.element, resolvedLocation.appending(keyword).appending($0.offset)) }
        }
        return expanded ? flat : nil
    }

    /// A tagged union when every variant is an object, a `$ref` to one or written inline;
    /// nil otherwise. An inline variant is declared as a model named after its tag.
    private func taggedUnion(
        _ variants: [(node: DocumentNode, location: DocumentLocation)], tagKey: String, mapping: DocumentObject?, at location: DocumentLocation,
        name: String, docs: [String], merging merge: UnionMerge?
    ) -> ImportedType? {
        // A mapping may give one variant several tags (DigitalOcean's plain Droplet action is
        // `reboot`, `power_off` and seven more): each is a variant of its own.
        var tagsByTarget: [DocumentLocation: [UnionTag]] = [:]
        for (tag, target) in mapping?.members ?? [] {
            guard let reference = target.string, let targetLocation = try? files.location(of: reference, from: location) else { continue }
            tagsByTarget[targetLocation, default: []].append(.text(tag))
        }
        var taken: Set<String> = ["unknown"]
        var chosen: [(name: String, tagValue: UnionTag?, type: ImportedType)] = []
        for (variant, variantLocation) in variants {
            let target = variant["$ref"]?.string.flatMap { try? files.location(of: $0, from: variantLocation) }
            guard target != nil || variant["properties"] != nil || variant["allOf"] != nil else { return nil }
            // Without a mapping, the specification's tag is the component's name; but where the
            // variant's own tag property lists its values (OpenAI's `role: enum [developer]`),
            // those are what is sent, each a case of its own (its web search tool's `type:
            // enum [web_search, web_search_2025_08_26]`, which its name would never match).
            let known = target.flatMap { tagsByTarget[$0] } ?? values(ofProperty: tagKey, in: variant, at: variantLocation)
            let hint: String
            switch known?.count == 1 ? known?.first : nil {
            case .text(let text)?: hint = name + ImportNames.typeName(text)
            case .number(let number)?: hint = name + String(number)
            case nil: hint = name + (target.map { ImportNames.typeName(Self.componentHint($0)) } ?? known?.first.map(Self.hintText) ?? "")
            }
            guard case .named(let model) = variantType(variant, at: variantLocation, hint: hint, context: .json, merging: merge),
                case .model? = declarations[model],
                let tags = known ?? target.map({ [.text($0.tokens.last ?? model)] })
            else { return nil }
            for tag in tags {
                // A number tag names nothing: the variant is named after its model, and after
                // the number too where the model has several.
                let caseName = switch tag {
                case .text(let text): ImportNames.memberName(text)
                case .number(let number): ImportNames.memberName(model) + (tags.count > 1 ? String(number) : "")
                }
                chosen.append((ImportNames.unique(caseName, in: &taken), tag, .named(model)))
            }
        }
        let tags = chosen.compactMap(\.tagValue)
        if Set(tags).count < tags.count {
            warn(location.appending("discriminator"), "discriminator", "variants of '\(name)' share a tag value, so the tag cannot tell them apart; it is an untagged union")
            return nil
        }
        if !UnionTag.areOneKind(tags) {
            warn(
                location.appending("discriminator"), "discriminator",
                "some variants of '\(name)' are tagged by text and some by a number, which one tag cannot say; it is an untagged union")
            return nil
        }
        declare(.union(name: name, docs: docs, tagKey: tagKey, variants: chosen))
        return .named(name)
    }

    /// A tag value as part of a type name.
    private static func hintText(_ tag: UnionTag) -> String {
        switch tag {
        case .text(let text): ImportNames.typeName(text)
        case .number(let number): String(number)
        }
    }

    private func variantName(_ type: ImportedType) -> String {
        switch type {
        case .named(let name):
            switch name {
            case "String": return "string"
            case "Int", "Int32", "Int64", "UInt64": return "integer"
            case "Double", "Float": return "number"
            case "Bool": return "bool"
            case "JSON": return "json"
            default: return ImportNames.memberName(name)
            }
        case .array(let element): return variantName(element) + "List"
        case .dictionary(let value): return variantName(value) + "Map"
        case .optional(let wrapped), .nullable(let wrapped): return variantName(wrapped)
        }
    }

    /// The JSON shape of a type's values, as untagged unions tell variants apart.
    func shape(_ type: ImportedType) -> JSONShapeKind {
        switch type {
        case .array: return .array
        case .dictionary: return .object
        case .optional(let wrapped): return shape(wrapped)
        case .nullable: return .any
        case .named(let name):
            switch name {
            case "String", "UUID", "URL", "Bytes", "Date": return .string
            case "Int", "Int32", "Int64", "UInt64": return .integer
            case "Double", "Float": return .number
            case "Bool": return .bool
            case "JSON": return .any
            default:
                switch declarations[name] {
                case .enumeration(_, _, let isInteger, _, _)?: return isInteger ? .integer : .string
                case .union(_, _, nil, _)?: return .any
                default: return .object
                }
            }
        }
    }

    /// The checker's rule for shadowed variants: the same type, `JSON`, or a type that takes any
    /// value of its shape; a model only by itself, since objects go first to the models that
    /// declare their keys.
    func takesEveryValue(of later: ImportedType, _ earlier: ImportedType) -> Bool {
        if earlier == later { return true }
        if case .named(let name) = later, shape(later) == .object {
            guard case .union? = declarations[name] else { return false }
        }
        let total: Set<ImportedType> = [
            .json, .named("String"), .named("Double"), .named("Float"), .named("Bool"), .array(.json), .dictionary(.json),
        ]
        return total.contains(earlier) && shape(later).isWithin(shape(earlier))
    }
}
