/// Block and flow collections, built from their tokens.
extension YAMLParser {
    private static func isAny(_ kind: YAMLTokenKind, of kinds: YAMLTokenKind...) -> Bool {
        kinds.contains { Self.sameCase($0, kind) }
    }

    private static func sameCase(_ a: YAMLTokenKind, _ b: YAMLTokenKind) -> Bool {
        switch (a, b) {
        case (.key, .key), (.value, .value), (.blockEnd, .blockEnd), (.blockEntry, .blockEntry), (.flowEntry, .flowEntry),
            (.flowSequenceEnd, .flowSequenceEnd), (.flowMappingEnd, .flowMappingEnd):
            return true
        default:
            return false
        }
    }

    /// A child node; its weight is added to its collection's.
    private mutating func child(block: Bool, indentlessSequence: Bool, weight: inout Int) throws(DocumentError) -> Composed {
        let composed = try parseNode(block: block, indentlessSequence: indentlessSequence)
        weight = min(weight + composed.weight, Self.maximumWeight)
        return composed
    }

    /// A collection of `weight` values; refused past the limit, which only aliases can reach.
    private static func collection(_ node: DocumentNode, weight: Int, at token: YAMLToken) throws(DocumentError) -> Composed {
        guard weight < Self.maximumWeight else {
            throw Self.error("the aliases here expand to more than \(Self.maximumWeight) values; is this document built to exhaust its reader?", at: token)
        }
        return Composed(node: node, keyText: nil, weight: weight)
    }

    mutating func parseBlockSequence() throws(DocumentError) -> Composed {
        let start = try scanner.next()
        var elements: [DocumentNode] = []
        var weight = 1
        while true {
            let token = try scanner.next()
            switch token.kind {
            case .blockEntry:
                let next = try scanner.peek().kind
                elements.append(Self.isAny(next, of: .blockEntry, .blockEnd) ? .null : try child(block: true, indentlessSequence: false, weight: &weight).node)
            case .blockEnd:
                return try Self.collection(.array(elements), weight: weight, at: start)
            default:
                throw Self.error("expected '- ' here: is this line indented like the entries of its sequence?", at: token)
            }
        }
    }

    mutating func parseIndentlessSequence() throws(DocumentError) -> Composed {
        let start = try scanner.peek()
        var elements: [DocumentNode] = []
        var weight = 1
        while case .blockEntry = try scanner.peek().kind {
            _ = try scanner.next()
            let next = try scanner.peek().kind
            elements.append(Self.isAny(next, of: .blockEntry, .key, .value, .blockEnd) ? .null : try child(block: true, indentlessSequence: false, weight: &weight).node)
        }
        return try Self.collection(.array(elements), weight: weight, at: start)
    }

    mutating func parseBlockMapping() throws(DocumentError) -> Composed {
        let start = try scanner.next()
        var mapping = MappingBuilder()
        var weight = 1
        while true {
            let token = try scanner.peek()
            var key = Composed.empty
            switch token.kind {
            case .key:
                _ = try scanner.next()
                if !Self.isAny(try scanner.peek().kind, of: .key, .value, .blockEnd) { key = try child(block: true, indentlessSequence: true, weight: &weight) }
            case .value:
                break
            case .blockEnd:
                _ = try scanner.next()
                return try Self.collection(.object(mapping.finish()), weight: weight, at: start)
            default:
                throw Self.error("expected a key here: is this line indented like the keys of its mapping?", at: token)
            }
            var value = DocumentNode.null
            if case .value = try scanner.peek().kind {
                _ = try scanner.next()
                if !Self.isAny(try scanner.peek().kind, of: .key, .value, .blockEnd) {
                    value = try child(block: true, indentlessSequence: true, weight: &weight).node
                }
            }
            try mapping.add(key, value, at: token)
        }
    }

    mutating func parseFlowSequence() throws(DocumentError) -> Composed {
        let start = try scanner.next()
        var elements: [DocumentNode] = []
        var weight = 1
        while try startFlowEntry(closer: .flowSequenceEnd, isFirst: elements.isEmpty) {
            let token = try scanner.peek()
            if Self.isAny(token.kind, of: .key, .value) {
                // A single pair, `[key: value]`, is a mapping of one entry.
                var pair = MappingBuilder()
                let (key, value) = try parseFlowPair(closer: .flowSequenceEnd, weight: &weight)
                try pair.add(key, value, at: token)
                elements.append(.object(pair.finish()))
            } else {
                elements.append(try child(block: false, indentlessSequence: false, weight: &weight).node)
            }
        }
        return try Self.collection(.array(elements), weight: weight, at: start)
    }

    mutating func parseFlowMapping() throws(DocumentError) -> Composed {
        let start = try scanner.next()
        var mapping = MappingBuilder()
        var weight = 1
        var isFirst = true
        while try startFlowEntry(closer: .flowMappingEnd, isFirst: isFirst) {
            isFirst = false
            let token = try scanner.peek()
            if Self.isAny(token.kind, of: .key, .value) {
                let (key, value) = try parseFlowPair(closer: .flowMappingEnd, weight: &weight)
                try mapping.add(key, value, at: token)
            } else {
                try mapping.add(try child(block: false, indentlessSequence: false, weight: &weight), .null, at: token)
            }
        }
        return try Self.collection(.object(mapping.finish()), weight: weight, at: start)
    }

    /// Takes the `,` before an entry; returns false, having taken the closing bracket, at the end.
    private mutating func startFlowEntry(closer: YAMLTokenKind, isFirst: Bool) throws(DocumentError) -> Bool {
        var token = try scanner.peek()
        if Self.sameCase(token.kind, closer) {
            _ = try scanner.next()
            return false
        }
        if !isFirst {
            let bracket = Self.sameCase(closer, .flowSequenceEnd) ? "]" : "}"
            guard case .flowEntry = token.kind else { throw Self.error("expected ',' or '\(bracket)' here", at: token) }
            _ = try scanner.next()
            token = try scanner.peek()
            if Self.sameCase(token.kind, closer) {
                _ = try scanner.next()
                return false
            }
        }
        return true
    }

    /// `key: value`, `? key : value` or `: value` inside a flow collection.
    private mutating func parseFlowPair(closer: YAMLTokenKind, weight: inout Int) throws(DocumentError) -> (Composed, DocumentNode) {
        var key = Composed.empty
        if case .key = try scanner.peek().kind {
            _ = try scanner.next()
            if !Self.isAny(try scanner.peek().kind, of: .value, .flowEntry, closer) { key = try child(block: false, indentlessSequence: false, weight: &weight) }
        }
        var value = DocumentNode.null
        if case .value = try scanner.peek().kind {
            _ = try scanner.next()
            if !Self.isAny(try scanner.peek().kind, of: .flowEntry, closer) { value = try child(block: false, indentlessSequence: false, weight: &weight).node }
        }
        return (key, value)
    }
}
