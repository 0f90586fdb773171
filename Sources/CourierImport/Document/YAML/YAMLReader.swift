/// Reads the YAML that API descriptions are written in into a `DocumentNode`, by YAML 1.2: block
/// and flow collections, the five scalar styles, comments, directives, anchors and aliases, tags
/// and `<<` merge keys, with scalars resolved by the core schema. A stream of more than one
/// document is refused, as are mapping keys that are not text. Errors name the line and column.
enum YAMLReader {
    /// Reads the one document in `bytes` (UTF-8, with or without a byte order mark).
    static func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        try UTF8Check.refuseInvalid(in: bytes)
        try refuseControlCharacters(in: bytes)
        var parser = YAMLParser(bytes)
        return try parser.readDocument()
    }

    /// YAML text is printable (YAML 1.2 §5.1): of the C0 controls only tab, line feed and
    /// carriage return, and no DEL. A NUL or another control character means a damaged or
    /// binary file; the scanner, which reads past the end as NUL, must never meet one.
    static func refuseControlCharacters(in bytes: [UInt8]) throws(DocumentError) {
        guard let index = bytes.firstIndex(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else { return }
        let (line, column) = UTF8Check.position(of: index, in: bytes)
        let code = String(bytes[index], radix: 16, uppercase: true)
        throw DocumentError(
            line: line, column: column,
            message: "the control character U+\(String(repeating: "0", count: 4 - code.count))\(code) cannot appear in YAML; the file may be damaged or not text")
    }
}
