/// Builds the value of a YAML document from the scanner's tokens: collections, anchors and
/// aliases, `<<` merge keys, tags, and scalars resolved by the YAML 1.2 core schema.
struct YAMLParser {
    /// A node, and the text it has when it is a mapping's key (scalars only).
    struct Composed {
        var node: DocumentNode
        var keyText: String?
        /// Whether it is an untagged plain scalar, the only kind that `<<` merges as.
        var isPlain = false
        /// How many values it holds, counted through aliases.
        var weight = 1

        static let empty = Composed(node: .null, keyText: nil)
    }

    var scanner: YAMLScanner
    private var anchors: [String: Composed] = [:]
    private var tagPrefixes: [String: String] = [:]
    private var depth = 0
    private static let maximumDepth = 512
    /// The most values a document may expand to through its aliases.
    static let maximumWeight = 10_000_000

    init(_ bytes: [UInt8]) { scanner = YAMLScanner(bytes) }

    /// Reads the one document of a stream; a second document is refused.
    mutating func readDocument() throws(DocumentError) -> DocumentNode {
        _ = try scanner.next()
        var result: DocumentNode?
        while true {
            let token = try scanner.peek()
            if case .streamEnd = token.kind { break }
            if result != nil {
                throw Self.error("a second YAML document starts here; an API description is one document, so split the file", at: token)
            }
            result = try document()
        }
        return result ?? .null
    }

    /// A document: its directives, `---`, its node, and any `...` after it.
    private mutating func document() throws(DocumentError) -> DocumentNode {
        tagPrefixes = ["!": "!", "!!": "tag:yaml.org,2002:"]
        var sawVersion = false
        var sawDirective = false
        var declared: Set<String> = []
        loop: while true {
            let token = try scanner.peek()
            switch token.kind {
            case .versionDirective:
                guard !sawVersion else { throw Self.error("a document has one '%YAML' directive", at: token) }
                sawVersion = true
            case .tagDirective(let handle, let prefix):
                guard declared.insert(handle).inserted else { throw Self.error("the tag handle \(handle) is declared twice", at: token) }
                tagPrefixes[handle] = prefix
            default: break loop
            }
            sawDirective = true
            _ = try scanner.next()
        }
        let start = try scanner.peek()
        if case .documentStart = start.kind {
            _ = try scanner.next()
        } else if sawDirective {
            throw Self.error("directives need a '---' line after them", at: start)
        }
        var node = DocumentNode.null
        let content = try scanner.peek()
        if !Self.endsDocument(content.kind) {
            node = try parseNode(block: true, indentlessSequence: false).node
        }
        let after = try scanner.peek()
        guard Self.endsDocument(after.kind) else {
            throw Self.error("unexpected text after the document's value; is its indentation right?", at: after)
        }
        var ended = false
        var next = try scanner.peek()
        while case .documentEnd = next.kind {
            _ = try scanner.next()
            ended = true
            next = try scanner.peek()
        }
        switch next.kind {
        case .versionDirective, .tagDirective:
            guard ended else { throw Self.error("a directive after a document needs '...' before it", at: next) }
        default: break
        }
        return node
    }

    private static func endsDocument(_ kind: YAMLTokenKind) -> Bool {
        switch kind {
        case .documentStart, .documentEnd, .streamEnd, .versionDirective, .tagDirective: return true
        default: return false
        }
    }

    /// An error at the start of `token`, in a person's line and column.
    static func error(_ message: String, at token: YAMLToken) -> DocumentError {
        DocumentError(line: token.start.line, column: token.start.column + 1, message: message)
    }

    // MARK: - Nodes

    mutating func parseNode(block: Bool, indentlessSequence: Bool) throws(DocumentError) -> Composed {
        let first = try scanner.peek()
        if case .alias(let name) = first.kind {
            _ = try scanner.next()
            guard let target = anchors[name] else { throw Self.error("the alias *\(name) has no anchor before it", at: first) }
            return target
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw Self.error("the document is nested more than \(Self.maximumDepth) levels deep", at: first) }
        var anchor: String?
        var tag: String?
        var tagToken = first
        properties: while true {
            let token = try scanner.peek()
            switch token.kind {
            case .anchor(let name):
                guard anchor == nil else { throw Self.error("a value has one anchor", at: token) }
                anchor = name
            case .tag(let handle, let suffix):
                guard tag == nil else { throw Self.error("a value has one tag", at: token) }
                tag = try resolveTag(handle: handle, suffix: suffix, at: token)
                tagToken = token
            default: break properties
            }
            _ = try scanner.next()
        }
        let token = try scanner.peek()
        var result: Composed
        switch token.kind {
        case .blockEntry where block && indentlessSequence:
            result = try parseIndentlessSequence()
        case .scalar(let text, let style):
            _ = try scanner.next()
            result = try YAMLScalarSchema.compose(text, style: style, tag: tag, at: tagToken)
        case .flowSequenceStart:
            result = try parseFlowSequence()
        case .flowMappingStart:
            result = try parseFlowMapping()
        case .blockSequenceStart where block:
            result = try parseBlockSequence()
        case .blockMappingStart where block:
            result = try parseBlockMapping()
        default:
            guard anchor != nil || tag != nil else { throw Self.error(Self.missingValueMessage(token.kind), at: token) }
            result = YAMLScalarSchema.composeEmpty(tag: tag)
        }
        if let anchor { anchors[anchor] = result }
        return result
    }

    private static func missingValueMessage(_ kind: YAMLTokenKind) -> String {
        switch kind {
        case .flowEntry: return "a value is missing before this ','"
        case .blockEntry: return "'- ' cannot start an entry here; is its indentation right?"
        case .flowSequenceEnd, .flowMappingEnd: return "a value is missing before this bracket"
        default: return "a value is missing here"
        }
    }

    /// The full name of a tag: `!!int` is `tag:yaml.org,2002:int`, `!` alone is non-specific.
    private func resolveTag(handle: String, suffix: String, at token: YAMLToken) throws(DocumentError) -> String {
        if handle.isEmpty { return suffix }
        if handle == "!" && suffix.isEmpty { return "!" }
        guard let prefix = tagPrefixes[handle] else {
            throw Self.error("the tag handle \(handle) is not declared; declare it with '%TAG \(handle) prefix' before '---'", at: token)
        }
        return prefix + suffix
    }
}
