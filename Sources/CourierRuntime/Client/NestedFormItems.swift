import Foundation

extension QueryItem {
    /// A value as the items of bracketed keys, the way Stripe, Rails and PHP read a nested form
    /// (OpenAPI's `deepObject`, to any depth): `address[city]=Paris`, `items[0][price]=5`,
    /// `expand[0]=customer`. The value is encoded as its JSON would be, so wire keys, dates
    /// (in `dateStyle`) and enum values are the same as in a JSON body; an object's keys come
    /// in sorted order so the body is the same every time. `null` is an empty value (`name=`,
    /// which Stripe reads as "unset"); an empty object or array gives no item, and nil none.
    public static func nested<Value: Encodable>(_ name: String, _ value: Value?, dateStyle: DateCodingStyle = .iso8601) throws -> [QueryItem] {
        guard let value else { return [] }
        let json = try JSONCoding.encoder(for: dateStyle).encode(value)
        var items: [QueryItem] = []
        append(try JSONDecoder().decode(JSONValue.self, from: json), named: name, to: &items)
        return items
    }

    private static func append(_ value: JSONValue, named name: String, to items: inout [QueryItem]) {
        switch value {
        case .object(let members):
            for key in members.keys.sorted() { append(members[key]!, named: "\(name)[\(key)]", to: &items) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { append(element, named: "\(name)[\(index)]", to: &items) }
        case .null: items.append(QueryItem(name, ""))
        case .bool(let flag): items.append(QueryItem(name, flag))
        case .integer(let number): items.append(QueryItem(name, number))
        case .largeInteger(let number): items.append(QueryItem(name, number.description))
        case .number(let number): items.append(QueryItem(name, number))
        case .string(let text): items.append(QueryItem(name, text))
        }
    }
}
