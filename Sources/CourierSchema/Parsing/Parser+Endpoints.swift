// Endpoints and their members.
extension Parser {
    static let endpointMemberKeywords = ["path", "query", "header", "body", "returns"]

    /// `name: METHOD /path @attributes { members }` (the block is optional), or a realtime
    /// member: `name: CHANGES table { … }`, `BROADCAST "topic"`, `WEBSOCKET /path`.
    mutating func parseGroupMember(docs: [String]) -> GroupMemberSyntax? {
        guard let name = parseName("an endpoint name") else { return nil }
        guard
            expect(
                .colon, "':' after the endpoint name '\(name.text)'",
                hint: "write an endpoint as \(name.text): GET /path { … }")
        else { return nil }
        guard let method = parseName("an HTTP method such as GET or POST, or CHANGES, BROADCAST or WEBSOCKET") else { return nil }
        if Parser.realtimeKinds.contains(method.text) {
            return parseRealtime(docs: docs, name: name, kind: method).map(GroupMemberSyntax.realtime)
        }
        return parseEndpoint(docs: docs, name: name, method: method).map(GroupMemberSyntax.endpoint)
    }

    private mutating func parseEndpoint(docs: [String], name: NameSyntax, method: NameSyntax) -> EndpointSyntax? {
        guard current.kind == .path else {
            expected("a path starting with '/' after \(method.text)")
            return nil
        }
        let pathToken = advance()
        let path = NameSyntax(text: pathToken.text, location: pathToken.location)
        let attributes = parseAttributes(acrossLines: false)
        var members: [EndpointMemberSyntax] = []
        if current.kind == .leftBrace {
            members = parseBlock(of: "endpoint '\(name.text)'") { parser, docs in
                parser.parseEndpointMember(docs: docs)
            }
        }
        return EndpointSyntax(
            docs: docs, name: name, method: method, path: path, attributes: attributes,
            members: members)
    }

    private mutating func parseEndpointMember(docs: [String]) -> EndpointMemberSyntax? {
        guard current.kind == .identifier, Parser.endpointMemberKeywords.contains(current.text) else {
            var hint = "an endpoint holds path, query, header, body and returns lines"
            if current.kind == .identifier,
                let match = Suggestion.closest(to: current.text, in: Parser.endpointMemberKeywords)
            {
                hint = "did you mean '\(match)'?"
            }
            expected("an endpoint member (path, query, header, body or returns)", hint: hint)
            return nil
        }
        let keyword = advance()
        switch keyword.text {
        case "body":
            return parseBody(docs: docs, keyword: keyword.location)
        case "returns":
            var sequence: SequenceKind?
            if current.kind == .identifier, let kind = SequenceKind(rawValue: current.text),
                peek().kind == .identifier || peek().kind == .leftBracket
            {
                advance()
                sequence = kind
            }
            guard let type = parseType() else { return nil }
            var mediaTypes: [ValueSyntax] = []
            while current.kind == .string {
                guard let mediaType = parseValue("a media type such as \"image/png\"") else { break }
                mediaTypes.append(mediaType)
                guard current.kind == .comma, peek().kind == .string else { break }
                advance()
            }
            return .returns(type, sequence: sequence, mediaTypes: mediaTypes, keyword: keyword.location)
        default:
            let kind = Parameter.Kind(rawValue: keyword.text)!
            guard let field = parseField(docs: docs, what: "\(keyword.text) parameter") else {
                return nil
            }
            return .parameter(kind, field, keyword: keyword.location)
        }
    }

    private mutating func parseBody(docs: [String], keyword: SourceLocation) -> EndpointMemberSyntax? {
        if current.kind == .identifier, current.text == "multipart" || current.text == "form",
            peek().kind == .leftBrace
        {
            let kindToken = advance()
            let fields = parseBlock(of: "\(kindToken.text) body") { parser, docs in
                parser.parseField(docs: docs, what: "\(kindToken.text) field")
            }
            let body: BodySyntax =
                kindToken.text == "multipart"
                ? .multipart(fields, location: kindToken.location)
                : .form(fields, location: kindToken.location)
            return .body(body, docs: docs, keyword: keyword)
        }
        guard let type = parseType() else { return nil }
        if case .named(let name, let arguments) = type.kind, name.text == "Bytes" || name.text == "Text", arguments.isEmpty {
            let mediaType = current.kind == .string ? parseValue("a media type such as \"image/png\"") : nil
            return .body(.raw(type, mediaType: mediaType), docs: docs, keyword: keyword)
        }
        return .body(.json(type), docs: docs, keyword: keyword)
    }
}
