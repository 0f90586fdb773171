import Foundation

/// Which of several definitions of one key (in the `allOf` parts of a schema) says most of its
/// values: every value meets them all, so the one that says at least what each of the others
/// says describes it alone.
extension SchemaMapper {
    /// Whether `refining` says at least what `other` says of a value: the same types or fewer
    /// (`integer` within `number`), the same `format`, an `enum` within the other's, every key
    /// the other describes, items that refine the other's items. GitHub's issue events restate
    /// the issue's `user` (22 keys, URLs as `format: uri`) as an object of 18 plain strings,
    /// and its `milestone` as `{type: object}`: the first definitions refine the later ones.
    func refines(
        _ refining: (node: DocumentNode, location: DocumentLocation), _ other: (node: DocumentNode, location: DocumentLocation), depth: Int = 0
    ) -> Bool {
        guard depth < 8, let (node, location) = try? files.resolve(refining.node, at: refining.location),
            let (otherNode, otherLocation) = try? files.resolve(other.node, at: other.location)
        else { return false }
        if node == otherNode || Self.onlyAnnotates(otherNode) { return true }
        // A union says too much in too many ways to weigh here.
        for union in ["oneOf", "anyOf"] where node[union] != nil || otherNode[union] != nil { return false }
        let otherTypes = Set(Self.kinds(of: otherNode))
        if !otherTypes.isEmpty {
            let types = Self.kinds(of: node)
            guard !types.isEmpty, types.allSatisfy({ otherTypes.contains($0) || ($0 == "integer" && otherTypes.contains("number")) }) else { return false }
        }
        if let format = otherNode["format"], node["format"] != format { return false }
        if let values = otherNode["enum"]?.array {
            guard let own = node["enum"]?.array, own.allSatisfy(values.contains) else { return false }
        }
        let otherKeys = Set(properties(of: otherNode, at: otherLocation).map(\.key))
        if !otherKeys.isEmpty, !otherKeys.isSubset(of: Set(properties(of: node, at: location).map(\.key))) { return false }
        if let additional = otherNode["additionalProperties"], additional != .bool(true), additional != .object(DocumentObject()),
            node["additionalProperties"] != additional
        {
            return false
        }
        if let items = otherNode["items"] {
            guard let own = node["items"], refines((own, location.appending("items")), (items, otherLocation.appending("items")), depth: depth + 1)
            else { return false }
        }
        return true
    }

    /// The JSON types a schema allows besides `null`: its `type`s, or `object` for one that
    /// describes keys without saying its type (an `allOf` of models).
    private static func kinds(of node: DocumentNode) -> [String] {
        let types = types(of: node).types
        return types.isEmpty && describesObject(node) ? ["object"] : types
    }
}
