import CourierSchema
import Foundation

// Request bodies: JSON, forms, multipart and raw content, and the names of shared bodies.

extension OperationMapper {
    func requestBody(_ node: DocumentNode, at location: DocumentLocation, hint: String, labels: inout Set<String>) -> ImportedEndpoint.Body? {
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
    func sharedHint(_ resolved: DocumentLocation, from location: DocumentLocation, operation hint: String, suffix: String) -> String {
        guard resolved != location else { return hint + suffix }
        let shared = ImportNames.typeName(SchemaMapper.componentHint(resolved))
        return shared.hasSuffix(suffix) ? shared : shared + suffix
    }
}
