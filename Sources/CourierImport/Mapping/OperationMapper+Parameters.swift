import CourierSchema
import Foundation

// Parameters: path templates, query, header and cookie parameters, and how arrays travel.

extension OperationMapper {
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

    func parameter(
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
    func arrayStyle(of node: DocumentNode, wire: String, at location: DocumentLocation) -> String? {
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
}
