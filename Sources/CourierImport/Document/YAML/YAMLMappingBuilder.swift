/// Collects a YAML mapping's entries: keys must be scalars and unique, and `<<` merges the
/// entries of other mappings (a YAML 1.1 type that API descriptions use) under the own ones.
struct MappingBuilder {
    private var object = DocumentObject()
    private var merges: [DocumentNode] = []

    /// Adds an entry; `token` is where it starts, for errors.
    mutating func add(_ key: YAMLParser.Composed, _ value: DocumentNode, at token: YAMLToken) throws(DocumentError) {
        guard let text = key.keyText else {
            if case .null = key.node {
                throw YAMLParser.error("this mapping key is empty; Courier reads mappings whose keys are text", at: token)
            }
            throw YAMLParser.error("this mapping key is a collection; Courier reads mappings whose keys are text", at: token)
        }
        if text == "<<", case .string = key.node, key.isPlain {
            guard value.object != nil || value.array?.allSatisfy({ $0.object != nil }) == true else {
                throw YAMLParser.error("'<<' merges a mapping or a sequence of mappings", at: token)
            }
            merges.append(value)
            return
        }
        guard object.set(text, value) else {
            throw YAMLParser.error("the key '\(text)' appears twice in this mapping", at: token)
        }
    }

    /// The mapping, with merged entries after the own ones.
    func finish() -> DocumentObject {
        var result = object
        for merge in merges {
            for source in merge.array ?? [merge] {
                for (key, value) in source.object?.members ?? [] where result[key] == nil { result.set(key, value) }
            }
        }
        return result
    }
}
