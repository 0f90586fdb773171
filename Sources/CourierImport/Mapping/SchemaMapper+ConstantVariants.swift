import CourierSchema
import Foundation

// Documented constants among a union's variants: enums of them, in the union's place.

extension SchemaMapper {
    /// What becomes of a documented constant among a union's other variants.
    enum ConstantVariant {
        /// The first constant of its kind: the variant is the enum of them all.
        case enumeration(ImportedType)
        /// A later constant: a case of the first one's enum.
        case grouped
    }

    /// The documented constants and enums among a union's other variants, by position:
    /// OpenSearch's `Refresh` is a boolean or one of the texts `false`, `true` and `wait_for`.
    /// Where there are several, the texts (and apart from them, the whole numbers) become one
    /// enum named `<Union>Value`, in the place of the first: as an enum each, the first would
    /// take every text and read the others' as unknown. So do a plain string and texts.
    func constantGroups(_ variants: [(node: DocumentNode, location: DocumentLocation)], name: String) -> [Int: ConstantVariant] {
        var positionsByKind: [Bool: [Int]] = [:]
        var values: [Int: [EnumValue]] = [:]
        var plainTexts: [Int] = []
        for (position, variant) in variants.enumerated() {
            if Self.isPlainString(variant.node) { plainTexts.append(position) }
            guard let listed = Self.documentedText(variant.node)?.values ?? Self.documentedValues(variant.node) else { continue }
            // Text where the type says so (YAML's unquoted `1` in a string enum is text), else
            // by the values, which must then be all text or all numbers.
            let isText = Self.types(of: variant.node).types == ["string"] || listed.allSatisfy { $0.value.string != nil }
            guard isText || listed.allSatisfy({ $0.value.integer != nil }) else { continue }
            values[position] = listed
            positionsByKind[isText, default: []].append(position)
        }
        // A plain string beside texts (`anyOf: [{type: string}, {enum: [a, b]}, {type:
        // integer}]`) is one open enum with them, in the first one's place: the string would
        // take every text before them.
        if let texts = positionsByKind[true], !plainTexts.isEmpty { positionsByKind[true] = (plainTexts + texts).sorted() }
        var groups: [Int: ConstantVariant] = [:]
        // A lone constant or enum among the variants stays the variant it is, an enum written
        // in place, shared with the places that write the same values.
        for (isText, positions) in positionsByKind.sorted(by: { $0.value[0] < $1.value[0] }) where positions.count > 1 {
            let enumName = reserveTypeName(name + "Value")
            var shape = DocumentObject()
            shape.set("type", .string(isText ? "string" : "integer"))
            declarationLocations[enumName] = variants[positions[0]].location
            let type = enumType(positions.flatMap { values[$0] ?? [] }, of: .object(shape), at: variants[positions[0]].location, name: enumName, docs: [])
            groups[positions[0]] = .enumeration(type)
            for later in positions.dropFirst() { groups[later] = .grouped }
        }
        return groups
    }
}
