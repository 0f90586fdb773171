import CourierSchema

/// Writes declarations and endpoints as schema text, one member per line, as a person would.
struct SchemaWriter {
    private(set) var text = ""
    private var indent = ""

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : indent + content + "\n"
    }

    /// Doc comment lines, each wrapped at word boundaries to fit 100 columns.
    mutating func docs(_ lines: [String]) {
        let width = max(40, 100 - indent.count - 4)
        for docLine in lines {
            guard !docLine.isEmpty else {
                line("///")
                continue
            }
            // Most lines fit as they are: one scan shows it (at most `width` bytes, which are at
            // least as many as its characters, and no run of spaces to fold).
            if docLine.utf8.count <= width, Self.hasSingleSpacesOnly(docLine) {
                line("/// " + docLine)
                continue
            }
            // Widths are characters; a word of ASCII bytes is as wide as its bytes, so only
            // other words are counted by character.
            var current = ""
            var currentWidth = 0
            for word in docLine.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true) {
                let wordText = Substring(word)
                let wordWidth = word.allSatisfy { $0 < 0x80 } ? word.count : wordText.count
                if currentWidth > 0, currentWidth + 1 + wordWidth > width {
                    line("/// " + current)
                    current = ""
                    currentWidth = 0
                }
                if currentWidth > 0 {
                    current += " "
                    currentWidth += 1
                }
                current += wordText
                currentWidth += wordWidth
            }
            line("/// " + current)
        }
    }

    /// Whether a text neither starts nor ends with a space nor has two in a row.
    private static func hasSingleSpacesOnly(_ text: String) -> Bool {
        var previousIsSpace = true
        for byte in text.utf8 {
            let isSpace = byte == UInt8(ascii: " ")
            if isSpace && previousIsSpace { return false }
            previousIsSpace = isSpace
        }
        return !previousIsSpace
    }

    mutating func block(_ header: String, _ body: (inout SchemaWriter) -> Void) {
        line(header + " {")
        let outer = indent
        indent += "  "
        body(&self)
        indent = outer
        line("}")
    }

    mutating func declaration(_ declaration: ImportedDeclaration) {
        switch declaration {
        case .model(let name, let docs, let fields, let isDeprecated):
            self.docs(docs)
            block((isDeprecated ? "@deprecated " : "") + "model \(name)") { writer in
                for field in fields { writer.field(field) }
            }
        case .enumeration(let name, let docs, let isInteger, let cases, let isDeprecated):
            self.docs(docs)
            block((isDeprecated ? "@deprecated " : "") + "enum \(name)" + (isInteger ? ": Int" : "")) { writer in
                for enumCase in cases {
                    writer.docs(enumCase.docs)
                    let deprecation = enumCase.isDeprecated ? " @deprecated" : ""
                    if isInteger {
                        writer.line("\(enumCase.name) = \(enumCase.value)" + deprecation)
                    } else {
                        writer.line((enumCase.name == enumCase.value ? enumCase.name : "\(enumCase.name) = \(SchemaText.quoted(enumCase.value))") + deprecation)
                    }
                }
            }
        case .alias(let name, let docs, let target, let isDeprecated):
            self.docs(docs)
            line((isDeprecated ? "@deprecated " : "") + "alias \(name) = \(target.spelling)")
        case .union(let name, let docs, let tagKey, let variants):
            self.docs(docs)
            block("union \(name)" + (tagKey.map { " tag \(SchemaText.quoted($0))" } ?? "")) { writer in
                for variant in variants {
                    let tag = variant.tagValue.flatMap { $0 == .text(variant.name) ? nil : " = \($0.literal)" } ?? ""
                    writer.line("\(variant.name)\(tag): \(variant.type.spelling)")
                }
            }
        }
    }

    mutating func field(_ field: ImportedField) {
        docs(field.docs)
        var text = "\(field.name): \(field.type.spelling)"
        if let defaultValue = field.defaultValue { text += " = \(defaultValue)" }
        if let wire = field.wireName { text += " @wire(\(SchemaText.quoted(wire)))" }
        if field.writesNull { text += " @writesNull" }
        if field.holdsOtherKeys { text += " @otherKeys" }
        if field.isDeepObject { text += " @style(deepObject)" }
        if field.isDeprecated { text += " @deprecated" }
        line(text)
    }

    mutating func endpoint(_ endpoint: ImportedEndpoint) {
        docs(endpoint.docs)
        let header = "\(endpoint.name): \(endpoint.method) \(endpoint.path)" + endpoint.attributes.map { " " + $0 }.joined()
        let hasMembers = !endpoint.parameters.isEmpty || endpoint.body != nil || endpoint.returns != nil
        guard hasMembers else { return line(header) }
        block(header) { writer in
            for parameter in endpoint.parameters {
                writer.docs(parameter.docs)
                var text = "\(parameter.kind) \(parameter.name): \(parameter.type.spelling)"
                if let defaultValue = parameter.defaultValue { text += " = \(defaultValue)" }
                if let wire = parameter.wireName { text += " @wire(\(SchemaText.quoted(wire)))" }
                if let style = parameter.style { text += " @style(\(style))" }
                if parameter.isDeprecated { text += " @deprecated" }
                writer.line(text)
            }
            switch endpoint.body {
            case .json(let type)?: writer.line("body \(type.spelling)")
            case .form(let fields)?:
                writer.block("body form") { writer in for field in fields { writer.field(field) } }
            case .multipart(let fields)?:
                writer.block("body multipart") { writer in for field in fields { writer.field(field) } }
            case .raw(let isText, let mediaType)?:
                writer.line("body \(isText ? "Text" : "Bytes")" + (mediaType.map { " \(SchemaText.quoted($0))" } ?? ""))
            case nil: break
            }
            if let returns = endpoint.returns { writer.line("returns \(returns)") }
        }
    }
}
