import CourierSchema
import Foundation

/// Turns the description's operations into endpoints: names, groups, parameters, bodies,
/// responses and how each authenticates.
struct OperationMapper {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    let files: DescriptionFiles
    let mapper: SchemaMapper
    let keyStyle: KeyStyle
    let security: SecurityMapping

    /// Every operation, in document order, that `include` picks; and how many the description
    /// declares that it picks (or could not read), so that what is lost can be counted.
    func endpoints(include: (_ operationID: String?, _ tags: [String]) -> Bool) -> (endpoints: [ImportedEndpoint], declared: Int) {
        let root = DocumentLocation(file: files.root, tokens: [])
        var takenNames: Set<String> = []
        var endpoints: [ImportedEndpoint] = []
        var declared = 0
        for (path, pathItemNode) in files.rootNode["paths"]?.object?.members ?? [] {
            let pathLocation = root.appending("paths").appending(path)
            guard let (pathItem, itemLocation) = try? files.resolve(pathItemNode, at: pathLocation) else {
                mapper.warn(pathLocation, "path item", "this path item could not be read; it is left out")
                declared += 1
                continue
            }
            for method in Self.methods {
                guard let operationNode = pathItem[method] else { continue }
                declared += 1
                // DigitalOcean gives each operation as a `$ref` to a file of its own; the
                // specification does not allow that, but the meaning is plain.
                guard let (operation, operationLocation) = try? files.resolve(operationNode, at: itemLocation.appending(method)) else {
                    mapper.warn(itemLocation.appending(method), "operation", "this operation's $ref could not be followed; it is left out")
                    continue
                }
                if operationNode["$ref"] != nil {
                    mapper.warn(
                        itemLocation.appending(method), "operation $ref",
                        "an operation given by $ref is not OpenAPI (only path items may be); it is read from \(operationLocation.fileAndPointer)")
                }
                let tags = (operation["tags"]?.array ?? []).compactMap(\.string)
                let operationID = operation["operationId"]?.string
                guard include(operationID, tags) else {
                    declared -= 1
                    continue
                }
                if let endpoint = endpoint(
                    method: method, path: path, operation: operation, pathItem: (pathItem, itemLocation), at: operationLocation,
                    tags: tags, takenNames: &takenNames)
                {
                    endpoints.append(endpoint)
                }
            }
            if pathItem["trace"] != nil {
                mapper.warn(itemLocation.appending("trace"), "TRACE", "TRACE operations are left out")
                declared += 1
            }
        }
        labelSharedRoutes(&endpoints, at: root.appending("paths"))
        return (endpoints, declared)
    }

    /// Gives a label (`#getAttachmentByFileName`) to each later endpoint of a method and route
    /// that an earlier one has (placeholder names do not count), so that both stay; the
    /// server tells them apart by what is sent.
    func labelSharedRoutes(_ endpoints: inout [ImportedEndpoint], at location: DocumentLocation) {
        var taken: Set<String> = []
        for index in endpoints.indices {
            let endpoint = endpoints[index]
            if !taken.insert(endpoint.method + " " + Self.route(of: endpoint.path)).inserted {
                endpoints[index].path = endpoint.path.split(separator: "#", maxSplits: 1)[0] + "#" + endpoint.name
                taken.insert(endpoint.method + " " + Self.route(of: endpoints[index].path))
                mapper.warn(
                    location.appending(endpoint.documentPath).appending(endpoint.method.lowercased()), "shared route",
                    "\(endpoint.method) \(endpoint.documentPath) is also another operation's route; '\(endpoint.name)' is told apart by the label #\(endpoint.name), which is not sent")
            }
        }
    }

    /// A schema path with its placeholders unnamed: what the schema checker compares.
    static func route(of path: String) -> String {
        var route = ""
        var inPlaceholder = false
        for character in path {
            if character == "{" { inPlaceholder = true; route += "{}" } else if character == "}" { inPlaceholder = false } else if !inPlaceholder { route.append(character) }
        }
        return route
    }

    func endpoint(
        method: String, path: String, operation: DocumentNode, pathItem: (node: DocumentNode, location: DocumentLocation),
        at location: DocumentLocation, tags: [String], takenNames: inout Set<String>
    ) -> ImportedEndpoint? {
        let name = ImportNames.unique(
            operation["operationId"]?.string.map(ImportNames.memberName) ?? ImportNames.memberName(method + " " + path), in: &takenNames)
        let typeHint = ImportNames.typeName(name)
        var labels: Set<String> = ["options"]
        var parameters: [ImportedEndpoint.Parameter] = []
        var placeholders: [String: String] = [:]

        // Path-level parameters, then the operation's, which replace those of the same name and place.
        var declared: [(node: DocumentNode, location: DocumentLocation, level: Int)] = []
        for (level, (node, base)) in [pathItem, (operation, location)].enumerated() {
            for (index, parameterNode) in (node["parameters"]?.array ?? []).enumerated() {
                guard let (resolved, resolvedLocation) = try? files.resolve(parameterNode, at: base.appending("parameters").appending(index)) else { continue }
                if let earlier = declared.firstIndex(where: { Self.isSameParameter($0.node, resolved) }) {
                    if declared[earlier].level == level {
                        mapper.warn(
                            resolvedLocation, "parameter",
                            "'\(resolved["name"]?.string ?? "")' is declared twice in one list (header names are alike in any case); the later one is imported")
                    }
                    declared.remove(at: earlier)
                }
                declared.append((resolved, resolvedLocation, level))
            }
        }
        var rest = Substring(path)
        var label = ""
        if let hash = path.firstIndex(of: "#") {
            rest = path[..<hash]
            // The label keeps the fragment's letters, digits, `-`, `_` and `.`: text that the
            // schema's path token holds whole (an `@` would start an attribute there).
            let fragment = path[path.index(after: hash)...].filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
            label = "#" + (fragment.isEmpty ? name : fragment)
            mapper.warn(pathItem.location, "path fragment", "the path's fragment '#\(path[path.index(after: hash)...])' is not sent; it is kept as a label that tells this endpoint apart")
        }
        if let question = rest.firstIndex(of: "?"), rest[question...].contains("{") {
            // A fixed query string is sent as written; one with placeholders is not a template
            // OpenAPI has (paths hold no query), and a server reads nothing from it.
            mapper.warn(pathItem.location, "path query", "the path's query string '\(rest[question...])' holds placeholders, which only the path may; it is left out")
            rest = rest[..<question]
        }
        let templateNames = Self.templateNames(in: rest)
        for (node, parameterLocation, _) in declared {
            if node["in"]?.string == "path", let wire = node["name"]?.string, !templateNames.contains(wire) {
                // A server cannot read a path parameter that its path does not hold.
                mapper.warn(parameterLocation, "path parameter", "the path '\(path)' has no {\(wire)}; the path parameter '\(wire)' is left out")
                continue
            }
            guard let parameter = self.parameter(node, at: parameterLocation, hint: typeHint, labels: &labels) else { continue }
            if parameter.kind == "path", let wire = node["name"]?.string { placeholders[wire] = parameter.name }
            parameters.append(parameter)
        }

        var schemaPath = ""
        var encodedLiteral = false
        func appendLiteral(_ text: Substring) {
            let encoded = Self.pathLiteral(text)
            encodedLiteral = encodedLiteral || encoded != text
            schemaPath += encoded
        }
        var used: Set<String> = []
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            appendLiteral(rest[..<open])
            let wire = String(rest[rest.index(after: open)..<close])
            var placeholder = placeholders[wire]
            if placeholder == nil {
                let added = ImportNames.unique(ImportNames.memberName(wire), in: &labels)
                mapper.warn(location, "path parameter", "the path's {\(wire)} has no parameter; it is imported as a String")
                parameters.append(.init(kind: "path", name: added, type: .named("String"), docs: [], isDeprecated: false))
                placeholders[wire] = added
                placeholder = added
            } else if used.contains(placeholder!), let first = parameters.first(where: { $0.kind == "path" && $0.name == placeholder }) {
                // A schema's placeholders each fill once; the second use becomes a parameter of its own.
                let added = ImportNames.unique(first.name + "Again", in: &labels)
                mapper.warn(
                    pathItem.location, "path parameter",
                    "the path '\(path)' holds {\(wire)} twice; the second is the path parameter '\(added)', to be given the same value")
                parameters.append(.init(
                    kind: "path", name: added, type: first.type, docs: ["The same value as `\(first.name)`: the path holds it twice."],
                    isDeprecated: first.isDeprecated))
                placeholder = added
            }
            used.insert(placeholder!)
            schemaPath += "{\(placeholder!)}"
            rest = rest[rest.index(after: close)...]
        }
        appendLiteral(rest)
        if encodedLiteral {
            mapper.warn(pathItem.location, "path text", "the path '\(path)' holds characters a URL path cannot; they are sent percent-encoded")
        }
        if !schemaPath.hasPrefix("/") { schemaPath = "/" + schemaPath }
        if schemaPath.hasPrefix("//") {
            // `//` starts a comment in the schema language.
            let trimmed = "/" + schemaPath.drop { $0 == "/" }
            mapper.warn(pathItem.location, "path text", "the path '\(path)' starts with an empty segment, which a schema cannot write; it is sent as '\(trimmed)'")
            schemaPath = trimmed
        }
        schemaPath += label

        var body: ImportedEndpoint.Body?
        if let requestBody = operation["requestBody"] {
            if method == "get" || method == "head" {
                // URLSession on Apple platforms refuses to send one, and HTTP gives it no meaning.
                let alternative = pathItem.node["post"] != nil ? "; the path's POST operation takes it" : ""
                mapper.warn(
                    location.appending("requestBody"), "GET body",
                    "the body of '\(name)' is left out: a \(method.uppercased()) request cannot have one\(alternative)")
            } else {
                body = self.requestBody(requestBody, at: location.appending("requestBody"), hint: typeHint, labels: &labels)
            }
        }
        let returns = response(operation["responses"], at: location.appending("responses"), hint: typeHint)

        if let callbacks = operation["callbacks"]?.object, !callbacks.isEmpty {
            mapper.warn(location.appending("callbacks"), "callbacks", "the callbacks of '\(name)' are left out: the server calls them, not the client")
        }
        var attributes: [String] = []
        if let auth = security.attribute(for: operation["security"], at: location.appending("security"), mapper: mapper) { attributes.append(auth) }
        if operation["deprecated"]?.bool == true { attributes.append("@deprecated") }
        let group = tags.first.map(ImportNames.typeName) ?? "Default"
        return ImportedEndpoint(
            name: name, docs: ImportDocs.lines(operation["summary"]?.string, operation["description"]?.string), method: method.uppercased(),
            path: schemaPath, documentPath: path, attributes: attributes, parameters: parameters, body: body, returns: returns, group: group)
    }
}
