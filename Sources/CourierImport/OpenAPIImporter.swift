import CourierSchema
import Foundation

/// Imports an OpenAPI 3.x description into schema files.
public enum OpenAPIImporter {
    /// Reads the description at `url` and returns the schema it becomes, checked by the schema
    /// compiler: an import never returns an invalid schema.
    public static func run(description url: URL, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(files: DescriptionFiles(root: url), options: options)
    }

    /// Imports the description whose files `files` reads (its root file read already).
    static func run(files: DescriptionFiles, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        let url = files.root
        var root = files.rootNode
        let rootLocation = DocumentLocation(file: files.root, tokens: [])
        var conversionNotes: [Swagger2Conversion.Note] = []
        var componentSchemas = ["components", "schemas"]
        if let swagger = root["swagger"] {
            guard swagger.string == "2.0" || swagger == .number("2.0") else {
                throw ImportError("\(url.lastPathComponent) says 'swagger: \(swagger.string ?? "?")'; Courier imports Swagger 2.0 and OpenAPI 3.0 and 3.1")
            }
            (root, conversionNotes) = Swagger2Conversion.convert(root)
            files.replaceRoot(with: root)
            componentSchemas = ["definitions"]
        } else if root["openapi"]?.string?.hasPrefix("3.") != true {
            throw ImportError("\(url.lastPathComponent) is not an OpenAPI description: it has no 'openapi: 3.x' or 'swagger: \"2.0\"' field")
        }
        let apiName = try moduleName(options.name ?? root["info"]?["title"]?.string ?? url.deletingPathExtension().lastPathComponent)
        let keyStyle = Self.keyStyle(of: root)
        let mapper = SchemaMapper(files: files, keyStyle: keyStyle, apiName: apiName)

        for note in conversionNotes { mapper.warn(DocumentLocation(file: files.root, tokens: note.tokens), note.construct, note.message) }
        // Every component schema, in the description's order, whether an operation uses it or not.
        let schemasNode = componentSchemas.reduce(Optional(root)) { $0?[$1] }
        var schemaTypes: [(location: DocumentLocation, type: ImportedType)] = []
        for key in schemasNode?.object?.keys ?? [] {
            let location = DocumentLocation(file: files.root, tokens: componentSchemas + [key])
            var reference = DocumentObject()
            reference.set("$ref", .string(location.pointer))
            schemaTypes.append((location, mapper.type(of: .object(reference), at: rootLocation, hint: key)))
        }
        let security = SecurityMapping(root: root, at: rootLocation, mapper: mapper)
        if let webhooks = root["webhooks"]?.object, !webhooks.isEmpty {
            mapper.warn(rootLocation.appending("webhooks"), "webhooks", "\(webhooks.count) webhooks are left out: the server calls them, not the client")
        }
        let operations = OperationMapper(files: files, mapper: mapper, keyStyle: keyStyle, security: security)
        var (endpoints, declaredOperations) = operations.endpoints { operationID, tags in
            (options.tags.isEmpty || tags.contains { options.tags.contains($0) })
                && (options.operations.isEmpty || operationID.map { options.operations.contains($0) } == true)
        }
        for index in endpoints.indices where endpoints[index].group == apiName { endpoints[index].group += "Operations" }

        mapper.flattenNestedUnions()
        mapper.breakRequiredCycles()
        mapper.admitDiscriminatorTags()
        mapper.useNullableWhereRequestsWrite(endpoints)
        mapper.keepNullWhereItTellsVariantsApart()
        mapper.aliasIdenticalDeclarations()
        let errorModel = Self.errorModel(root: root, files: files, mapper: mapper)
        // Picking operations picks the declarations they use: the rest of the description's
        // schemas would only cost the client compile time.
        let references = mapper.declarations.mapValues(\.referencedNames)
        let kept: Set<String>? =
            options.tags.isEmpty && options.operations.isEmpty
            ? nil : Self.reachable(from: endpoints.flatMap(\.referencedNames) + [errorModel].compactMap { $0 }, references: references)
        let isKept = { (name: String) in kept?.contains(name) ?? true }
        let baseURL = Self.baseURL(root["servers"], at: rootLocation.appending("servers"), mapper: mapper)
        let apiFile = Self.apiBlock(
            name: apiName, docs: ImportDocs.lines(root["info"]?["title"]?.string, root["info"]?["description"]?.string), security: security,
            keyStyle: keyStyle, errorModel: errorModel, baseURL: baseURL)
        var tagDocs: [String: [String]] = [:]
        for tag in root["tags"]?.array ?? [] {
            guard let name = tag["name"]?.string else { continue }
            tagDocs[ImportNames.typeName(name)] = ImportDocs.lines(tag["description"]?.string)
        }
        let resultFiles = Self.files(
            apiFile: apiFile, endpoints: endpoints, mapper: mapper, references: references, groupDocs: tagDocs, isKept: isKept)

        let compilation = SchemaCompiler.compile(resultFiles.map { SourceFile(path: $0.name, text: $0.text) })
        if compilation.hasErrors {
            let problems = compilation.diagnostics.filter { $0.severity == .error }.prefix(20).map(\.description).joined(separator: "\n")
            throw ImportError("the import made a schema with errors, which is a bug in courier import; nothing was written:\n\(problems)")
        }
        var jsonValues = 0
        for (name, declaration) in mapper.declarations where isKept(name) {
            // An alias's fields are its target's, counted for each name as the description writes them.
            var target = declaration
            while case .alias(_, _, .named(let name), _) = target, let next = mapper.declarations[name] { target = next }
            if case .model(_, _, let fields, _) = target { jsonValues += fields.filter { $0.type.names.contains("JSON") }.count }
        }
        for endpoint in endpoints {
            jsonValues += endpoint.parameters.filter { $0.type.names.contains("JSON") }.count
            switch endpoint.body {
            case .json(let type)?: jsonValues += type.names.contains("JSON") ? 1 : 0
            case .form(let fields)?, .multipart(let fields)?: jsonValues += fields.filter { $0.type.names.contains("JSON") }.count
            default: break
            }
            if endpoint.returns?.contains("JSON") == true { jsonValues += 1 }
        }
        let declared = mapper.order.filter { mapper.declarations[$0] != nil }
        let written = declared.filter(isKept)
        let aliasCount = written.count { if case .alias? = mapper.declarations[$0] { true } else { false } }
        return ImportResult(
            files: resultFiles, warnings: mapper.warnings, operationCount: endpoints.count, declaredOperationCount: declaredOperations,
            declarationCount: written.count, aliasCount: aliasCount, unusedDeclarationCount: declared.count - written.count,
            jsonValueCount: jsonValues, schemaTypes: Self.typedSchemas(components: schemaTypes, mapper: mapper, files: files, isKept: isKept))
    }

    /// The components' types, then each declaration's at its place (optional where the schema
    /// there allows `null`), each place once.
    private static func typedSchemas(
        components: [(location: DocumentLocation, type: ImportedType)], mapper: SchemaMapper, files: DescriptionFiles,
        isKept: (String) -> Bool
    ) -> [(location: DocumentLocation, type: String)] {
        let written = components.filter { $0.type.names.allSatisfy { mapper.declarations[$0] == nil || isKept($0) } }
        var seen = Set(written.map(\.location))
        var typed = written.map { ($0.location, $0.type.spelling) }
        for name in mapper.order where mapper.declarations[name] != nil && isKept(name) {
            guard let location = mapper.declarationLocations[name], seen.insert(location).inserted else { continue }
            let nullable = (try? files.node(at: location)).map(Self.allowsNull) ?? false
            typed.append((location, nullable ? name + "?" : name))
        }
        return typed
    }

    /// Whether the schema at a declaration's place lets `null` in besides the declared type: by
    /// `nullable` or a `type` list, or by a `{type: "null"}` variant of its `oneOf` or `anyOf`
    /// (Discord's list items, `oneOf: [{$ref: FriendInviteResponse}, …, {type: "null"}]`).
    private static func allowsNull(_ node: DocumentNode) -> Bool {
        if SchemaMapper.types(of: node).nullable { return true }
        let variants = (node["oneOf"]?.array ?? []) + (node["anyOf"]?.array ?? [])
        return variants.contains(where: SchemaMapper.isNull)
    }

    /// A module name: the title's words, capitalised (`Twilio - Lookups` → `TwilioLookups`).
    static func moduleName(_ raw: String) throws -> String {
        var name = ImportNames.typeName(raw)
        // The generated namespace adds `API`: `Shop API` is the `Shop` module, `ShopAPI` in Swift.
        if name.hasSuffix("API"), name.count > 3 { name.removeLast(3) }
        guard !SchemaCompiler.unavailableTypeNames.contains(name) else {
            throw ImportError("the module name '\(name)' is taken by Swift or the runtime; give another with --name")
        }
        return name
    }

    /// The key style that spells most of the description's keys from their identifiers.
    static func keyStyle(of root: DocumentNode) -> KeyStyle {
        var keys: [String] = []
        func walk(_ node: DocumentNode, depth: Int) {
            guard depth < 64 else { return }
            switch node {
            case .object(let object):
                if let properties = object["properties"]?.object { keys += properties.keys }
                for (_, value) in object.members { walk(value, depth: depth + 1) }
            case .array(let elements):
                for element in elements { walk(element, depth: depth + 1) }
            default: break
            }
        }
        walk(root, depth: 0)
        // Every key counts as often as it appears; its identifier is made once.
        var occurrences: [String: Int] = [:]
        for key in keys { occurrences[key, default: 0] += 1 }
        let named = occurrences.map { (key: $0.key, name: ImportNames.memberName($0.key), count: $0.value) }
        var best = KeyStyle.snakeCase
        var bestCount = -1
        for style in [KeyStyle.snakeCase, .camelCase, .verbatim] {
            let count = named.filter { style.wireName(for: $0.name) == $0.key }.reduce(0) { $0 + $1.count }
            if count > bestCount {
                best = style
                bestCount = count
            }
        }
        return best
    }

    /// The model most error responses share, for the api block's `error`.
    static func errorModel(root: DocumentNode, files: DescriptionFiles, mapper: SchemaMapper) -> String? {
        var counts: [String: Int] = [:]
        let rootLocation = DocumentLocation(file: files.root, tokens: [])
        for (path, itemNode) in root["paths"]?.object?.members ?? [] {
            guard let (item, itemLocation) = try? files.resolve(itemNode, at: rootLocation.appending("paths").appending(path)) else { continue }
            for method in OperationMapper.methods {
                guard let operationNode = item[method],
                    let (operation, operationLocation) = try? files.resolve(operationNode, at: itemLocation.appending(method)),
                    let responses = operation["responses"]?.object
                else { continue }
                for (status, response) in responses.members where status.hasPrefix("4") || status.hasPrefix("5") || status == "default" {
                    guard let (resolved, location) = try? files.resolve(response, at: operationLocation.appending("responses").appending(status)),
                        let content = MediaContent.entries(of: resolved, at: location, files: files, mapper: nil).first,
                        content.schema["$ref"] != nil
                    else { continue }
                    let type = mapper.type(of: content.schema, at: content.schemaLocation, hint: "Error")
                    if case .named(let name) = type, case .model? = mapper.declarations[name] { counts[name, default: 0] += 1 }
                }
            }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// `servers[0]`'s URL with its variables at their defaults, when it is absolute.
    static func baseURL(_ servers: DocumentNode?, at location: DocumentLocation, mapper: SchemaMapper) -> String? {
        guard let server = servers?.array?.first, var url = server["url"]?.string else { return nil }
        for (name, variable) in server["variables"]?.object?.members ?? [] {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable["default"]?.string ?? "")
        }
        while url.hasSuffix("/") { url.removeLast() }
        guard SchemaCompiler.isBaseURL(url) else {
            mapper.warn(location.appending(0), "server", "the server URL '\(url)' is not an absolute http or https URL without a query or fragment; the client needs a base URL")
            return nil
        }
        return url
    }

    static func apiBlock(name: String, docs: [String], security: SecurityMapping, keyStyle: KeyStyle, errorModel: String?, baseURL: String?) -> String {
        var writer = SchemaWriter()
        writer.docs(docs)
        writer.block("api \(name)") { writer in
            if let baseURL { writer.line("baseURL \(SchemaText.quoted(baseURL))") }
            writer.line("auth \(security.defaultAuth)")
            if let key = security.apiKey { writer.line("apikey \(key.placement) \(SchemaText.quoted(key.name))") }
            writer.line("keys \(keyStyle.rawValue)")
            if let errorModel { writer.line("error \(errorModel)") }
        }
        return writer.text
    }
}
