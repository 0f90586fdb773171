// Realtime members of a group: table subscriptions, broadcast channels, WebSocket endpoints.
extension Parser {
    static let realtimeKinds = ["CHANGES", "BROADCAST", "WEBSOCKET"]
    static let realtimeLineKeywords = ["filter", "row", "old", "events", "event", "sends", "receives", "path", "query", "header"]

    /// After `name: KIND`: the table (a name, or a string such as "audit.tasks"), the topic (a
    /// string) or the path, the attributes, and the block.
    mutating func parseRealtime(docs: [String], name: NameSyntax, kind: NameSyntax) -> RealtimeSyntax? {
        let target: NameSyntax
        switch (kind.text, current.kind) {
        case ("CHANGES", .identifier), ("CHANGES", .string), ("BROADCAST", .string), ("WEBSOCKET", .path):
            let token = advance()
            // A string's text starts after its opening quote.
            target = NameSyntax(text: token.text, location: token.kind == .string ? token.location.advanced(by: 1) : token.location)
        default:
            let what = kind.text == "CHANGES" ? "the table's name" : kind.text == "BROADCAST" ? "the channel's topic in quotes" : "a path starting with '/'"
            let example = kind.text == "CHANGES" ? "CHANGES tasks { … }" : kind.text == "BROADCAST" ? "BROADCAST \"room:{roomId}\" { … }" : "WEBSOCKET /v1/socket { … }"
            expected("\(what) after \(kind.text)", hint: "write \(name.text): \(example)")
            return nil
        }
        let attributes = parseAttributes(acrossLines: false)
        var lines: [RealtimeMemberLineSyntax] = []
        if current.kind == .leftBrace {
            lines = parseBlock(of: "'\(name.text)'") { parser, docs in parser.parseRealtimeLine(docs: docs) }
        }
        return RealtimeSyntax(docs: docs, name: name, kind: kind, target: target, attributes: attributes, lines: lines)
    }

    private mutating func parseRealtimeLine(docs: [String]) -> RealtimeMemberLineSyntax? {
        guard current.kind == .identifier, Parser.realtimeLineKeywords.contains(current.text) else {
            var hint = "a realtime member holds filter, row, old, events, event, sends, receives, path, query and header lines"
            if current.kind == .identifier, let match = Suggestion.closest(to: current.text, in: Parser.realtimeLineKeywords) {
                hint = "did you mean '\(match)'?"
            }
            expected("a line such as 'row Model' or 'filter id: UUID'", hint: hint)
            return nil
        }
        let keyword = advance()
        let word = NameSyntax(text: keyword.text, location: keyword.location)
        switch keyword.text {
        case "filter", "event":
            guard let field = parseField(docs: docs, what: keyword.text) else { return nil }
            return keyword.text == "filter" ? .filter(field, keyword: keyword.location) : .event(field, keyword: keyword.location)
        case "events":
            var names: [NameSyntax] = []
            while let name = parseName("insert, update, delete or all") {
                names.append(name)
                guard current.kind == .comma else { break }
                advance()
            }
            return .events(names, keyword: keyword.location)
        case "path", "query", "header":
            guard let field = parseField(docs: docs, what: "\(keyword.text) parameter") else { return nil }
            return .parameter(Parameter.Kind(rawValue: keyword.text)!, field, keyword: keyword.location)
        default:
            guard let type = parseType() else { return nil }
            return .type(word, type)
        }
    }
}
