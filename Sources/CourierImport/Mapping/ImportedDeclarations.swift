import CourierSchema
import Foundation

/// A type as the importer writes it in a schema.
indirect enum ImportedType: Hashable, Sendable {
    case named(String)
    case array(ImportedType)
    case dictionary(ImportedType)
    case optional(ImportedType)
    /// `Nullable<T>`: a value or `null`, told apart from an absent key.
    case nullable(ImportedType)

    /// `JSON`, the fallback for what the language cannot say.
    static let json = ImportedType.named("JSON")

    /// The schema spelling: `[Pet]?`, `[String: Int]`.
    var spelling: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "[String: \(value.spelling)]"
        case .optional(let wrapped): wrapped.spelling + "?"
        case .nullable(let wrapped): "Nullable<\(wrapped.spelling)>"
        }
    }

    /// The type without `?`.
    var unwrapped: ImportedType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The type without `?` and `Nullable`.
    var withoutNull: ImportedType {
        switch self {
        case .optional(let wrapped), .nullable(let wrapped): wrapped.withoutNull
        default: self
        }
    }

    /// Whether it is optional.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The optional form (once).
    var optional: ImportedType { isOptional ? self : .optional(self) }

    /// The type with every name it mentions passed through `rename`.
    func renamingTypes(_ rename: (String) -> String) -> ImportedType {
        switch self {
        case .named(let name): .named(rename(name))
        case .array(let element): .array(element.renamingTypes(rename))
        case .dictionary(let value): .dictionary(value.renamingTypes(rename))
        case .optional(let wrapped): .optional(wrapped.renamingTypes(rename))
        case .nullable(let wrapped): .nullable(wrapped.renamingTypes(rename))
        }
    }

    /// The type with `name` replaced wherever it appears.
    func replacing(_ name: String, with replacement: ImportedType) -> ImportedType {
        switch self {
        case .named(let other): other == name ? replacement : self
        case .array(let element): .array(element.replacing(name, with: replacement))
        case .dictionary(let value): .dictionary(value.replacing(name, with: replacement))
        case .optional(let wrapped): wrapped.replacing(name, with: replacement).optional
        case .nullable(let wrapped): .nullable(wrapped.replacing(name, with: replacement))
        }
    }

    /// The type names it mentions.
    var names: [String] {
        switch self {
        case .named(let name): [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner): inner.names
        }
    }
}

/// A field of a model, or of a form or multipart body.
struct ImportedField: Hashable, Sendable {
    var name: String
    /// The key on the wire when the API's key style does not spell it from `name`.
    var wireName: String?
    var type: ImportedType
    /// The default value as schema text (`"a"`, `3`, `true`, `caseName`).
    var defaultValue: String?
    var docs: [String]
    var isDeprecated: Bool
    /// Whether the description allows `null` (`nullable`, `type: [T, "null"]`): the type is then
    /// optional, or `Nullable<T>` where a request writes it.
    var isNullable = false
    /// Whether the description requires the key.
    var isRequired = false
    /// `@writesNull`: a key that is required and may be `null`, in a model only responses
    /// read, is `T?` that writes `nil` as `null`.
    var writesNull = false
    /// `@otherKeys`: the keys that `additionalProperties` lets in beside `properties`.
    var holdsOtherKeys = false
    /// `@style(deepObject)`: a field of a form body whose `encoding` says `style: deepObject`,
    /// sent as bracketed keys (`address[city]=Paris`).
    var isDeepObject = false

    /// The key it has on the wire, in an API whose keys are spelled `keyStyle`.
    func wireKey(_ keyStyle: KeyStyle) -> String {
        wireName ?? keyStyle.wireName(for: name)
    }
}

/// A case of an imported enum: its name, its wire value, and what the description says of it.
struct ImportedEnumCase: Sendable, Hashable {
    var name: String
    var value: String
    var docs: [String] = []
    /// Whether the description deprecates the value (a deprecated variant of documented values).
    var isDeprecated = false
}

/// A tagged union variant's tag: text, or a whole number (Discord's `type: enum [2]`).
enum UnionTag: Sendable, Hashable {
    case text(String)
    case number(Int64)

    /// Whether tags are all text or all numbers, as one union's must be.
    static func areOneKind(_ tags: [UnionTag]) -> Bool {
        let numbers = tags.filter { if case .number = $0 { true } else { false } }.count
        return numbers == 0 || numbers == tags.count
    }

    /// The tag as the schema writes it after `=`: `"function"` or `2`.
    var literal: String {
        switch self {
        case .text(let text): SchemaText.quoted(text)
        case .number(let number): String(number)
        }
    }
}

/// A model, enum, union or alias the importer declares.
enum ImportedDeclaration: Sendable {
    case model(name: String, docs: [String], fields: [ImportedField], isDeprecated: Bool)
    case enumeration(name: String, docs: [String], isInteger: Bool, cases: [ImportedEnumCase], isDeprecated: Bool)
    case union(name: String, docs: [String], tagKey: String?, variants: [(name: String, tagValue: UnionTag?, type: ImportedType)])
    /// `alias Name = Target`: a declaration identical to another one (`IdenticalDeclarations`).
    case alias(name: String, docs: [String], target: ImportedType, isDeprecated: Bool)

    var name: String {
        switch self {
        case .model(let name, _, _, _), .enumeration(let name, _, _, _, _), .union(let name, _, _, _), .alias(let name, _, _, _): name
        }
    }

    /// The declaration with the type `name` replaced in its fields and variants.
    func replacing(_ name: String, with replacement: ImportedType) -> ImportedDeclaration {
        switch self {
        case .model(let model, let docs, var fields, let isDeprecated):
            for index in fields.indices { fields[index].type = fields[index].type.replacing(name, with: replacement) }
            return .model(name: model, docs: docs, fields: fields, isDeprecated: isDeprecated)
        case .enumeration: return self
        case .alias(let alias, let docs, let target, let isDeprecated):
            return .alias(name: alias, docs: docs, target: target.replacing(name, with: replacement), isDeprecated: isDeprecated)
        case .union(let union, let docs, let tagKey, var variants):
            for index in variants.indices { variants[index].type = variants[index].type.replacing(name, with: replacement) }
            return .union(name: union, docs: docs, tagKey: tagKey, variants: variants)
        }
    }

    /// The type names its fields or variants mention.
    var referencedNames: [String] {
        switch self {
        case .model(_, _, let fields, _): fields.flatMap(\.type.names)
        case .enumeration: []
        case .union(_, _, _, let variants): variants.flatMap(\.type.names)
        case .alias(_, _, let target, _): target.names
        }
    }
}

/// Something the description says that the schema cannot, and what the import did instead.
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where in the description.
    public var location: DocumentLocation
    /// What was not imported faithfully, and what stands in for it.
    public var message: String
    /// The construct, for counting what degrades (`oneOf`, `cookie parameter`, …).
    public var construct: String

    /// `warning: #/pointer: message`.
    public var description: String { "warning: \(location.pointer): \(message)" }
}

/// Doc comment lines from a description's `summary` and `description`.
enum ImportDocs {
    /// A title, unless it only repeats `name` (`Created At` for `created_at`) or the words it
    /// ends with (`Type` for `MessageInputEntryType`, as Pydantic titles every property):
    /// generated titles say nothing the name does not.
    static func title(_ title: String?, of name: String) -> String? {
        guard let title else { return nil }
        let ending = ImportNames.typeName(title)
        let repeatsEnding = !ending.isEmpty && name.hasSuffix(ending) && letters(title) == letters(ending)
        return letters(title) == letters(name) || repeatsEnding ? nil : title
    }

    /// The letters and digits of a text in lower case, the ASCII ones byte by byte.
    private static func letters(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }
        return String(decoding: text.utf8.compactMap { byte -> UInt8? in
            switch byte {
            case 65...90: byte + 32
            case 97...122, 48...57: byte
            default: nil
            }
        }, as: UTF8.self)
    }

    static func lines(_ texts: String?...) -> [String] {
        var lines: [String] = []
        var previous: Substring?
        for text in texts.compactMap({ $0.map { trimmed(Substring($0)) } }) where !text.isEmpty {
            // A description that repeats the summary adds nothing.
            if let previous {
                if previous == text { continue }
                lines.append("")
            }
            previous = text
            lines += text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(trimmed(Substring($0))) }
        }
        return lines
    }

    /// Text without leading and trailing spaces, tabs and line breaks (ASCII, without Foundation).
    static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(utf8[first...last])
    }
}
