import CourierSchema
import Foundation

// Default values, and how a value is shown in a warning.

extension SchemaMapper {
    /// A default value as schema text, when it fits the type.
    func literal(_ value: DocumentNode?, for type: ImportedType) -> String? {
        guard let value, case .named(let name) = type else { return nil }
        switch (name, value) {
        case ("String", .string(let text)):
            return SchemaText.quoted(text)
        case ("UInt64", .number):
            return value.integer.flatMap { $0 >= 0 ? String($0) : nil }
        case ("Int", .number), ("Int64", .number):
            return value.integer.map(String.init)
        case ("Int32", .number):
            return value.integer.flatMap { Int32(exactly: $0) }.map(String.init)
        case ("Double", .number(let text)), ("Float", .number(let text)):
            return Double(text)?.isFinite == true ? text : nil
        case ("Bool", .bool(let flag)):
            return flag ? "true" : "false"
        case ("Bool", .string(let text)) where Self.yaml11Booleans[text] != nil:
            // YAML 1.1's `yes`/`no`, which YAML 1.2 reads as text, where the schema says boolean.
            return Self.yaml11Booleans[text]! ? "true" : "false"
        default:
            guard case .enumeration(_, _, let isInteger, let cases, _)? = declarations[name] else { return nil }
            let wanted: String?
            switch value {
            case .string(let text) where !isInteger: wanted = text
            case .number where isInteger: wanted = value.integer.map(String.init)
            default: wanted = nil
            }
            return cases.first { $0.value == wanted }?.name
        }
    }

    /// The words YAML 1.1 reads as booleans and YAML 1.2 as text.
    static let yaml11Booleans: [String: Bool] = Dictionary(uniqueKeysWithValues:
        ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].map { ($0, true) } + ["n", "N", "no", "No", "NO", "off", "Off", "OFF"].map { ($0, false) })

    /// A value as a warning shows it: text quoted, numbers and flags as written.
    static func display(_ value: DocumentNode) -> String {
        switch value {
        case .string(let text): return SchemaText.quoted(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array, .object: return "a structured value"
        }
    }

    /// A scalar as the text it was written as, for a schema that says `string`.
    static func text(of value: DocumentNode) -> DocumentNode {
        switch value {
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .number(let text): return .string(text)
        default: return value
        }
    }
}
