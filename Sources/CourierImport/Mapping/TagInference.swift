import Foundation

/// What deciding a union's tag needs of one variant: its properties as its `allOf` parts merge
/// them, the keys it requires, and, found when first asked, the values a property allows.
/// A component is a variant of many unions (OpenAI's events are in dozens), so the mapper finds
/// this once per component.
final class VariantFacts {
    let properties: [(key: String, node: DocumentNode, location: DocumentLocation)]
    /// The required keys that are properties, in the order of the properties.
    let requiredKeys: [String]
    private var allowedValues: [String: [UnionTag]?] = [:]

    init(properties: [(key: String, node: DocumentNode, location: DocumentLocation)], required: Set<String>) {
        self.properties = properties
        self.requiredKeys = properties.map(\.key).filter { required.contains($0) }
    }

    /// The values the property `key` can have (`enum: [x, y]` or `const: x`), in order, if it
    /// lists them and each is text or a whole number; nil otherwise.
    func values(ofProperty key: String, files: DescriptionFiles) -> [UnionTag]? {
        if let known = allowedValues[key] { return known }
        var values: [UnionTag]?
        if let property = properties.first(where: { $0.key == key }), let (resolved, _) = try? files.resolve(property.node, at: property.location),
            let listed = resolved["const"].map({ [$0] }) ?? resolved["enum"]?.array, !listed.isEmpty
        {
            let tags = listed.compactMap { value -> UnionTag? in
                switch value {
                case .string(let text): .text(text)
                case .number: value.integer.map(UnionTag.number)
                default: nil
                }
            }
            values = tags.count == listed.count ? tags : nil
        }
        allowedValues[key] = values
        return values
    }

}

extension SchemaMapper {
    /// The tag of a union that names none: a property that every variant requires and lists
    /// the values of, no value in two variants, all text or all whole numbers (OpenAI's `type:
    /// enum [function]` beside `type: enum [file_search]`; Discord's `type: enum [2]` beside
    /// `type: enum [8]`, and its interaction callbacks' `type: enum [4, 5]` beside `enum [9]`).
    /// Decoding by it cannot pick the wrong variant, as trying each in turn can when an earlier
    /// variant's fields are all in a later one's value.
    func inferredTagKey(of variants: [(node: DocumentNode, location: DocumentLocation)]) -> String? {
        // Each variant an object: a `$ref`, or written in place with properties or `allOf` parts
        // (Lob's creatives: `allOf: [{properties: {resource_type: enum [letter]}}, creative_base]`).
        let areObjects = variants.allSatisfy { $0.node["$ref"] != nil || $0.node["properties"] != nil || $0.node["allOf"] != nil }
        guard variants.count > 1, areObjects else { return nil }
        let each = variants.map { facts(of: $0.node, at: $0.location) }
        var candidates = each[0].requiredKeys
        for variant in each.dropFirst() { candidates = candidates.filter(variant.requiredKeys.contains) }
        return candidates.first { key in
            let lists = each.map { $0.values(ofProperty: key, files: files) }
            guard lists.allSatisfy({ $0 != nil }) else { return false }
            let tags = lists.flatMap { $0 ?? [] }
            return Set(tags).count == tags.count && UnionTag.areOneKind(tags)
        }
    }

    /// The values a variant's property can have (`enum: [x, y]` or `const: x`), if it lists them.
    func values(ofProperty key: String, in node: DocumentNode, at location: DocumentLocation) -> [UnionTag]? {
        facts(of: node, at: location).values(ofProperty: key, files: files)
    }

    /// The facts of a variant, kept per component when the variant is a `$ref`.
    private func facts(of node: DocumentNode, at location: DocumentLocation) -> VariantFacts {
        let component = node["$ref"]?.string.flatMap { try? files.location(of: $0, from: location) }
        if let component, let known = variantFacts[component] { return known }
        var properties: [(key: String, node: DocumentNode, location: DocumentLocation)] = []
        var required: Set<String> = []
        var ignored: [DocumentLocation] = []
        collectProperties(of: node, at: location, owner: "", into: &properties, required: &required, open: &ignored, depth: 0, warns: false)
        let facts = VariantFacts(properties: properties, required: required)
        if let component { variantFacts[component] = facts }
        return facts
    }
}
