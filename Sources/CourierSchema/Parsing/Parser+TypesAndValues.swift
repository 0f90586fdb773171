// Types, literal values and attributes.
extension Parser {
    /// `Name`, `Name<T, …>`, `[T]`, `[K: V]`, each optionally followed by `?`.
    mutating func parseType() -> TypeSyntax? {
        guard enterNesting(what: "type") else { return nil }
        defer { nesting -= 1 }
        let start = current.location
        var type: TypeSyntax
        switch current.kind {
        case .leftBracket:
            advance()
            guard let element = parseType() else { return nil }
            if current.kind == .colon {
                advance()
                guard let value = parseType() else { return nil }
                type = TypeSyntax(kind: .dictionary(key: element, value: value), location: start)
            } else {
                type = TypeSyntax(kind: .array(element), location: start)
            }
            guard expect(.rightBracket, "']' to close the type") else { return nil }
        case .identifier:
            let name = advance()
            var arguments: [TypeSyntax] = []
            if current.kind == .leftAngle {
                advance()
                repeat {
                    if current.kind == .comma { advance() }
                    guard let argument = parseType() else { return nil }
                    arguments.append(argument)
                } while current.kind == .comma
                guard expect(.rightAngle, "'>' to close the type arguments") else { return nil }
            }
            type = TypeSyntax(
                kind: .named(NameSyntax(text: name.text, location: name.location), arguments: arguments),
                location: start)
        default:
            expected("a type", hint: "for example String, [Task], [String: JSON] or Task?")
            return nil
        }
        if current.kind == .question {
            advance()
            type = TypeSyntax(kind: .optional(type), location: start)
            if current.kind == .question {
                error(current.location, "a type can be made optional only once", hint: "remove the extra '?'")
                advance()
            }
        }
        return type
    }

    /// A literal: string, number, duration, identifier (`true`, `nil`, an enum case), a list
    /// `[a, b]`, `[:]`, or a membership test `field in [a, b]`.
    mutating func parseValue(_ what: String) -> ValueSyntax? {
        guard enterNesting(what: "value") else { return nil }
        defer { nesting -= 1 }
        let token = current
        switch token.kind {
        case .string:
            advance()
            return ValueSyntax(kind: .string(token.text), location: token.location)
        case .integer:
            advance()
            return ValueSyntax(kind: .integer(Int64(token.text), text: token.text), location: token.location)
        case .decimal:
            advance()
            return ValueSyntax(kind: .decimal(Double(token.text) ?? 0, text: token.text), location: token.location)
        case .duration:
            advance()
            return ValueSyntax(
                kind: .duration(Parser.seconds(inDuration: token.text), text: token.text),
                location: token.location)
        case .identifier:
            advance()
            if isKeyword("in"), peek().kind == .leftBracket {
                advance()
                guard let list = parseValue("a list of values after 'in'"),
                    case .list(let items) = list.kind
                else { return nil }
                return ValueSyntax(
                    kind: .membership(NameSyntax(text: token.text, location: token.location), items),
                    location: token.location)
            }
            return ValueSyntax(kind: .identifier(token.text), location: token.location)
        case .leftBracket:
            advance()
            if current.kind == .colon, peek().kind == .rightBracket {
                advance()
                advance()
                return ValueSyntax(kind: .emptyDictionary, location: token.location)
            }
            var items: [ValueSyntax] = []
            while true {
                skipNewlines()
                if current.kind == .rightBracket { break }
                guard let item = parseValue("a value in the list") else { return nil }
                items.append(item)
                skipNewlines()
                if current.kind == .comma {
                    advance()
                } else if current.kind != .rightBracket {
                    expected("',' or ']' in the list")
                    return nil
                }
            }
            advance()
            return ValueSyntax(kind: .list(items), location: token.location)
        default:
            expected(what)
            return nil
        }
    }

    /// Attributes such as `@public` or `@poll(every: 2s, until: status in [done])`. Top-level
    /// declarations may put them on lines of their own; elsewhere they share the line.
    mutating func parseAttributes(acrossLines: Bool) -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while true {
            if acrossLines { skipNewlines() }
            guard current.kind == .at else { return attributes }
            let at = advance()
            guard current.kind == .identifier else {
                expected("an attribute name after '@'")
                return attributes
            }
            let nameToken = advance()
            let name = NameSyntax(text: nameToken.text, location: nameToken.location)
            var arguments: [AttributeSyntax.Argument]?
            if current.kind == .leftParen {
                guard let parsed = parseAttributeArguments() else { return attributes }
                arguments = parsed
            }
            attributes.append(AttributeSyntax(name: name, arguments: arguments, location: at.location))
        }
    }

    private mutating func parseAttributeArguments() -> [AttributeSyntax.Argument]? {
        advance()
        var arguments: [AttributeSyntax.Argument] = []
        while true {
            skipNewlines()
            if current.kind == .rightParen { break }
            var label: NameSyntax?
            if current.kind == .identifier, peek().kind == .colon {
                let token = advance()
                label = NameSyntax(text: token.text, location: token.location)
                advance()
            }
            guard let value = parseValue("an attribute argument") else { return nil }
            arguments.append(.init(label: label, value: value))
            skipNewlines()
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightParen {
                expected("',' or ')' in the attribute's arguments")
                return nil
            }
        }
        advance()
        return arguments
    }

    /// Refuses to nest deeper than `maximumNesting`, reporting it once.
    mutating func enterNesting(what: String) -> Bool {
        guard nesting < Parser.maximumNesting else {
            error(
                current.location, "\(what) is nested too deeply",
                hint: "at most \(Parser.maximumNesting) levels are allowed")
            return false
        }
        nesting += 1
        return true
    }

    /// Seconds in a duration literal such as `500ms`, `2s`, `1m` or `1h`.
    static func seconds(inDuration text: String) -> Double {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for unit in units where text.hasSuffix(unit.suffix) {
            return (Double(text.dropLast(unit.suffix.count)) ?? 0) * unit.scale
        }
        return 0
    }
}
