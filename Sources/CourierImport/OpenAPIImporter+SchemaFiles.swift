import CourierSchema

/// The schema files an import writes, and which declarations go in them.
extension OpenAPIImporter {
    /// `api.api`, one file per group with the declarations only it uses, and `shared-models.api`
    /// with the rest.
    static func files(
        apiFile: String, endpoints: [ImportedEndpoint], mapper: SchemaMapper, references: [String: [String]],
        groupDocs: [String: [String]], isKept: (String) -> Bool
    ) -> [(name: String, text: String)] {
        var groups: [String] = []
        var endpointsByGroup: [String: [ImportedEndpoint]] = [:]
        for endpoint in endpoints {
            if endpointsByGroup[endpoint.group] == nil { groups.append(endpoint.group) }
            endpointsByGroup[endpoint.group, default: []].append(endpoint)
        }
        // Which groups reach each declaration, through their endpoints and the types those use.
        var users: [String: Set<String>] = [:]
        for group in groups {
            for name in reachable(from: endpointsByGroup[group, default: []].flatMap(\.referencedNames), references: references) {
                users[name, default: []].insert(group)
            }
        }
        // The declarations of one group's file, and of the shared file, in the mapper's order.
        var shared: [ImportedDeclaration] = []
        var declarationsByGroup: [String: [ImportedDeclaration]] = [:]
        for name in mapper.order where isKept(name) {
            guard let declaration = mapper.declarations[name] else { continue }
            if let groupUsers = users[name], groupUsers.count == 1, let group = groupUsers.first {
                declarationsByGroup[group, default: []].append(declaration)
            } else {
                shared.append(declaration)
            }
        }
        var files: [(name: String, text: String)] = [("api.api", apiFile)]
        if !shared.isEmpty {
            var writer = SchemaWriter()
            for (index, declaration) in shared.enumerated() {
                if index > 0 { writer.line() }
                writer.declaration(declaration)
            }
            files.append(("shared-models.api", writer.text))
        }
        for group in groups {
            var writer = SchemaWriter()
            for declaration in declarationsByGroup[group, default: []] {
                writer.declaration(declaration)
                writer.line()
            }
            writer.docs(groupDocs[group].flatMap { $0.isEmpty ? nil : $0 } ?? ["The \(group) operations."])
            writer.block("group \(group)") { writer in
                for (index, endpoint) in endpointsByGroup[group, default: []].enumerated() {
                    if index > 0 { writer.line() }
                    writer.endpoint(endpoint)
                }
            }
            files.append(("\(group).api", writer.text))
        }
        return files
    }

    /// The declarations `roots` name and those they name in turn, by each declaration's
    /// references (`ImportedDeclaration.referencedNames`, listed once for every walk).
    static func reachable(from roots: [String], references: [String: [String]]) -> Set<String> {
        var pending = roots
        var reached: Set<String> = []
        while let name = pending.popLast() {
            guard let next = references[name], reached.insert(name).inserted else { continue }
            pending += next
        }
        return reached
    }
}
