import CourierSchema

// Query items and form fields: the expressions that make them from the arguments.
extension EndpointGenerator {
    /// What a query item or form field is made from.
    typealias QueryItemSource = (wire: String, name: String, type: TypeRef, prefix: String?, mapStyle: QueryMapStyle?, arrayStyle: QueryArrayStyle?)

    /// `items += …`: a query parameter or form field where some have nested values, in the
    /// order of the schema.
    func itemsAppend(_ item: QueryItemSource, nested: Bool, to items: String) -> String {
        guard nested else { return "\(items) += " + queryItems([item]) }
        let dateStyle = switch api.dateStyle {
        case .iso8601: ""
        case .unixSeconds: ", dateStyle: .unixSeconds"
        case .unixMillis: ", dateStyle: .unixMillis"
        }
        return "\(items) += try QueryItem.nested(\(SwiftNames.string(item.wire)), \(SwiftNames.argument(item.name))\(dateStyle))"
    }

    func queryItems(_ parameters: [Parameter]) -> String {
        queryItems(parameters.map { ($0.wireName, $0.name, $0.type, $0.valuePrefix, $0.mapStyle, $0.arrayStyle) })
    }

    /// `[QueryItem(…), …]`, with arrays repeating their key or delimited, and dictionaries
    /// giving one item per entry.
    func queryItems(_ items: [QueryItemSource]) -> String {
        var singles: [String] = []
        var parts: [String] = []
        for item in items {
            let name = SwiftNames.string(item.wire)
            let value = SwiftNames.argument(item.name)
            if let mapStyle = item.mapStyle {
                if !singles.isEmpty { parts.append("[" + singles.joined(separator: ", ") + "]") }
                singles = []
                parts.append("QueryItem.map(\(name), \(value), style: .\(mapStyle.rawValue))")
            } else if case .union = item.type.unwrapped {
                // A union of values and arrays of them, one item or a list.
                if !singles.isEmpty { parts.append("[" + singles.joined(separator: ", ") + "]") }
                singles = []
                let style = item.arrayStyle.map { ", style: .\($0.rawValue)" } ?? ""
                parts.append("QueryItem.texts(\(name), \(value)\(style))")
            } else if case .array = item.type.unwrapped {
                if !singles.isEmpty { parts.append("[" + singles.joined(separator: ", ") + "]") }
                singles = []
                if let arrayStyle = item.arrayStyle {
                    parts.append("QueryItem.delimited(\(name), \(value), style: .\(arrayStyle.rawValue))")
                } else {
                    parts.append("QueryItem.repeated(\(name), \(value))")
                }
            } else {
                let prefix = item.prefix.map { ", prefix: \(SwiftNames.string($0))" } ?? ""
                singles.append("QueryItem(\(name), \(value)\(prefix))")
            }
        }
        if !singles.isEmpty { parts.append("[" + singles.joined(separator: ", ") + "]") }
        return parts.joined(separator: " + ")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
