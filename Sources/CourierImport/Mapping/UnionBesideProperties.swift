import Foundation

/// A schema with `properties` beside its `oneOf` or `anyOf`: every value has the properties
/// and meets one of the variants too, as `allOf: [{properties…}, {oneOf…}]` would say.
extension SchemaMapper {
    /// The type of a schema whose properties stand beside a union; nil when it has none, or an
    /// `allOf` that the merge reads instead.
    ///
    /// - Variants that only say which keys are present (GitHub's Pages body, `anyOf: [{required:
    ///   [source]}, {required: [build_type]}]`), or that add keys the others do not define
    ///   differently: one model of all the keys, as for a union inside `allOf`.
    /// - Variants that are objects (GitHub's check run body: `name` and `head_sha` beside a
    ///   `oneOf` told apart by `status`): each merged with the properties, a variant's
    ///   definition of a key refining theirs.
    /// - Variants that are not objects (Lob's `returned: oneOf: [boolean, object]`): what they
    ///   are, since properties say nothing of a value that is not an object.
    func typeOfPropertiesBesideUnion(
        _ node: DocumentNode, at location: DocumentLocation, name: String, docs: [String], context: Context
    ) -> ImportedType? {
        guard let properties = node["properties"]?.object, !properties.isEmpty, node["allOf"] == nil, let object = node.object,
            let keyword = node["oneOf"] != nil ? "oneOf" : node["anyOf"] != nil ? "anyOf" : nil, let variants = node[keyword]?.array
        else { return nil }
        if flattenableVariants(of: node, at: location) != nil || Self.presenceRule(node) != nil {
            let fields = fields(of: node, at: location, owner: name, context: context)
            declare(.model(name: name, docs: docs, fields: fields, isDeprecated: node["deprecated"]?.bool == true))
            return .named(name)
        }
        // Properties say nothing of a value that is not an object.
        guard variants.indices.contains(where: { isObjectVariant(variants[$0], at: location.appending(keyword).appending($0)) }) else { return nil }
        let base = DocumentNode.object(object.removing("oneOf").removing("anyOf").removing("discriminator"))
        let merge = UnionMerge(
            parts: [(base, location)], location: location, name: name, partsFirst: true, tagKey: node["discriminator"]?["propertyName"]?.string)
        return unionType(variants, keyword: keyword, of: node, at: location, name: name, docs: docs, context: context, merging: merge)
    }
}
