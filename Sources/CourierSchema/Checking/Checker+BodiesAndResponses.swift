// Request bodies and what endpoints return, with the media types of each.
extension Checker {
    func checkBody(_ syntax: BodySyntax) -> Body? {
        switch syntax {
        case .json(let typeSyntax):
            guard let type = resolve(typeSyntax) else { return nil }
            switch type {
            case .model, .union, .array, .dictionary, .scalar(.json):
                return .json(type)
            case .optional:
                log.error(typeSyntax.location, "a body cannot be optional", hint: "remove the '?'; an empty body is a different endpoint")
            default:
                log.error(
                    typeSyntax.location, "type '\(type)' cannot be a JSON body",
                    hint: "a body is a model, union, array, dictionary or JSON; for files use body multipart { file: File }")
            }
            return nil
        case .raw(let typeSyntax, let mediaTypeSyntax):
            var isText = false
            if case .named(let name, _) = typeSyntax.kind { isText = name.text == "Text" }
            guard let mediaTypeSyntax else { return .raw(RawBody(isText: isText, mediaType: nil)) }
            guard case .string(let mediaType) = mediaTypeSyntax.kind, MediaType.isValid(mediaType) else {
                log.error(
                    mediaTypeSyntax.location, "\(Checker.spelling(of: mediaTypeSyntax)) is not a media type",
                    hint: "write a media type as type/subtype, such as \"image/png\" or \"text/csv; charset=utf-8\"")
                return nil
            }
            return .raw(RawBody(isText: isText, mediaType: mediaType))
        case .multipart(let fields, let location):
            if fields.isEmpty { log.error(location, "a multipart body needs at least one field") }
            return .multipart(checkFields(fields, owner: "the multipart body", allowFile: true))
        case .form(let fields, let location):
            if fields.isEmpty { log.error(location, "a form body needs at least one field") }
            let checked = checkFields(fields, owner: "the form body", allowFile: false, inForm: true)
            for (field, syntax) in zip(checked, fields) where !field.isDeepObject && !Checker.isFormValue(field.type) {
                log.error(
                    syntax.type.location, "type '\(field.type)' cannot be sent in a form body",
                    hint: "form fields are text values or arrays of them; with @style(deepObject), any value travels as address[city]=Paris")
            }
            return .form(checked)
        }
    }

    static func isFormValue(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .array(let element): return element.isTextValue
        case let single: return single.isTextValue
        }
    }

    /// The media types after `returns`: each a media type or a range (`image/*`), written once;
    /// none for a response without content or a sequence, whose media type is fixed.
    func checkResponseMediaTypes(_ syntax: [ValueSyntax], of response: Response) -> [String] {
        guard let first = syntax.first else { return [] }
        switch response {
        case .none:
            log.error(first.location, "a response without content has no media type", hint: "remove the media type, or say what the response holds")
            return []
        case .stream, .lines:
            let fixed = response.kind == "stream" ? "text/event-stream" : "JSON Lines"
            log.error(first.location, "'returns \(response.kind)' is always \(fixed)", hint: "remove the media type")
            return []
        default:
            break
        }
        var mediaTypes: [String] = []
        for value in syntax {
            guard case .string(let mediaType) = value.kind, MediaType.isValid(mediaType) else {
                log.error(
                    value.location, "\(Checker.spelling(of: value)) is not a media type",
                    hint: "write a media type as type/subtype, such as \"image/png\", or a range such as \"image/*\"")
                continue
            }
            if mediaTypes.contains(where: { $0.lowercased() == mediaType.lowercased() }) {
                log.warning(value.location, "media type \"\(mediaType)\" is listed twice", hint: "remove one")
                continue
            }
            mediaTypes.append(mediaType)
        }
        return mediaTypes
    }

    /// What `returns` says: the response, and whether `Response<…>` asks for its status and
    /// headers too.
    func checkResponse(_ syntax: TypeSyntax, sequence: SequenceKind?) -> (Response, includesMetadata: Bool)? {
        if let sequence {
            guard let type = resolve(syntax) else { return nil }
            if type.isOptional {
                let what = sequence == .stream ? "stream events" : "JSON Lines values"
                log.error(syntax.location, "\(what) cannot be optional", hint: "remove the '?'")
                return nil
            }
            return (sequence == .stream ? .stream(type) : .lines(type), false)
        }
        guard case .named(let name, let arguments) = syntax.kind else {
            return resolve(syntax).map { (.value($0), false) }
        }
        switch name.text {
        case "Response":
            guard arguments.count <= 1 else {
                log.error(
                    arguments[1].location, "'Response' takes one type argument",
                    hint: "write Response<Model>, or Response alone for a response without content")
                return nil
            }
            guard let inner = arguments.first else { return (.none, true) }
            if case .named(let innerName, _) = inner.kind, innerName.text == "Response" {
                log.error(innerName.location, "'Response' cannot hold another 'Response'", hint: "write Response<Model>")
                return nil
            }
            return checkResponse(inner, sequence: nil).map { ($0.0, true) }
        case "Data", "Page":
            guard arguments.count == 1 else {
                log.error(name.location, "'\(name.text)' takes one type argument", hint: "write \(name.text)<Model>")
                return nil
            }
            guard let element = resolve(arguments[0]) else { return nil }
            return (name.text == "Data" ? .data(element) : .page(element), false)
        case "Bytes" where arguments.isEmpty:
            return (.bytes, false)
        case "Text" where arguments.isEmpty:
            return (.text, false)
        default:
            return resolve(syntax).map { (.value($0), false) }
        }
    }
}
