// Realtime members of a group: table subscriptions, broadcast channels, WebSocket endpoints.
extension Checker {
    /// With a realtime member, the generated code imports CourierRealtime and declares each
    /// broadcast channel's message enum: no schema type may take one of those names.
    func checkRealtimeNames(_ groups: [Group], declarations: [DeclarationSyntax]) {
        let members = groups.flatMap(\.realtime)
        guard !members.isEmpty else { return }
        var declared: [String: SourceLocation] = [:]
        for declaration in declarations {
            switch declaration {
            case .model(let syntax): declared[syntax.name.text] = declared[syntax.name.text] ?? syntax.name.location
            case .enumeration(let syntax): declared[syntax.name.text] = declared[syntax.name.text] ?? syntax.name.location
            case .union(let syntax): declared[syntax.name.text] = declared[syntax.name.text] ?? syntax.name.location
            case .alias(let syntax): declared[syntax.name.text] = declared[syntax.name.text] ?? syntax.name.location
            case .api, .group: break
            }
        }
        for (name, location) in declared.sorted(by: { $0.value < $1.value }) where Self.realtimeTypeNames.contains(name) {
            log.error(
                location, "type name '\(name)' would clash with a CourierRealtime type, which the realtime members' code imports",
                hint: "choose a more specific name, such as 'App\(name)'")
        }
        for member in members {
            guard case .broadcast = member.kind else { continue }
            let enumName = member.messageTypeName
            if let location = declared[enumName] {
                log.error(
                    member.location, "'\(member.name)' generates the enum '\(enumName)' for its messages, which the schema declares too",
                    hint: "rename the channel or the type", notes: [.init(location: location, message: "'\(enumName)' is declared here")])
            }
        }
    }

    func checkRealtime(_ syntax: RealtimeSyntax, groupAuth: AuthScheme?) -> RealtimeEndpoint? {
        let memberAttributes = attributes(syntax.attributes, at: .realtime)
        let kind: RealtimeEndpoint.Kind?
        switch syntax.kind.text {
        case "CHANGES":
            kind = checkTableSubscription(syntax).map(RealtimeEndpoint.Kind.tableChanges)
        case "BROADCAST":
            kind = checkBroadcast(syntax).map(RealtimeEndpoint.Kind.broadcast)
        default:
            let auth = authOverride(memberAttributes, of: "'\(syntax.name.text)'") ?? groupAuth ?? settings.auth
            kind = checkWebSocket(syntax, auth: auth).map(RealtimeEndpoint.Kind.webSocket)
        }
        if syntax.kind.text != "WEBSOCKET" {
            if settings.realtimePath == nil {
                log.error(
                    syntax.kind.location, "'\(syntax.name.text)' travels on the API's realtime socket, and the api block names none",
                    hint: "add realtime \"/realtime/v1/websocket\" (Supabase's path) to the api block")
            }
            if let attribute = memberAttributes["public"] ?? memberAttributes["auth"] {
                log.error(
                    attribute.location, "'@\(attribute.name.text)' does not apply to \(syntax.kind.text): the realtime socket joins with the session's token",
                    hint: "remove it")
            }
        }
        guard let kind else { return nil }
        return RealtimeEndpoint(name: syntax.name.text, docs: syntax.docs, kind: kind, location: syntax.name.location)
    }

    /// Rejects the lines a kind of member does not have.
    private func allowOnly(_ keywords: Set<String>, in syntax: RealtimeSyntax) {
        for line in syntax.lines {
            let (word, location) = Self.keyword(of: line)
            guard !keywords.contains(word) else { continue }
            log.error(
                location, "\(syntax.kind.text) has no '\(word)' line",
                hint: "\(syntax.kind.text) takes " + keywords.sorted().joined(separator: ", "))
        }
    }

    private static func keyword(of line: RealtimeMemberLineSyntax) -> (String, SourceLocation) {
        switch line {
        case .parameter(let kind, _, let keyword): return (kind.rawValue, keyword)
        case .filter(_, let keyword): return ("filter", keyword)
        case .event(_, let keyword): return ("event", keyword)
        case .events(_, let keyword): return ("events", keyword)
        case .type(let word, _): return (word.text, word.location)
        }
    }

    /// The type of the one `word` line (`row`, `old`, `sends`, `receives`), or nil.
    private func typeLine(_ word: String, in syntax: RealtimeSyntax) -> (TypeSyntax, SourceLocation)? {
        var found: (TypeSyntax, SourceLocation)?
        for case .type(let keyword, let type) in syntax.lines where keyword.text == word {
            if let first = found {
                log.error(keyword.location, "'\(syntax.name.text)' has more than one '\(word)'", notes: [.init(location: first.1, message: "the first is here")])
                continue
            }
            found = (type, keyword.location)
        }
        return found
    }

    // MARK: - CHANGES

    private func checkTableSubscription(_ syntax: RealtimeSyntax) -> TableSubscription? {
        allowOnly(["row", "old", "filter", "events"], in: syntax)
        let parts = syntax.target.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
            log.error(syntax.target.location, "'\(syntax.target.text)' is not a table's name", hint: "write tasks, or \"schema.table\" outside public")
            return nil
        }
        let events = checkTableEvents(syntax)
        guard let (rowSyntax, _) = typeLine("row", in: syntax) else {
            log.error(syntax.name.location, "'\(syntax.name.text)' does not say what a row of \(syntax.target.text) is", hint: "add 'row Model', the model of the table's columns")
            return nil
        }
        guard let row = resolve(rowSyntax) else { return nil }
        guard case .model(let rowName) = row, let rowModel = checkedModels[rowName] else {
            log.error(rowSyntax.location, "a row must be a model, not '\(row)'", hint: "declare a model of the table's columns")
            return nil
        }
        var old: TypeRef?
        if let (oldSyntax, _) = typeLine("old", in: syntax), let resolved = resolve(oldSyntax) {
            if case .model(let oldName) = resolved, let oldModel = checkedModels[oldName] {
                checkOldRow(oldModel, against: rowModel, at: oldSyntax.location)
                old = resolved
            } else {
                log.error(oldSyntax.location, "'old' must be a model, not '\(resolved)'", hint: "declare a model of the replica identity's columns")
            }
        } else if events.contains(.update) || events.contains(.delete) {
            log.error(
                syntax.name.location, "'\(syntax.name.text)' follows updates or deletes and does not say what the server sends of the old row",
                hint: "add 'old Key', a model of the primary key's columns (the table's replica identity DEFAULT), or 'old \(rowName)' for FULL")
        }
        var filter: Parameter?
        for case .filter(let field, let keyword) in syntax.lines {
            if filter != nil {
                log.error(keyword, "Supabase Realtime filters a subscription on one column", hint: "keep one filter, and filter the rest in the app")
                continue
            }
            filter = checkFilter(field, row: rowModel)
        }
        if let filter, events.contains(.delete), let old, case .model(let oldName) = old,
            let oldModel = checkedModels[oldName], !oldModel.fields.contains(where: { $0.wireName == filter.wireName })
        {
            log.warning(
                filter.location, "deletions cannot be filtered on '\(filter.name)': the old row '\(oldName)' does not hold that column",
                hint: "follow insert and update only (events insert, update), filter on a column of the old row, or send the whole row (replica identity FULL, old \(rowName))")
        }
        return TableSubscription(
            schema: parts.count == 2 ? parts[0] : "public", table: parts.last!, row: row, old: old, events: events, filter: filter)
    }

    private func checkTableEvents(_ syntax: RealtimeSyntax) -> [TableChangeKind] {
        var kinds: Set<TableChangeKind> = []
        var seen = false
        for case .events(let names, let keyword) in syntax.lines {
            if seen {
                log.error(keyword, "'\(syntax.name.text)' has more than one 'events' line", hint: "list every kind on one line: events insert, update")
            }
            seen = true
            for name in names {
                if name.text == "all" {
                    kinds.formUnion(TableChangeKind.allCases)
                } else if let kind = TableChangeKind(rawValue: name.text) {
                    kinds.insert(kind)
                } else {
                    let known = TableChangeKind.allCases.map(\.rawValue) + ["all"]
                    log.error(name.location, "unknown kind of change '\(name.text)'\(Suggestion.didYouMean(name.text, in: known))", hint: "write insert, update, delete or all")
                }
            }
        }
        return seen ? TableChangeKind.allCases.filter(kinds.contains) : TableChangeKind.allCases
    }

    /// Every field of the old row's model is a column of the row, of the same type and key.
    private func checkOldRow(_ old: Model, against row: Model, at location: SourceLocation) {
        for field in old.fields {
            guard let column = row.fields.first(where: { $0.wireName == field.wireName }) else {
                log.error(
                    field.location, "'\(old.name).\(field.name)' is not a column of the row '\(row.name)'",
                    hint: "the old row holds columns of the table: its primary key, or every column", notes: [.init(location: location, message: "used as the old row here")])
                continue
            }
            if column.type.unwrappedNullable != field.type.unwrappedNullable {
                log.error(field.location, "'\(old.name).\(field.name)' is '\(field.type)', and the row's '\(column.name)' is '\(column.type)'", hint: "give it the column's type")
            }
        }
    }

    private func checkFilter(_ field: FieldSyntax, row: Model) -> Parameter? {
        guard let parameter = checkParameter(field, kind: .query) else { return nil }
        guard let column = row.fields.first(where: { $0.name == field.name.text }) else {
            log.error(
                field.name.location, "'\(field.name.text)' is not a field of the row '\(row.name)'\(Suggestion.didYouMean(field.name.text, in: row.fields.map(\.name)))",
                hint: "a filter compares one column of the row with the method's argument: name the row's field")
            return nil
        }
        guard parameter.type.unwrapped.isTextValue, parameter.type.unwrapped == column.type.unwrappedNullable else {
            log.error(field.type.location, "the filter on '\(column.name)' must be its column's type, '\(column.type.unwrappedNullable)', or optional", hint: "write filter \(column.name): \(column.type.unwrappedNullable)")
            return nil
        }
        var filter = parameter
        filter.wireName = column.wireName
        return filter
    }

    // MARK: - BROADCAST

    private func checkBroadcast(_ syntax: RealtimeSyntax) -> BroadcastChannelSpec? {
        allowOnly(["path", "event"], in: syntax)
        let topic = PathRules.parse(syntax.target, log: &log)
        let parameters = syntax.lines.compactMap { line -> Parameter? in
            guard case .parameter(let kind, let field, _) = line else { return nil }
            return checkParameter(field, kind: kind)
        }
        if let topic { checkPlaceholders(topic, written: syntax.target, parameters: parameters) }
        var events: [BroadcastEventSpec] = []
        var wireNames: [String: SourceLocation] = [:]
        for case .event(let field, _) in syntax.lines {
            guard let type = resolve(field.type) else { continue }
            let fieldAttributes = attributes(field.attributes, at: .field)
            let wireName = self.wireName(fieldAttributes) ?? field.name.text
            if let first = wireNames[wireName] {
                log.error(field.name.location, "event '\(wireName)' is declared twice", notes: [.init(location: first, message: "first declared here")])
                continue
            }
            wireNames[wireName] = field.name.location
            events.append(BroadcastEventSpec(name: field.name.text, wireName: wireName, type: type, docs: field.docs, location: field.name.location))
        }
        if events.isEmpty {
            log.error(syntax.name.location, "'\(syntax.name.text)' declares no event", hint: "add 'event name: Payload' for each kind of message")
        }
        guard let topic else { return nil }
        return BroadcastChannelSpec(topic: topic, parameters: parameters, events: events)
    }

    // MARK: - WEBSOCKET

    private func checkWebSocket(_ syntax: RealtimeSyntax, auth: AuthScheme) -> WebSocketEndpoint? {
        allowOnly(["path", "query", "header", "sends", "receives"], in: syntax)
        let path = PathRules.parse(syntax.target, log: &log)
        let parameters = syntax.lines.compactMap { line -> Parameter? in
            guard case .parameter(let kind, let field, _) = line else { return nil }
            return checkParameter(field, kind: kind)
        }
        if let path { checkPlaceholders(path, written: syntax.target, parameters: parameters) }
        let sends = typeLine("sends", in: syntax).flatMap { resolve($0.0) }
        guard let (receivesSyntax, _) = typeLine("receives", in: syntax) else {
            log.error(syntax.name.location, "'\(syntax.name.text)' does not say what the server sends", hint: "add 'receives ServerMessage', usually a tagged union")
            return nil
        }
        guard let receives = resolve(receivesSyntax), let path else { return nil }
        return WebSocketEndpoint(path: path, parameters: parameters, sends: sends, receives: receives, auth: auth)
    }
}
