/// One token of a schema file.
struct Token: Sendable, Hashable {
    /// What kind of token it is.
    enum Kind: Sendable, Hashable {
        case identifier
        /// A string literal; `text` holds its unescaped value.
        case string
        /// An integer literal such as `42` or `-1`.
        case integer
        /// A decimal literal such as `2.5`.
        case decimal
        /// A duration such as `500ms`, `2s`, `1m`, `1h`; `text` holds the literal as written.
        case duration
        /// A request path such as `/rest/v1/tasks/{id}?select=*`.
        case path
        /// A `///` comment; `text` holds the comment without the slashes and one leading space.
        case docComment
        /// A `//` comment, kept only for the formatter; `text` holds it as written, slashes included.
        case comment
        case newline
        case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
        case leftAngle, rightAngle, colon, comma, equals, question, at
        /// Text the lexer could not understand; already diagnosed.
        case invalid
        case endOfFile
    }

    let kind: Kind
    /// The token's text (for strings, the unescaped value).
    let text: String
    let location: SourceLocation
    /// Whether the token is the first one on its line.
    let startsLine: Bool

    /// A short description for "expected X, found Y" messages.
    var spelling: String {
        switch kind {
        case .identifier: return "'\(text)'"
        case .string: return "string \"\(text)\""
        case .integer, .decimal: return "number '\(text)'"
        case .duration: return "duration '\(text)'"
        case .path: return "path '\(text)'"
        case .docComment: return "doc comment"
        case .comment: return "comment"
        case .newline: return "end of line"
        case .endOfFile: return "end of file"
        default: return "'\(text)'"
        }
    }
}
