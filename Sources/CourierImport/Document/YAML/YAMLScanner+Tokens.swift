extension YAMLScanner {
    /// Finds the next token and adds it, with the block starts and ends it implies, to the queue.
    mutating func fetchNextToken() throws(DocumentError) {
        guard streamStarted else {
            streamStarted = true
            simpleKeyAllowed = true
            queue.append(YAMLToken(kind: .streamStart, start: mark))
            return
        }
        guard !streamEnded else { throw error("the text ends here") }
        try skipToNextToken()
        try removeStaleSimpleKeys()
        try checkIndentation()
        unrollIndent(mark.column)
        let firstOnLine = inIndentation
        tokenStartsLine = firstOnLine
        inIndentation = false
        let wasJSONLike = lastWasJSONLike
        lastWasJSONLike = false
        tabAfterBlockIndicator = lastWasBlockIndicator && !firstOnLine && skippedTab
        lastWasBlockIndicator = false

        let c = byte()
        if atEnd { return try fetchStreamEnd() }
        if mark.column == 0 && c == UInt8(ascii: "%") { return try fetchDirective() }
        if atDocumentMarker {
            return try fetchDocumentIndicator(c == UInt8(ascii: "-") ? .documentStart : .documentEnd)
        }
        switch c {
        case UInt8(ascii: "["): return try fetchFlowCollectionStart(.sequence)
        case UInt8(ascii: "{"): return try fetchFlowCollectionStart(.mapping)
        case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(.sequence)
        case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(.mapping)
        case UInt8(ascii: ","): return try fetchFlowEntry()
        default: break
        }
        let next = byte(1)
        if c == UInt8(ascii: "-") && Self.isBlankOrEnd(next) { return try fetchBlockEntry(firstOnLine: firstOnLine) }
        if c == UInt8(ascii: "?") && (Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next))) {
            return try fetchKey(firstOnLine: firstOnLine)
        }
        if c == UInt8(ascii: ":") && (Self.isBlankOrEnd(next) || (flowLevel > 0 && (Self.isFlowIndicator(next) || wasJSONLike))) {
            return try fetchValue(firstOnLine: firstOnLine)
        }
        switch c {
        case UInt8(ascii: "*"): return try fetchAnchor(alias: true)
        case UInt8(ascii: "&"): return try fetchAnchor(alias: false)
        case UInt8(ascii: "!"): return try fetchTag()
        case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(literal: true)
        case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(literal: false)
        case UInt8(ascii: "'"): return try fetchQuotedScalar(double: false)
        case UInt8(ascii: "\""): return try fetchQuotedScalar(double: true)
        default: break
        }
        if canStartPlainScalar(c, next) { return try fetchPlainScalar() }
        throw error("'\(Self.describe(c))' cannot start a value here\(Self.hint(for: c))")
    }

    private func canStartPlainScalar(_ c: UInt8, _ next: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return !Self.isBlankOrEnd(next) && !(flowLevel > 0 && Self.isFlowIndicator(next))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            return !Self.isBlankOrEnd(c)
        }
    }

    static func describe(_ byte: UInt8) -> String {
        byte == 0x09 ? "\\t" : byte < 0x20 || byte >= 0x80 ? "\\u{\(String(byte, radix: 16))}" : String(UnicodeScalar(byte))
    }

    private static func hint(for byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "`"): return "; '@' and '`' are reserved: quote the text"
        case UInt8(ascii: "%"): return "; a directive stands at the start of a line before '---'"
        case UInt8(ascii: "-"): return "; '- ' starts a sequence entry only in block context"
        default: return "; quote the text if it is a string"
        }
    }

    /// Tabs may separate tokens but never indent: in block context, the spaces before a tab must
    /// already be deeper than the enclosing collection, and a block indicator or a key never
    /// follows a tab in its line's indentation.
    private mutating func checkIndentation() throws(DocumentError) {
        guard inIndentation, !atEnd else { return }
        if flowLevel > 0 {
            // A closing bracket at the block's own indent is not YAML, but is common; it is read.
            let isCloser = byte() == UInt8(ascii: "]") || byte() == UInt8(ascii: "}")
            guard indentationSpaces < indent || (indentationSpaces == indent && !isCloser) else { return }
            throw error("this line of a flow collection must be indented more than the block it is in")
        }
        guard indentationHasTab, indentationSpaces <= indent else { return }
        throw tabIndentationError()
    }

    private mutating func fetchStreamEnd() throws(DocumentError) {
        if flowLevel > 0 {
            throw error("the text ends inside a flow collection; a '\(flowKinds.last == .sequence ? "]" : "}")' is missing")
        }
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        streamEnded = true
        queue.append(YAMLToken(kind: .streamEnd, start: mark))
    }

    private mutating func fetchDocumentIndicator(_ kind: YAMLTokenKind) throws(DocumentError) {
        guard flowLevel == 0 else { throw error("a document marker cannot stand inside a flow collection") }
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        for _ in 0..<3 { advance() }
        queue.append(YAMLToken(kind: kind, start: start))
    }

    private mutating func fetchFlowCollectionStart(_ kind: FlowKind) throws(DocumentError) {
        try saveSimpleKey()
        simpleKeys.append(SimpleKey())
        flowKinds.append(kind)
        guard flowKinds.count < 512 else { throw error("the collections are nested more than 512 levels deep") }
        simpleKeyAllowed = true
        let start = mark
        advance()
        queue.append(YAMLToken(kind: kind == .sequence ? .flowSequenceStart : .flowMappingStart, start: start))
    }

    private mutating func fetchFlowCollectionEnd(_ kind: FlowKind) throws(DocumentError) {
        let closer = kind == .sequence ? "]" : "}"
        guard let open = flowKinds.last else { throw error("'\(closer)' closes no flow collection") }
        guard open == kind else { throw error("'\(closer)' closes a flow \(open == .sequence ? "sequence, which ends with ']'" : "mapping, which ends with '}'")") }
        try removeSimpleKey()
        simpleKeys.removeLast()
        flowKinds.removeLast()
        simpleKeyAllowed = false
        let start = mark
        advance()
        lastWasJSONLike = true
        queue.append(YAMLToken(kind: kind == .sequence ? .flowSequenceEnd : .flowMappingEnd, start: start))
    }

    private mutating func fetchFlowEntry() throws(DocumentError) {
        guard flowLevel > 0 else { throw error("',' separates entries only inside [ ] or { }; quote the text if it is a string") }
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        queue.append(YAMLToken(kind: .flowEntry, start: start))
    }

    private mutating func fetchBlockEntry(firstOnLine: Bool) throws(DocumentError) {
        guard flowLevel == 0 else { throw error("'- ' cannot start an entry inside [ ] or { }; separate entries with ','") }
        try openBlockCollection(.blockSequenceStart, by: "a sequence entry ('- ')", firstOnLine: firstOnLine)
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        queue.append(YAMLToken(kind: .blockEntry, start: start))
    }

    /// In block context, `- ` and `? ` stand at the start of their collection's entries: they
    /// open the collection when it is deeper than the current one.
    private mutating func openBlockCollection(_ kind: YAMLTokenKind, by indicator: String, firstOnLine: Bool) throws(DocumentError) {
        guard simpleKeyAllowed else { throw error("\(indicator) cannot start here; start it on a line of its own") }
        try checkNoTabBeforeBlockCollection(firstOnLine: firstOnLine)
        rollIndent(mark.column, tokenNumber: nil, kind: kind, at: mark)
        lastWasBlockIndicator = true
    }

    private mutating func fetchKey(firstOnLine: Bool) throws(DocumentError) {
        if flowLevel == 0 { try openBlockCollection(.blockMappingStart, by: "an explicit key ('? ')", firstOnLine: firstOnLine) }
        try removeSimpleKey()
        simpleKeyAllowed = flowLevel == 0
        let start = mark
        advance()
        queue.append(YAMLToken(kind: .key, start: start))
    }

    private mutating func fetchValue(firstOnLine: Bool) throws(DocumentError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible {
            if flowLevel == 0 && key.afterTab && indent < key.mark.column {
                throw error("a tab indents this key; YAML indents with spaces", at: key.mark)
            }
            queue.insert(YAMLToken(kind: .key, start: key.mark), at: head + key.tokenNumber - tokensTaken)
            rollIndent(key.mark.column, tokenNumber: key.tokenNumber, kind: .blockMappingStart, at: key.mark)
            simpleKeys[simpleKeys.count - 1].possible = false
            simpleKeyAllowed = false
        } else {
            if flowLevel == 0 {
                guard simpleKeyAllowed else {
                    throw error("a mapping value cannot start here: the text before this ':' spans lines; is this line's indentation right, or does that text need quotes?")
                }
                try checkNoTabBeforeBlockCollection(firstOnLine: firstOnLine)
                rollIndent(mark.column, tokenNumber: nil, kind: .blockMappingStart, at: mark)
            }
            simpleKeyAllowed = flowLevel == 0
        }
        if flowLevel == 0 { lastWasBlockIndicator = true }
        let start = mark
        advance()
        queue.append(YAMLToken(kind: .value, start: start))
    }

    /// The error for a tab in a line's indentation, at the tab.
    func tabIndentationError() -> DocumentError {
        var place = mark
        place.column = indentationSpaces
        return error("a tab indents this line; YAML indents with spaces", at: place)
    }

    /// A block collection is indented with spaces: no tab may stand before its first indicator.
    private func checkNoTabBeforeBlockCollection(firstOnLine: Bool) throws(DocumentError) {
        if firstOnLine && indentationHasTab { throw tabIndentationError() }
        if tabAfterBlockIndicator { throw error("a tab stands before this nested collection; indent it with spaces") }
    }
}
