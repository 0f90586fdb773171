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
    private func labelSharedRoutes(_ endpoints: inout [ImportedEndpoint], at location: DocumentLocation) {
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

    private func endpoint(
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

    // MARK: - Parameters

    /// Literal path text as a URL path holds it: bytes that RFC 3986 does not allow there (a
    /// space, a quote, a brace no placeholder uses) percent-encoded, and `@` after anything but
    /// `/`, which the schema language reads as an attribute. A fixed query's `?`, `&` and `=` and
    /// escapes already written stay.
    static func pathLiteral(_ text: Substring) -> Substring {
        let bytes = Array(text.utf8)
        func isHex(_ index: Int) -> Bool { index < bytes.count && (bytes[index] < 0x80 && Character(Unicode.Scalar(bytes[index])).isHexDigit) }
        func isKept(_ index: Int) -> Bool {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            case UInt8(ascii: "@"): return index > 0 && bytes[index - 1] == UInt8(ascii: "/")
            case UInt8(ascii: "%"): return isHex(index + 1) && isHex(index + 2)
            default: return "-._~!$&'()*+,;=:/?".utf8.contains(byte)
            }
        }
        guard !bytes.indices.allSatisfy(isKept) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for index in bytes.indices {
            let byte = bytes[index]
            if isKept(index) { encoded.append(byte) } else { encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return Substring(String(decoding: encoded, as: UTF8.self))
    }

    /// Whether two parameters are one: the same place and name, where a header's name is the
    /// same in any case (RFC 9110 §5.1).
    static func isSameParameter(_ one: DocumentNode, _ other: DocumentNode) -> Bool {
        guard one["in"] == other["in"], let name = one["name"]?.string, let otherName = other["name"]?.string else { return false }
        return one["in"]?.string == "header" ? name.lowercased() == otherName.lowercased() : name == otherName
    }

    /// The names between braces in a path template (`/pets/{id}` → `id`).
    static func templateNames(in path: Substring) -> Set<String> {
        var names: Set<String> = []
        var rest = path
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private func parameter(
        _ node: DocumentNode, at location: DocumentLocation, hint: String, labels: inout Set<String>
    ) -> ImportedEndpoint.Parameter? {
        guard let wire = node["name"]?.string, let place = node["in"]?.string else {
            mapper.warn(location, "parameter", "a parameter without a name or place is left out")
            return nil
        }
        guard !wire.isEmpty else {
            mapper.warn(location, "parameter", "a parameter with an empty name ('in: \(place)') is left out: nothing names it on the wire")
            return nil
        }
        guard ["path", "query", "header", "cookie"].contains(place) else {
            mapper.warn(location, "parameter", "the parameter '\(wire)' is 'in: \(place)', which OpenAPI does not have (path, query, header or cookie); it is left out")
            return nil
        }
        guard place != "cookie" else {
            mapper.warn(location, "cookie parameter", "the cookie parameter '\(wire)' is left out: the client does not send cookies")
            return nil
        }
        if place == "header", !HeaderName.isValid(wire) {
            mapper.warn(
                location, "header parameter",
                "the header '\(wire)' is left out: a header name is letters, digits and !#$%&'*+-.^_`|~, without spaces")
            return nil
        }
        if place == "header", ["authorization", "content-type", "content-length", "host", "accept"].contains(wire.lowercased()) {
            mapper.warn(location, "header parameter", "the header '\(wire)' is the client's to set; it is left out")
            return nil
        }
        let content = MediaContent.entries(of: node, at: location, files: files, mapper: mapper).first
        let schema = node["schema"] ?? content?.schema ?? .object(DocumentObject())
        let schemaLocation = node["schema"] != nil ? location.appending("schema") : content?.schemaLocation ?? location
        var type = mapper.type(of: schema, at: schemaLocation, hint: hint + ImportNames.typeName(wire))
        let required = node["required"]?.bool == true || place == "path"
        var style: String?
        let saysDeepObject = place == "query" && node["style"]?.string == "deepObject"
        switch (place, type.unwrapped) {
        case ("query", .array) where saysDeepObject:
            // Stripe's `expand[0]=customer`: any array, as bracketed keys.
            style = "deepObject"
        case ("query", .array(let element)) where isTextValue(element):
            style = arrayStyle(of: node, wire: wire, at: location)
        case ("query", .dictionary(let value)) where isTextValue(value):
            style = node["style"]?.string == "deepObject" ? "deepObject" : nil
        case ("query", .named(let name)) where isTextList(.named(name)) && !saysDeepObject:
            // OpenSearch's `routing`, a name or a list of names.
            style = arrayStyle(of: node, wire: wire, at: location)
        case ("query", .named(let name)) where !isTextValue(.named(name)):
            if case .model(_, _, let fields, _)? = mapper.declarations[name], fields.allSatisfy({ isTextValue($0.type.unwrapped) }) {
                mapper.warn(location, "object parameter", "the object '\(wire)' is sent as a dictionary of its fields")
                type = .dictionary(.named("String"))
                style = node["style"]?.string == "deepObject" ? "deepObject" : nil
            } else if saysDeepObject {
                // Stripe's `created[gt]=5`: a model or union of any values, as bracketed keys.
                style = "deepObject"
            } else {
                mapper.warn(location, "object parameter", "the parameter '\(wire)' cannot be sent in a query; it is sent as text")
                type = .named("String")
            }
        case (_, let single) where isTextValue(single):
            break
        case ("path", let list) where isTextList(list), ("header", let list) where isTextList(list):
            // OpenSearch's `/{index}/_search`: the elements joined by commas, OpenAPI's `simple`.
            if let written = node["style"]?.string, written != "simple" {
                mapper.warn(
                    location, "parameter style",
                    "the \(place) parameter '\(wire)' has style '\(written)'; it is sent as 'simple', its elements joined by commas")
            }
        case ("query", _) where saysDeepObject:
            style = "deepObject"
        default:
            mapper.warn(location, "parameter type", "the \(place) parameter '\(wire)' of type \(type.spelling) is sent as text")
            type = .named("String")
        }
        if place == "path" { type = type.unwrapped }
        let name = ImportNames.unique(ImportNames.memberName(wire), in: &labels)
        var wireName: String?
        switch place {
        case "query": wireName = keyStyle.wireName(for: name) == wire ? nil : wire
        case "header": wireName = name == wire ? nil : wire
        default: wireName = nil
        }
        var defaultValue: String?
        if !required, place != "path" {
            defaultValue = mapper.literal(mapper.checkedDefault(of: schema, at: schemaLocation, naming: "the parameter '\(wire)'"), for: type.unwrapped)
            if defaultValue == nil { type = type.optional }
        }
        return .init(
            kind: place, name: name, type: type, wireName: wireName, defaultValue: defaultValue, style: style,
            docs: ImportDocs.lines(node["description"]?.string), isDeprecated: node["deprecated"]?.bool == true)
    }

    /// The `@style` of a query array: nil where each element repeats the name (`explode`, the
    /// default of `form`), else its delimiter's style.
    private func arrayStyle(of node: DocumentNode, wire: String, at location: DocumentLocation) -> String? {
        let style = node["style"]?.string ?? "form"
        guard !(node["explode"]?.bool ?? (style == "form")) else { return nil }
        switch style {
        case "form": return "commaDelimited"
        case "spaceDelimited", "pipeDelimited": return style
        default:
            mapper.warn(location, "query style", "the array '\(wire)' has style '\(style)', which a query does not have; it is sent with its name repeated")
            return nil
        }
    }

    /// Whether a parameter sends values of a type as one text or a list of them: an array of
    /// text values, or an untagged union of text values and arrays of them. A union among the
    /// variants counts by its own variants, since the import merges it into the outer one
    /// (OpenSearch's `WaitForActiveShards`: an integer, or a union of `all` and any string).
    func isTextList(_ type: ImportedType, depth: Int = 0) -> Bool {
        func isTextArray(_ type: ImportedType) -> Bool {
            if case .array(let element) = type { return isTextValue(element) }
            return false
        }
        if isTextArray(type) { return true }
        guard depth < 8, case .named(let name) = type, case .union(_, _, nil, let variants)? = mapper.declarations[name] else { return false }
        return variants.allSatisfy { isTextValue($0.type) || isTextArray($0.type) || isTextList($0.type, depth: depth + 1) }
    }

    /// Whether values of a type can travel as text.
    func isTextValue(_ type: ImportedType) -> Bool {
        guard case .named(let name) = type else { return false }
        switch name {
        case "String", "Int", "Int32", "Int64", "UInt64", "Double", "Float", "Bool", "UUID", "URL", "Date": return true
        default:
            if case .enumeration? = mapper.declarations[name] { return true }
            return false
        }
    }

    // MARK: - Bodies

    private func requestBody(_ node: DocumentNode, at location: DocumentLocation, hint: String, labels: inout Set<String>) -> ImportedEndpoint.Body? {
        guard let (resolved, bodyLocation) = try? files.resolve(node, at: location) else { return nil }
        let hint = sharedHint(bodyLocation, from: location, operation: hint, suffix: "Request")
        let contents = MediaContent.entries(of: resolved, at: bodyLocation, files: files, mapper: mapper)
        guard !contents.isEmpty else { return nil }
        func rank(_ mediaType: String) -> Int {
            let lower = mediaType.lowercased()
            if lower == "application/json" || lower.hasSuffix("+json") { return 0 }
            if lower == "application/x-www-form-urlencoded" { return 1 }
            if lower == "multipart/form-data" { return 2 }
            return 3
        }
        let chosen = contents.min { rank($0.mediaType) < rank($1.mediaType) }!
        let mediaType = chosen.mediaType
        for other in contents where other.mediaType != mediaType {
            mapper.warn(other.location, "request content type", "the \(other.mediaType) body is left out; the \(mediaType) one is imported")
        }
        let mediaLocation = chosen.location
        let schema = chosen.schema
        if resolved["required"]?.bool != true, rank(mediaType) == 0 {
            mapper.warn(bodyLocation, "optional body", "the optional body becomes required: the schema language has no optional body")
        }
        switch rank(mediaType) {
        case 0:
            var type = mapper.type(of: schema, at: mediaLocation.appending("schema"), hint: hint)
            type = type.unwrapped
            switch type {
            case .array, .dictionary: break
            case .nullable: type = .json
            case .named(let name) where name == "JSON": break
            case .named(let name):
                switch mapper.declarations[name] {
                case .model?, .union?: break
                default:
                    mapper.warn(mediaLocation, "JSON body", "a JSON body of type \(name) is sent as JSON")
                    type = .json
                }
            case .optional: type = .json
            }
            labels.insert("body")
            return .json(type)
        case 1, 2:
            let context: SchemaMapper.Context = rank(mediaType) == 2 ? .multipart : .json
            guard let (objectNode, objectLocation) = try? files.resolve(schema, at: mediaLocation.appending("schema")),
                objectNode["properties"] != nil || objectNode["allOf"] != nil
            else {
                mapper.warn(mediaLocation, "form body", "a \(mediaType) body without properties is sent as bytes")
                labels.insert("body")
                return .raw(isText: false, mediaType: mediaType)
            }
            var fields = mapper.fields(of: objectNode, at: objectLocation, owner: hint, context: context)
            if fields.contains(where: \.holdsOtherKeys) {
                fields.removeAll(where: \.holdsOtherKeys)
                mapper.warn(
                    objectLocation, "additionalProperties",
                    "'\(hint)' has properties and also keys of its own choosing, which a form body cannot send; they are left out")
            }
            if fields.isEmpty {
                mapper.warn(mediaLocation, "form body", "a \(mediaType) body without properties is sent as bytes")
                labels.insert("body")
                return .raw(isText: false, mediaType: mediaType)
            }
            for index in fields.indices {
                // A field renamed to keep argument labels apart keeps the key it had on the wire.
                let wire = fields[index].wireKey(keyStyle)
                fields[index].name = ImportNames.unique(fields[index].name, in: &labels)
                fields[index].wireName = keyStyle.wireName(for: fields[index].name) == wire ? nil : wire
                // Stripe's `encoding: {address: {style: deepObject, explode: true}}`: any value
                // travels as bracketed keys.
                if context == .json, chosen.media["encoding"]?[wire]?["style"]?.string == "deepObject" {
                    fields[index].isDeepObject = true
                    continue
                }
                if context == .json, !isTextValue(fields[index].type.unwrapped) {
                    if case .array(let element) = fields[index].type.unwrapped, isTextValue(element) { continue }
                    mapper.warn(objectLocation.appending("properties"), "form field", "the form field '\(fields[index].name)' is sent as text")
                    fields[index].type = fields[index].type.isOptional ? .optional(.named("String")) : .named("String")
                    fields[index].defaultValue = nil
                }
            }
            return context == .multipart ? .multipart(fields) : .form(fields)
        default:
            labels.insert("body")
            let isText = mediaType.lowercased().hasPrefix("text/")
            if !mediaType.contains("*"), MediaType.isValid(mediaType) { return .raw(isText: isText, mediaType: mediaType) }
            if !mediaType.contains("*") {
                mapper.warn(mediaLocation, "request content type", "'\(mediaType)' is not a media type; the caller gives the body's content type")
            }
            labels.insert("contentType")
            return .raw(isText: isText, mediaType: nil)
        }
    }

    /// What a body or response written in place is named after: its operation, or for one that
    /// operations share by `$ref` (`components/responses/Volume`, `responses/volume.yml`), the
    /// shared one, so that its type is declared once under a name that fits every operation.
    private func sharedHint(_ resolved: DocumentLocation, from location: DocumentLocation, operation hint: String, suffix: String) -> String {
        guard resolved != location else { return hint + suffix }
        let shared = ImportNames.typeName(SchemaMapper.componentHint(resolved))
        return shared.hasSuffix(suffix) ? shared : shared + suffix
    }

    // MARK: - Responses

    /// What follows `returns`: the first 2xx response with content, read by its media type.
    private func response(_ node: DocumentNode?, at location: DocumentLocation, hint: String) -> String? {
        guard let responses = node?.object else { return nil }
        let successes = responses.members.filter { $0.key.hasPrefix("2") || $0.key == "2XX" }
        for (status, responseNode) in successes {
            let resolved: DocumentNode
            let responseLocation: DocumentLocation
            do {
                (resolved, responseLocation) = try files.resolve(responseNode, at: location.appending(status))
            } catch {
                mapper.warn(location.appending(status), "response", "\(error); this response is left out")
                continue
            }
            let contents = MediaContent.entries(of: resolved, at: responseLocation, files: files, mapper: mapper)
            guard let first = contents.first else { continue }
            let shared = { (suffix: String) in sharedHint(responseLocation, from: location.appending(status), operation: hint, suffix: suffix) }
            let lower = first.mediaType.lowercased()
            if lower == "text/event-stream" || lower.contains("jsonl") || lower.contains("ndjson") || lower.contains("json-seq") {
                // OpenAPI 3.2 describes one item of a sequence with `itemSchema`.
                let (itemNode, itemLocation) = first.media["itemSchema"].map { ($0, first.location.appending("itemSchema")) }
                    ?? (first.schema["items"] ?? first.schema, first.schemaLocation)
                let element = mapper.type(of: itemNode, at: itemLocation, hint: shared("Event")).unwrapped
                warnLeftOut(contents.dropFirst(), kept: first.mediaType)
                return (lower == "text/event-stream" ? "stream " : "lines ") + element.spelling
            }
            for unwritable in contents where !MediaType.isValid(unwritable.mediaType) {
                mapper.warn(unwritable.location, "response media type", "'\(unwritable.mediaType)' is not a media type; the client does not ask for it")
            }
            let written = contents.filter { MediaType.isValid($0.mediaType) }
            // The response is read as the first media type's kind; the others of that kind are
            // asked for too, and those of another kind are left out.
            let kind: (String) -> Bool
            let spelling: String
            let general: Set<String>
            if Self.isJSON(lower) || lower == "*/*" {
                kind = { Self.isJSON($0.lowercased()) || $0 == "*/*" }
                spelling = mapper.type(of: first.schema, at: first.schemaLocation, hint: shared("Response")).spelling
                general = ["application/json"]
            } else if lower.hasPrefix("text/") {
                kind = { $0.lowercased().hasPrefix("text/") }
                spelling = "Text"
                general = ["text/*"]
            } else {
                kind = { !Self.isJSON($0.lowercased()) }
                spelling = "Bytes"
                general = ["application/octet-stream"]
            }
            warnLeftOut(written.filter { !kind($0.mediaType) }, kept: first.mediaType)
            return spelling + Self.mediaTypeList(written.map(\.mediaType).filter(kind), unless: general)
        }
        return nil
    }

    /// Warns of response media types that the client does not ask for.
    private func warnLeftOut<Entries: Sequence<MediaContent>>(_ entries: Entries, kept: String) {
        for entry in entries {
            mapper.warn(
                entry.location, "response media type",
                "the \(entry.mediaType) response is left out; the client asks for \(kept) and what goes with it")
        }
    }

    /// ` "image/png", "image/webp"` after `returns`: the media types the description gives, so
    /// that the client asks for them; nothing when they say no more than the kind's own
    /// (`general`), or one is `*/*`.
    static func mediaTypeList(_ mediaTypes: [String], unless general: Set<String>) -> String {
        let lowered = mediaTypes.map { $0.lowercased() }
        if lowered.isEmpty || lowered.contains("*/*") || lowered.contains(where: general.contains) { return "" }
        return " " + mediaTypes.map(SchemaText.quoted).joined(separator: ", ")
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.hasPrefix("application/json;")
    }
}
