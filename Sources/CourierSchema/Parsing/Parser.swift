/// Reads the tokens of one file into declarations. On a syntax error it records a diagnostic,
/// skips to a point where parsing can resume (the end of the member, the block or the
/// declaration) and goes on, so that one run reports every problem.
struct Parser {
    static let declarationKeywords = ["api", "model", "enum", "union", "alias", "group"]
    /// Deeper nesting of types or values than this is refused, so no input can exhaust the stack.
    static let maximumNesting = 32

    private let tokens: [Token]
    private var index = 0
    /// The token at which the last error was reported; a second error there is a cascade.
    private var lastErrorIndex = -1
    var nesting = 0
    private(set) var log = DiagnosticLog()

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Lexes and parses one file.
    static func parse(_ file: SourceFile) -> (declarations: [DeclarationSyntax], log: DiagnosticLog) {
        let (tokens, lexLog) = Lexer.tokenize(file)
        var parser = Parser(tokens: tokens)
        let declarations = parser.parseFile()
        var log = lexLog
        log.append(contentsOf: parser.log)
        return (declarations, log)
    }

    // MARK: - Token access

    var current: Token { tokens[index] }

    func peek(_ ahead: Int = 1) -> Token {
        tokens[min(index + ahead, tokens.count - 1)]
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func isKeyword(_ word: String) -> Bool {
        current.kind == .identifier && current.text == word
    }

    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    /// Reports "expected …, found …" at the current token. Lexer errors are not repeated.
    mutating func expected(_ what: String, hint: String? = nil) {
        guard current.kind != .invalid, index != lastErrorIndex else { return }
        lastErrorIndex = index
        log.error(current.location, "expected \(what), found \(current.spelling)", hint: hint)
    }

    mutating func error(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        lastErrorIndex = index
        log.error(location, message, hint: hint)
    }

    mutating func warning(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        log.warning(location, message, hint: hint)
    }

    /// Reads an identifier, or reports what was expected.
    mutating func parseName(_ what: String) -> NameSyntax? {
        guard current.kind == .identifier else {
            expected(what)
            return nil
        }
        let token = advance()
        return NameSyntax(text: token.text, location: token.location)
    }

    /// Consumes a token of `kind`, or reports what was expected.
    mutating func expect(_ kind: Token.Kind, _ what: String, hint: String? = nil) -> Bool {
        guard current.kind == kind else {
            expected(what, hint: hint)
            return false
        }
        advance()
        return true
    }

    // MARK: - Top level

    private mutating func parseFile() -> [DeclarationSyntax] {
        var declarations: [DeclarationSyntax] = []
        while true {
            skipNewlines()
            if current.kind == .endOfFile { break }
            let start = index
            let docs = parseDocs()
            if current.kind == .endOfFile {
                if !docs.isEmpty { warnDetachedDocs() }
                break
            }
            let attributes = parseAttributes(acrossLines: true)
            if let declaration = parseDeclaration(docs: docs, attributes: attributes) {
                declarations.append(declaration)
            } else {
                recoverAtTopLevel()
            }
            if index == start { advance() }
        }
        return declarations
    }

    private mutating func parseDeclaration(
        docs: [String], attributes: [AttributeSyntax]
    ) -> DeclarationSyntax? {
        guard current.kind == .identifier, Parser.declarationKeywords.contains(current.text) else {
            var hint = "a schema holds api, model, enum, union, alias and group declarations"
            if current.kind == .identifier,
                let match = Suggestion.closest(to: current.text, in: Parser.declarationKeywords)
            {
                hint = "did you mean '\(match)'?"
            }
            expected("a declaration (api, model, enum, union, alias or group)", hint: hint)
            return nil
        }
        switch advance().text {
        case "api": return parseAPIBlock(docs: docs, attributes: attributes).map(DeclarationSyntax.api)
        case "model": return parseModel(docs: docs, attributes: attributes).map(DeclarationSyntax.model)
        case "enum": return parseEnum(docs: docs, attributes: attributes).map(DeclarationSyntax.enumeration)
        case "union": return parseUnion(docs: docs, attributes: attributes).map(DeclarationSyntax.union)
        case "alias": return parseAlias(docs: docs, attributes: attributes).map(DeclarationSyntax.alias)
        default: return parseGroup(docs: docs, attributes: attributes).map(DeclarationSyntax.group)
        }
    }

    // MARK: - Doc comments

    /// Collects the `///` lines before a declaration.
    mutating func parseDocs() -> [String] {
        var docs: [String] = []
        while true {
            if current.kind == .docComment {
                docs.append(advance().text)
            } else if current.kind == .newline, peek().kind == .docComment || peek().kind == .newline {
                advance()
            } else {
                break
            }
        }
        if !docs.isEmpty { skipNewlines() }
        return docs
    }

    mutating func warnDetachedDocs() {
        warning(
            current.location, "doc comment is not attached to a declaration",
            hint: "place /// comments on the lines just before the declaration they document")
    }

    // MARK: - Blocks

    /// Parses `{ member … }`, members separated by newlines or commas. `parseMember` is called
    /// with the member's doc comments and returns nil after reporting an error.
    mutating func parseBlock<Member>(
        of owner: String, _ parseMember: (inout Parser, [String]) -> Member?
    ) -> [Member] {
        guard current.kind == .leftBrace else {
            expected("'{' to begin \(owner)")
            return []
        }
        let open = advance()
        var members: [Member] = []
        while true {
            while current.kind == .newline || current.kind == .comma { advance() }
            if current.kind == .rightBrace {
                advance()
                return members
            }
            if current.kind == .endOfFile || looksLikeDeclarationStart() {
                log.error(
                    current.location, "expected '}' to close \(owner)",
                    notes: [.init(location: open.location, message: "'{' opened here")])
                return members
            }
            let docs = parseDocs()
            if current.kind == .rightBrace || current.kind == .endOfFile {
                if !docs.isEmpty { warnDetachedDocs() }
                continue
            }
            let start = index
            if let member = parseMember(&self, docs) {
                members.append(member)
                expectMemberEnd()
            } else {
                recoverInBlock()
            }
            if index == start, current.kind != .rightBrace, current.kind != .endOfFile {
                advance()
            }
        }
    }

    /// After a member: a newline, a comma or the closing brace.
    private mutating func expectMemberEnd() {
        if current.kind == .docComment, !current.startsLine {
            warning(
                current.location, "a doc comment must be on its own line",
                hint: "move it to the line before the declaration it documents")
            advance()
        }
        switch current.kind {
        case .newline, .comma, .rightBrace, .endOfFile:
            return
        default:
            expected("a new line or ',' after the member", hint: "put each member on its own line")
            recoverInBlock()
        }
    }

    /// Whether the current line starts a new top-level declaration, as after a missing `}`.
    private func looksLikeDeclarationStart() -> Bool {
        guard current.startsLine, current.kind == .identifier,
            Parser.declarationKeywords.contains(current.text), peek().kind == .identifier
        else { return false }
        return peek(2).kind == .leftBrace || (peek(2).kind == .identifier && peek(2).text == "tag")
            || (current.text == "alias" && peek(2).kind == .equals)
    }

    /// Skips to the end of the current member: a newline or comma outside nested braces, or the
    /// brace that closes the block (left for the caller).
    mutating func recoverInBlock() {
        var depth = 0
        while true {
            switch current.kind {
            case .endOfFile:
                return
            case .leftBrace:
                depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            case .newline, .comma:
                if depth == 0 { return }
                if looksLikeDeclarationStart(after: 1) { return }
            default:
                break
            }
            advance()
        }
    }

    private func looksLikeDeclarationStart(after ahead: Int) -> Bool {
        let token = peek(ahead)
        return token.kind == .identifier && Parser.declarationKeywords.contains(token.text)
            && peek(ahead + 1).kind == .identifier
            && (peek(ahead + 2).kind == .leftBrace || peek(ahead + 2).text == "tag"
                || (token.text == "alias" && peek(ahead + 2).kind == .equals))
    }

    /// Skips to the next line that starts a declaration, stepping over balanced blocks.
    private mutating func recoverAtTopLevel() {
        var depth = 0
        var isFirst = true
        while current.kind != .endOfFile {
            if !isFirst, current.startsLine, looksLikeDeclarationStart() { return }
            if !isFirst, depth == 0, current.startsLine,
                current.kind == .docComment || current.kind == .at
            {
                return
            }
            isFirst = false
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth = max(0, depth - 1)
            default: break
            }
            advance()
        }
    }
}
