import CourierSchema
import Foundation

// A key that several `allOf` parts define: which definition stands, or how they merge.

extension SchemaMapper {
    /// The type of a key that several `allOf` parts define, the last one last. Objects are
    /// merged when none holds every key of the others (one part's `context_info` holds
    /// `message`, another's adds `conflicts`: a value has both), or when one takes any keys
    /// (Box's `ClientError.context_info`), which the merged model keeps too; a last
    /// definition that only annotates keeps the type before it; otherwise the last definition
    /// that refines each of the others is the type, or where none does, the last definition.
    func typeOfDefinitions(_ definitions: [(node: DocumentNode, location: DocumentLocation)], hint: String, context: Context) -> ImportedType {
        var distinct: [(node: DocumentNode, location: DocumentLocation)] = []
        for definition in definitions where !distinct.contains(where: { $0.node == definition.node && $0.location.file == definition.location.file }) {
            distinct.append(definition)
        }
        let meaningful = distinct.filter { !Self.onlyAnnotates($0.node) }
        guard let last = meaningful.last else { return type(of: distinct[distinct.count - 1].node, at: distinct[distinct.count - 1].location, hint: hint, context: context) }
        let resolved = meaningful.map { (try? files.resolve($0.node, at: $0.location))?.node }
        let described = meaningful.indices.filter { index in
            guard let node = resolved[index], node["enum"] == nil else { return false }
            return Self.describesObject(node)
        }
        // A free-form object (Box's `context_info: {type: object, additionalProperties: {}}`)
        // takes any keys: merged with described ones, the model keeps the others too.
        let freeForm = meaningful.indices.filter { resolved[$0].map(Self.isFreeFormObject) ?? false }
        // A map (Okta's `User._embedded`, `additionalProperties: {type: object}`) takes keys of
        // its own choosing too, whose values it describes: merged with described ones, the model
        // keeps them in its other keys (`UserGetSingleton` adds `blocks` to the user's).
        let maps = meaningful.indices.filter { resolved[$0].map(Self.isMapOnly) ?? false }
        // Merged only when no definition holds every key of the others: one that does refines them.
        let keySets = described.map { Set(properties(of: meaningful[$0].node, at: meaningful[$0].location).map(\.key)) }
        let all = keySets.reduce(into: Set<String>()) { $0.formUnion($1) }
        let merges = described.count + freeForm.count + maps.count == meaningful.count && !described.isEmpty
            && (!freeForm.isEmpty || !maps.isEmpty || (described.count > 1 && !keySets.contains(all)))
        guard merges else {
            let refining = meaningful.indices.last { index in meaningful.indices.allSatisfy { $0 == index || refines(meaningful[index], meaningful[$0]) } }
            let chosen = refining.map { meaningful[$0] } ?? last
            return type(of: chosen.node, at: chosen.location, hint: hint, context: context)
        }
        let name = reserveTypeName(hint)
        placeInOrder(name)
        let docs = ImportDocs.lines(ImportDocs.title(last.node["title"]?.string, of: name), last.node["description"]?.string)
        var fields = fields(ofParts: (described + maps).sorted().map { meaningful[$0] }, place: last.location, placeName: name, owner: name, context: context)
        if !freeForm.isEmpty, !fields.contains(where: \.holdsOtherKeys) {
            var taken = Set(fields.map(\.name))
            fields.append(
                ImportedField(
                    name: ImportNames.unique("additionalProperties", in: &taken), wireName: nil, type: .dictionary(.json), defaultValue: nil,
                    docs: ["The keys besides the declared ones, which the description lets in (`additionalProperties`)."], isDeprecated: false,
                    holdsOtherKeys: true))
        }
        declare(.model(name: name, docs: docs, fields: fields, isDeprecated: last.node["deprecated"]?.bool == true))
        return Self.types(of: last.node).nullable ? ImportedType.named(name).optional : .named(name)
    }
}
