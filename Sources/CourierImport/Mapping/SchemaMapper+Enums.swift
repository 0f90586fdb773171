import CourierSchema
import Foundation

// Enums: documented values and constants, case names, and the values an enum keeps.

extension SchemaMapper {
    /// One value of an enum, with the name, description and deprecation a `oneOf` of `const`s
    /// gives it.
    struct EnumValue {
        var value: DocumentNode
        var title: String?
        var docs: [String] = []
        var isDeprecated = false
    }

    /// The values of a `oneOf` whose every variant is documented values: one constant (Discord's
    /// `MessageComponentTypes`: `oneOf: [{title: ACTION_ROW, description: …, const: 1}, …]`, the
    /// way JSON Schema documents an enum's values) or an enum of several (OpenSearch's
    /// `CalendarInterval`: `{title: minute, enum: [minute, 1m]}`, …); nil for any other `oneOf`.
    static func documentedConstants(_ variants: [DocumentNode]) -> [EnumValue]? {
        var values: [EnumValue] = []
        for variant in variants {
            guard let documented = documentedValues(variant) else { return nil }
            values += documented
        }
        // One enum alone is that enum, its description the enum's own.
        return values.isEmpty || variants.count == 1 && values.count > 1 ? nil : values
    }

    /// The values of a variant that only lists them: a `const`, or an `enum` of text or numbers,
    /// annotated at most by a title, a description, its type, a deprecation, examples, a default
    /// (which a variant cannot give the union) and extensions (OpenSearch's `x-version-added`).
    /// The title names a constant's case; the description documents each value.
    static func documentedValues(_ variant: DocumentNode) -> [EnumValue]? {
        let annotations: Set<String> = ["title", "description", "type", "deprecated", "const", "enum", "example", "examples", "default"]
        guard let members = variant.object?.members, members.allSatisfy({ annotations.contains($0.key) || $0.key.hasPrefix("x-") }) else { return nil }
        let listed: [DocumentNode]
        if let constant = variant["const"] {
            listed = [constant]
        } else if let values = variant["enum"]?.array, !values.isEmpty {
            listed = values
        } else {
            return nil
        }
        guard listed.allSatisfy({ if case .string = $0 { true } else if case .number = $0 { true } else { false } }) else { return nil }
        let docs = ImportDocs.lines(nil, variant["description"]?.string)
        let title = listed.count == 1 ? variant["title"]?.string : nil
        let isDeprecated = variant["deprecated"]?.bool == true
        return listed.map { EnumValue(value: $0, title: title, docs: docs, isDeprecated: isDeprecated) }
    }

    /// A case's name made from its wire value, the case being the `position`th of its enum:
    /// `powerOff` for `power_off`, `value4` for 4, `minus1` for -1, `empty` for the empty text,
    /// `value3` for a text with no letters or digits.
    static func caseName(for value: String, isInteger: Bool, position: Int) -> String {
        if isInteger { return value.hasPrefix("-") ? "minus" + value.dropFirst() : "value" + value }
        // The empty text is a value of its own in many APIs (Stripe's way to unset a field).
        if value.isEmpty { return "empty" }
        return ImportNames.words(value).isEmpty ? "value\(position + 1)" : ImportNames.memberName(value)
    }

    func enumType(_ values: [EnumValue], of node: DocumentNode, at location: DocumentLocation, name: String, docs: [String]) -> ImportedType {
        var present = values.filter { $0.value != .null }
        if Self.types(of: node).types == ["string"] {
            // The schema decides: in a string enum, an unquoted YAML `true` or `1` is the text.
            present = present.map { EnumValue(value: Self.text(of: $0.value), title: $0.title, docs: $0.docs, isDeprecated: $0.isDeprecated) }
        }
        var seen: Set<DocumentNode> = []
        present = present.filter { entry in
            if seen.insert(entry.value).inserted { return true }
            warn(location.appending("enum"), "enum", "the value \(Self.display(entry.value)) is listed twice in the enum '\(name)'; it is one case")
            return false
        }
        let strings = present.compactMap(\.value.string)
        let integers = present.compactMap { entry -> String? in
            entry.value.integer.map(String.init)
        }
        var taken: Set<String> = ["unknown"]
        /// A case's name: its title, where the description gives one, else made from the value.
        func caseName(_ entry: EnumValue, made: String) -> String {
            guard let title = entry.title, !ImportNames.words(title).isEmpty else { return ImportNames.unique(made, in: &taken) }
            return ImportNames.unique(ImportNames.memberName(title), in: &taken)
        }
        let isInteger: Bool
        let wireValues: [String]
        if strings.count == present.count {
            (isInteger, wireValues) = (false, strings)
        } else if integers.count == present.count {
            (isInteger, wireValues) = (true, integers)
        } else {
            warn(location, "enum", "an enum of mixed or non-integer values becomes its value type")
            let plain = (node.object ?? DocumentObject()).removing("enum").removing("oneOf").removing("anyOf")
            return nonNullType(of: .object(plain), types: Self.types(of: node).types, at: location, hint: name, context: .json)
        }
        let cases = zip(present, wireValues).enumerated().map { index, pair -> ImportedEnumCase in
            let (entry, value) = pair
            let made = Self.caseName(for: value, isInteger: isInteger, position: index)
            return ImportedEnumCase(name: caseName(entry, made: made), value: value, docs: entry.docs, isDeprecated: entry.isDeprecated)
        }
        declare(.enumeration(name: name, docs: docs, isInteger: isInteger, cases: cases, isDeprecated: node["deprecated"]?.bool == true))
        return .named(name)
    }
}
