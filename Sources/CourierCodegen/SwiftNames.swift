import CourierSchema

/// Spelling of names, types and literals in generated Swift.
enum SwiftNames {
    /// Words that must be escaped with backticks to be used as names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// A name usable as an identifier: keywords are escaped.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A parameter declaration's name part: a parameter named `self` would shadow `self` in
    /// the body, so it keeps `self` as its label and gets another name inside.
    static func parameter(_ name: String) -> String {
        name == "self" ? "`self` selfValue" : identifier(name)
    }

    /// How the body refers to a parameter declared with `parameter(_:)`.
    static func argument(_ name: String) -> String {
        name == "self" ? "selfValue" : identifier(name)
    }

    /// A name for a local variable of generated code that none of `taken` uses: `base`, else
    /// `base2`, `base3`, …
    static func local(_ base: String, avoiding taken: [String]) -> String {
        var candidate = base
        var number = 1
        while taken.contains(candidate) {
            number += 1
            candidate = "\(base)\(number)"
        }
        return candidate
    }

    /// A type name as the start of a member name: its leading capitals lowered, keeping the
    /// last one of a run that starts a word (`Archon` → `archon`, `HTTPBin` → `httpBin`).
    static func lowerCamel(_ name: String) -> String {
        let characters = Array(name)
        var index = 0
        while index < characters.count, characters[index].isUppercase { index += 1 }
        if index > 1, index < characters.count, characters[index].isLowercase { index -= 1 }
        return String(characters[..<index]).lowercased() + String(characters[index...])
    }

    /// The Swift spelling of a type.
    static func type(_ type: TypeRef) -> String {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .bytes: return "Data"
            case .json: return "JSONValue"
            default: return scalar.rawValue
            }
        case .file: return "MultipartFile"
        case .array(let element): return "[\(Self.type(element))]"
        case .dictionary(let value): return "[String: \(Self.type(value))]"
        case .optional(let wrapped): return "\(Self.type(wrapped))?"
        case .nullable(let wrapped): return "Nullable<\(Self.type(wrapped))>"
        case .model(let name), .enumeration(let name), .union(let name): return name
        }
    }

    /// A Swift literal for a default value of `type`.
    static func literal(_ literal: Literal, for type: TypeRef) -> String {
        switch literal {
        case .string(let text):
            switch type.unwrapped {
            case .scalar(.uuid): return "UUID(uuidString: \(string(text)))!"
            case .scalar(.url): return "URL(string: \(string(text)))!"
            default: return string(text)
            }
        case .integer(let value): return String(value)
        case .double(let value):
            let text = String(value)
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case .bool(let value): return value ? "true" : "false"
        case .null: return type == .scalar(.json) ? ".null" : "nil"
        case .enumCase(let name): return "." + identifier(name)
        case .array(let items):
            let element: TypeRef
            if case .array(let inner) = type.unwrapped { element = inner } else { element = type }
            return "[" + items.map { Self.literal($0, for: element) }.joined(separator: ", ") + "]"
        case .emptyDictionary: return "[:]"
        }
    }

    /// A Swift string literal. Swift's escapes are the schema language's, so one escaper
    /// writes both.
    static func string(_ text: String) -> String {
        SchemaText.quoted(text)
    }

    /// The text of a path template with placeholders interpolated as path segments.
    static func pathLiteral(_ path: PathTemplate) -> String {
        var body = ""
        for part in path.parts {
            switch part {
            case .literal(let text): body += String(string(text).dropFirst().dropLast())
            case .parameter(let name): body += "\\(path: \(argument(name)))"
            }
        }
        if !path.fixedQuery.isEmpty {
            let query = path.fixedQuery.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
            body += "?" + String(string(query).dropFirst().dropLast())
        }
        return "\"" + body + "\""
    }

    /// Doc lines for a deprecation that cannot be an attribute.
    static func deprecationNote(_ deprecation: Deprecation?) -> [String] {
        guard let deprecation else { return [] }
        return ["", "- Important: Deprecated" + (deprecation.message.map { ": \($0)" } ?? ".")]
    }

    /// `@available(*, deprecated…)`.
    static func deprecatedAttribute(_ deprecation: Deprecation) -> String {
        if let message = deprecation.message { return "@available(*, deprecated, message: \(string(message)))" }
        return "@available(*, deprecated)"
    }
}
