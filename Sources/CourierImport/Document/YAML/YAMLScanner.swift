/// Turns YAML text into tokens. Block structure is found from indentation: the scanner keeps
/// the stack of block indents and emits the starts and ends of block collections, and it
/// inserts the `key` token of an implicit key when the `:` after it is found.
struct YAMLScanner {
    /// A place where an implicit key may start, at one flow level.
    struct SimpleKey {
        var possible = false
        /// Whether the key must be there: a block key that stands at the block's indent.
        var required = false
        /// The number of the token the key would be inserted before.
        var tokenNumber = 0
        var mark = YAMLMark()
        /// Whether a tab stood in the indentation before the key.
        var afterTab = false
    }

    /// What a flow collection is, for the rules that differ between the two.
    enum FlowKind { case sequence, mapping }

    let bytes: [UInt8]
    var mark = YAMLMark()
    /// The tokens found but not yet taken, from `head` on.
    var queue: [YAMLToken] = []
    var head = 0
    /// How many tokens have been taken.
    var tokensTaken = 0
    var streamStarted = false
    var streamEnded = false
    /// The indent of the innermost block collection; -1 outside all.
    var indent = -1
    var indents: [Int] = []
    var simpleKeyAllowed = false
    /// One slot for the block context, then one per open flow collection.
    var simpleKeys: [SimpleKey] = [SimpleKey()]
    var flowKinds: [FlowKind] = []
    /// Whether the last token was a quoted scalar or the end of a flow collection: after those,
    /// a `:` in flow is a value indicator even without a space after it.
    var lastWasJSONLike = false
    /// Whether nothing but white space stands before the scanner on its line.
    var inIndentation = true
    /// The spaces of the line's indentation, before any tab.
    var indentationSpaces = 0
    /// Whether a tab stood in the line's indentation.
    var indentationHasTab = false
    /// Whether the token being fetched is the first on its line.
    var tokenStartsLine = false
    /// Whether the last token was `- `, `? ` or `: ` in block context.
    var lastWasBlockIndicator = false
    /// Whether a tab separates the token being fetched from a block indicator before it: then it
    /// cannot start a block collection, which would be indented by the tab.
    var tabAfterBlockIndicator = false
    /// Whether the white space skipped before the token being fetched held a tab.
    var skippedTab = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var flowLevel: Int { flowKinds.count }

    // MARK: - Taking tokens

    /// The next token, without taking it.
    mutating func peek() throws(DocumentError) -> YAMLToken {
        try fetchMoreTokens()
        return queue[head]
    }

    /// Takes the next token.
    mutating func next() throws(DocumentError) -> YAMLToken {
        try fetchMoreTokens()
        let token = queue[head]
        head += 1
        tokensTaken += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return token
    }

    private mutating func fetchMoreTokens() throws(DocumentError) {
        while true {
            var needMore = head == queue.count
            if !needMore {
                try removeStaleSimpleKeys()
                needMore = simpleKeys.contains { $0.possible && $0.tokenNumber == tokensTaken }
            }
            guard needMore else { return }
            try fetchNextToken()
        }
    }

    // MARK: - Bytes

    /// The byte `offset` places ahead, or 0 past the end.
    @inline(__always) func byte(_ offset: Int = 0) -> UInt8 {
        let position = mark.index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    var atEnd: Bool { mark.index >= bytes.count }

    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    /// A blank, a line break or the end.
    @inline(__always) static func isBlankOrEnd(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0 }
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    func isBlankOrEnd(at offset: Int) -> Bool { Self.isBlankOrEnd(byte(offset)) }

    /// Moves past one byte that is not a line break.
    @inline(__always) mutating func advance() {
        if bytes[mark.index] & 0xC0 != 0x80 { mark.column += 1 }
        mark.index += 1
    }

    /// Moves past a line break (`\n`, `\r\n` or `\r`) and returns it as `\n`.
    mutating func skipBreak() {
        if byte() == 0x0D && byte(1) == 0x0A { mark.index += 1 }
        mark.index += 1
        mark.line += 1
        mark.column = 0
        inIndentation = true
        indentationSpaces = 0
        indentationHasTab = false
    }

    func error(_ message: String, at place: YAMLMark? = nil) -> DocumentError {
        let place = place ?? mark
        return DocumentError(line: place.line, column: place.column + 1, message: message)
    }

    /// Whether the scanner stands at `---` or `...` at the start of a line, followed by a blank.
    var atDocumentMarker: Bool {
        guard mark.column == 0, mark.index + 3 <= bytes.count else { return false }
        let first = bytes[mark.index]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[mark.index + 1] == first && bytes[mark.index + 2] == first && isBlankOrEnd(at: 3)
    }

    // MARK: - Between tokens

    /// Skips white space, comments and line breaks up to the next token.
    mutating func skipToNextToken() throws(DocumentError) {
        skippedTab = false
        while true {
            if mark.index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { mark.index = 3 }
            while Self.isBlank(byte()) {
                if inIndentation {
                    if byte() == 0x09 { indentationHasTab = true } else if !indentationHasTab { indentationSpaces += 1 }
                }
                if byte() == 0x09 { skippedTab = true }
                advance()
            }
            if byte() == UInt8(ascii: "#") {
                if mark.index > 0, !Self.isBlankOrEnd(bytes[mark.index - 1]) {
                    throw error("a comment needs a space before its '#'")
                }
                while !atEnd, !Self.isBreak(byte()) { advance() }
            }
            guard Self.isBreak(byte()) else { return }
            skipBreak()
            if flowLevel == 0 { simpleKeyAllowed = true }
        }
    }

    // MARK: - Indentation

    /// Opens a block collection at `column` when it is deeper than the current indent.
    mutating func rollIndent(_ column: Int, tokenNumber: Int?, kind: YAMLTokenKind, at place: YAMLMark) {
        guard flowLevel == 0, indent < column else { return }
        indents.append(indent)
        indent = column
        let token = YAMLToken(kind: kind, start: place)
        if let tokenNumber {
            queue.insert(token, at: head + tokenNumber - tokensTaken)
        } else {
            queue.append(token)
        }
    }

    /// Closes the block collections deeper than `column`.
    mutating func unrollIndent(_ column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            queue.append(YAMLToken(kind: .blockEnd, start: mark))
            indent = indents.removeLast()
        }
    }

    // MARK: - Implicit keys

    /// Notes that an implicit key may start here.
    mutating func saveSimpleKey() throws(DocumentError) {
        let required = flowLevel == 0 && indent == mark.column
        guard simpleKeyAllowed else { return }
        try removeSimpleKey()
        simpleKeys[simpleKeys.count - 1] = SimpleKey(
            possible: true, required: required, tokenNumber: tokensTaken + queue.count - head, mark: mark,
            afterTab: flowLevel == 0 && ((tokenStartsLine && indentationHasTab) || tabAfterBlockIndicator))
    }

    /// Drops the implicit key at this level; a required one that found no `:` is an error.
    mutating func removeSimpleKey() throws(DocumentError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible && key.required {
            throw error("this line has no ':' after its key; a mapping's entries are 'key: value'", at: key.mark)
        }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    /// An implicit key ends on its line (in a flow mapping too, a key may span lines) and within
    /// 1,024 characters.
    mutating func removeStaleSimpleKeys() throws(DocumentError) {
        for level in simpleKeys.indices where simpleKeys[level].possible {
            let key = simpleKeys[level]
            let inFlowMapping = level > 0 && flowKinds[level - 1] == .mapping
            let stale = (!inFlowMapping && key.mark.line < mark.line) || key.mark.index + 1024 < mark.index
            guard stale else { continue }
            if key.required {
                throw error("this line has no ':' after its key; a mapping's entries are 'key: value'", at: key.mark)
            }
            simpleKeys[level].possible = false
        }
    }
}
