/// A place in a YAML text: a byte offset, and the line and column a person would count (from 1).
struct YAMLMark: Sendable {
    /// The byte offset.
    var index = 0
    /// The line, from 1.
    var line = 1
    /// The column, from 0, in characters.
    var column = 0
}

/// How a scalar was written: plain scalars are resolved by the schema, the others are text.
enum YAMLScalarStyle: Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A token of the YAML syntax, as the scanner finds them (YAML 1.2, chapter 5–9).
enum YAMLTokenKind: Sendable {
    case streamStart, streamEnd
    case versionDirective
    case tagDirective(handle: String, prefix: String)
    case documentStart, documentEnd
    case blockSequenceStart, blockMappingStart, blockEnd
    case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
    case blockEntry, flowEntry, key, value
    case alias(String)
    case anchor(String)
    case tag(handle: String, suffix: String)
    case scalar(String, YAMLScalarStyle)
}

/// A token and where it starts.
struct YAMLToken: Sendable {
    var kind: YAMLTokenKind
    var start: YAMLMark
}
