/// Reads an endpoint path: literal text, `{name}` placeholders and a fixed query string.
enum PathRules {
    /// Parses the path, reporting malformed placeholders and query strings.
    static func parse(_ path: NameSyntax, log: inout DiagnosticLog) -> PathTemplate? {
        var bytes = Array(path.text.utf8)
        // `#label` at the end tells apart two endpoints of one route; it is never sent.
        var fragment: String?
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            let label = bytes[(hash + 1)...]
            guard !label.isEmpty, !label.contains(where: { [UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}")].contains($0) }) else {
                log.error(
                    path.location.advanced(by: hash), "a path's '#' is followed by a label and nothing else",
                    hint: "write the label last, as in /conversations#stream; it is not sent")
                return nil
            }
            fragment = String(decoding: label, as: UTF8.self)
            bytes = Array(bytes[..<hash])
        }
        let queryStart = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        var parts: [PathTemplate.Part] = []
        var literal: [UInt8] = []
        var valid = true
        var index = 0
        while index < queryStart {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                log.error(path.location.advanced(by: index), "unmatched '}' in the path", hint: "write placeholders as {name}")
                valid = false
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "{") else {
                literal.append(byte)
                index += 1
                continue
            }
            guard let close = bytes[index..<queryStart].firstIndex(of: UInt8(ascii: "}")) else {
                log.error(path.location.advanced(by: index), "unclosed '{' in the path", hint: "write placeholders as {name}")
                return nil
            }
            let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            if !isIdentifier(name) {
                log.error(
                    path.location.advanced(by: index), "'{\(name)}' is not a valid placeholder",
                    hint: "a placeholder is an identifier such as {taskId}")
                valid = false
            }
            if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal = []
            parts.append(.parameter(name))
            index = close + 1
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }

        var fixedQuery: [QueryItem] = []
        if queryStart < bytes.count {
            let query = String(decoding: bytes[(queryStart + 1)...], as: UTF8.self)
            if query.contains("{") {
                log.error(
                    path.location.advanced(by: queryStart), "the fixed query string cannot hold placeholders",
                    hint: "declare a 'query' parameter for values that change")
                return nil
            }
            for item in query.split(separator: "&", omittingEmptySubsequences: true) {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                fixedQuery.append(QueryItem(name: String(pair[0]), value: pair.count > 1 ? String(pair[1]) : ""))
            }
        }
        guard valid else { return nil }
        return PathTemplate(template: path.text, parts: parts, fixedQuery: fixedQuery, label: fragment)
    }

    /// The placeholders of a path with their locations.
    static func placeholders(in path: NameSyntax) -> [(String, SourceLocation)] {
        let bytes = Array(path.text.utf8)
        var result: [(String, SourceLocation)] = []
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            if bytes[index] == UInt8(ascii: "{"),
                let close = bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "?") }),
                bytes[close] == UInt8(ascii: "}")
            {
                result.append((String(decoding: bytes[(index + 1)..<close], as: UTF8.self), path.location.advanced(by: index + 1)))
                index = close
            }
            index += 1
        }
        return result
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, Lexer.isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(Lexer.isIdentifierContinue)
    }
}
