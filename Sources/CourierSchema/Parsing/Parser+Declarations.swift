// The top-level declarations: api, model, enum, union, alias, group.
extension Parser {
    static let apiSettingKeywords = ["header", "auth", "apikey", "idempotency", "keys", "dates", "error", "baseURL", "mocks", "realtime"]

    mutating func parseAPIBlock(docs: [String], attributes: [AttributeSyntax]) -> APIBlockSyntax? {
        guard let name = parseName("the API's name after 'api'") else { return nil }
        let settings = parseBlock(of: "api '\(name.text)'") { parser, docs in
            parser.parseAPISetting()
        }
        return APIBlockSyntax(docs: docs, attributes: attributes, name: name, settings: settings)
    }

    /// `header "X" = "v"`, `auth bearer`, `apikey header "apikey"`,
    /// `idempotency header "Idempotency-Key"`, `keys snake_case`, `dates iso8601`, `error ErrorBody`,
    /// `mocks typed`.
    private mutating func parseAPISetting() -> APISettingSyntax? {
        guard current.kind == .identifier, Parser.apiSettingKeywords.contains(current.text) else {
            var hint = "the api block holds header, auth, apikey, idempotency, keys, dates, error, baseURL, mocks and realtime settings"
            if current.kind == .identifier,
                let match = Suggestion.closest(to: current.text, in: Parser.apiSettingKeywords)
            {
                hint = "did you mean '\(match)'?"
            }
            expected("an api setting", hint: hint)
            return nil
        }
        let keywordToken = advance()
        let keyword = NameSyntax(text: keywordToken.text, location: keywordToken.location)
        var values: [ValueSyntax] = []
        switch keyword.text {
        case "header":
            guard let headerName = parseString("the header's name in quotes") else { return nil }
            guard expect(.equals, "'=' after the header's name", hint: "write header \"X-Name\" = \"value\"")
            else { return nil }
            guard let value = parseString("the header's value in quotes") else { return nil }
            values = [headerName, value]
        case "baseURL":
            guard let url = parseString("the base URL in quotes, such as \"https://api.example.com/v1\"") else { return nil }
            values = [url]
        case "realtime":
            guard let path = parseString("the realtime socket's path in quotes, such as \"/realtime/v1/websocket\"") else { return nil }
            values = [path]
        case "apikey", "idempotency":
            guard let placement = parseName("'header' after '\(keyword.text)'") else { return nil }
            values.append(ValueSyntax(kind: .identifier(placement.text), location: placement.location))
            let what = keyword.text == "apikey" ? "the API key header's name in quotes" : "the idempotency key header's name in quotes"
            guard let headerName = parseString(what) else { return nil }
            values.append(headerName)
        default:
            guard let word = parseName("a value after '\(keyword.text)'") else { return nil }
            values = [ValueSyntax(kind: .identifier(word.text), location: word.location)]
        }
        return APISettingSyntax(keyword: keyword, values: values)
    }

    mutating func parseString(_ what: String) -> ValueSyntax? {
        guard current.kind == .string else {
            expected(what)
            return nil
        }
        let token = advance()
        return ValueSyntax(kind: .string(token.text), location: token.location)
    }

    mutating func parseModel(docs: [String], attributes: [AttributeSyntax]) -> ModelSyntax? {
        guard let name = parseName("the model's name after 'model'") else { return nil }
        let fields = parseBlock(of: "model '\(name.text)'") { parser, docs in
            parser.parseField(docs: docs, what: "field")
        }
        return ModelSyntax(docs: docs, attributes: attributes, name: name, fields: fields)
    }

    /// `alias Name = Type`.
    mutating func parseAlias(docs: [String], attributes: [AttributeSyntax]) -> AliasSyntax? {
        guard let name = parseName("the alias's name after 'alias'") else { return nil }
        guard expect(.equals, "'=' after the alias's name '\(name.text)'", hint: "write alias \(name.text) = Type")
        else { return nil }
        guard let target = parseType() else { return nil }
        guard current.kind == .newline || current.kind == .endOfFile || current.kind == .comment else {
            expected("the end of the line after the alias's type", hint: "an alias names one type: alias \(name.text) = Type")
            return nil
        }
        return AliasSyntax(docs: docs, attributes: attributes, name: name, target: target)
    }

    /// `name: Type [= default] @attributes`, used for model fields, parameters and form fields.
    mutating func parseField(docs: [String], what: String) -> FieldSyntax? {
        guard let name = parseName("a \(what) name") else { return nil }
        guard
            expect(
                .colon, "':' after the \(what) name '\(name.text)'",
                hint: "write a \(what) as \(name.text): Type")
        else { return nil }
        guard let type = parseType() else { return nil }
        var defaultValue: ValueSyntax?
        if current.kind == .equals {
            advance()
            guard let value = parseValue("a default value after '='") else { return nil }
            defaultValue = value
        }
        let attributes = parseAttributes(acrossLines: false)
        return FieldSyntax(
            docs: docs, name: name, type: type, defaultValue: defaultValue, attributes: attributes)
    }

    mutating func parseEnum(docs: [String], attributes: [AttributeSyntax]) -> EnumSyntax? {
        guard let name = parseName("the enum's name after 'enum'") else { return nil }
        var rawType: NameSyntax?
        if current.kind == .colon {
            advance()
            guard let type = parseName("the enum's value type after ':', such as Int") else { return nil }
            rawType = type
        }
        let cases = parseBlock(of: "enum '\(name.text)'") { parser, docs in
            parser.parseEnumCase(docs: docs)
        }
        return EnumSyntax(docs: docs, attributes: attributes, name: name, rawType: rawType, cases: cases)
    }

    private mutating func parseEnumCase(docs: [String]) -> EnumCaseSyntax? {
        guard let name = parseName("an enum case name") else { return nil }
        var wireValue: ValueSyntax?
        if current.kind == .equals {
            advance()
            if current.kind == .integer {
                let token = advance()
                wireValue = ValueSyntax(kind: .integer(Int64(token.text), text: token.text), location: token.location)
            } else {
                wireValue = parseString("the case's wire value in quotes after '='")
            }
        }
        let attributes = parseAttributes(acrossLines: false)
        return EnumCaseSyntax(docs: docs, name: name, wireValue: wireValue, attributes: attributes)
    }

    mutating func parseUnion(docs: [String], attributes: [AttributeSyntax]) -> UnionSyntax? {
        guard let name = parseName("the union's name after 'union'") else { return nil }
        var tag: ValueSyntax?
        if isKeyword("tag") {
            advance()
            tag = parseString("the tag key in quotes after 'tag'")
        }
        let variants = parseBlock(of: "union '\(name.text)'") { parser, docs in
            parser.parseUnionVariant(docs: docs)
        }
        return UnionSyntax(docs: docs, attributes: attributes, name: name, tag: tag, variants: variants)
    }

    private mutating func parseUnionVariant(docs: [String]) -> UnionVariantSyntax? {
        guard let name = parseName("a union variant name") else { return nil }
        var tagValue: ValueSyntax?
        if current.kind == .equals {
            advance()
            if current.kind == .integer {
                let token = advance()
                tagValue = ValueSyntax(kind: .integer(Int64(token.text), text: token.text), location: token.location)
            } else {
                tagValue = parseString("the variant's tag value after '=': text in quotes, or a whole number")
            }
        }
        guard
            expect(
                .colon, "':' and the variant's model after '\(name.text)'",
                hint: "write a variant as \(name.text): ModelName")
        else { return nil }
        guard let type = parseType() else { return nil }
        let attributes = parseAttributes(acrossLines: false)
        return UnionVariantSyntax(
            docs: docs, name: name, tagValue: tagValue, type: type, attributes: attributes)
    }

    mutating func parseGroup(docs: [String], attributes: [AttributeSyntax]) -> GroupSyntax? {
        guard let name = parseName("the group's name after 'group'") else { return nil }
        let members = parseBlock(of: "group '\(name.text)'") { parser, docs in
            parser.parseGroupMember(docs: docs)
        }
        return GroupSyntax(docs: docs, attributes: attributes, name: name, members: members)
    }
}
