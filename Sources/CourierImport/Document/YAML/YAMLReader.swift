/// Reads the YAML that API descriptions are written in into a `DocumentNode`, by YAML 1.2: block
/// and flow collections, the five scalar styles, comments, directives, anchors and aliases, tags
/// and `<<` merge keys, with scalars resolved by the core schema. A stream of more than one
/// document is refused, as are mapping keys that are not text. Errors name the line and column.
enum YAMLReader {
    /// Reads the one document in `bytes` (UTF-8, with or without a byte order mark).
    static func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        var parser = YAMLParser(bytes)
        return try parser.readDocument()
    }
}
