/// Enums that a description writes in place, again and again, with the same values: Twilio's core
/// API writes `enum: [GET, POST]` under 112 properties. Each such enum is declared once and every
/// place uses it, instead of 112 types that differ only in name (each one compiled, and none
/// assignable to another).
///
/// Before the mapping, `SharedEnums` walks the description once to find the enums written in
/// more than one place and to name them: after the words that the keys of their places end with
/// (`sms_method`, `StatusCallbackMethod` → `Method`), when no other shared enum's keys end that
/// way and no component has that name; otherwise after the first place, as an enum of one place
/// is named.
struct SharedEnums {
    /// What makes two enums written in place the same type: their values, read as the mapping
    /// reads them, and whether they are deprecated. Their descriptions are the places' own.
    struct Shape: Hashable {
        var types: [String]
        var values: [DocumentNode]
        var isDeprecated: Bool

        /// The shape of an enum written in place, or nil for any other schema: one whose `enum`
        /// decides what it is (no `allOf`, `oneOf` or `anyOf` beside it).
        init?(_ written: DocumentNode) {
            let node = SchemaMapper.constantAsEnum(written)
            guard node["$ref"] == nil, node["allOf"] == nil, node["oneOf"] == nil, node["anyOf"] == nil,
                let values = node["enum"]?.array, values.contains(where: { $0 != .null })
            else { return nil }
            types = SchemaMapper.types(of: node).types
            let present = values.filter { $0 != .null }
            self.values = types == ["string"] ? present.map(SchemaMapper.text(of:)) : present
            isDeprecated = node["deprecated"]?.bool == true
        }
    }

    /// The shapes written in place more than once, with the keys of their places in the
    /// description's order.
    private(set) var places: [Shape: [String]] = [:]
    /// The name each shared shape is declared under, where its keys give it one.
    private(set) var names: [Shape: String] = [:]

    /// Walks `root` (its component schemas under `components/schemas` or Swagger's `definitions`
    /// are named, not written in place, and are left out).
    init(root: DocumentNode) {
        var found: [Shape: [String]] = [:]
        Self.walk(root, key: nil, top: [], isPropertyMap: false, into: &found)
        places = found.filter { $0.value.count > 1 }
        var componentNames: Set<String> = []
        for path in [["components", "schemas"], ["definitions"]] {
            let schemas = path.reduce(Optional(root)) { $0?[$1] }
            for key in schemas?.object?.keys ?? [] { componentNames.insert(ImportNames.typeName(key)) }
        }
        var claims: [String: [Shape]] = [:]
        for (shape, keys) in places {
            guard let name = Self.commonEnding(of: keys) else { continue }
            claims[name, default: []].append(shape)
        }
        for (name, shapes) in claims where shapes.count == 1 && !componentNames.contains(name) {
            names[shapes[0]] = name
        }
    }

    /// The doc comment of a shared enum: the places' descriptions are about their properties,
    /// and stay there.
    func docs(for shape: Shape) -> [String]? {
        guard let keys = places[shape] else { return nil }
        var distinct: [String] = []
        for key in keys where !distinct.contains(key) { distinct.append(key) }
        let shown = distinct.prefix(3).map { "`\($0)`" }
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown[0]
        let among = distinct.count > shown.count ? "among them " : ""
        return ["The enum that the description writes in place, with the same values, at \(keys.count) places: \(among)\(list)."]
    }

    /// The type name of the words that every key ends with (`sms_method`, `Method` → `Method`),
    /// or nil when they share none.
    static func commonEnding(of keys: [String]) -> String? {
        var ending: [String]?
        for key in keys {
            let words = ImportNames.words(key).map { $0.lowercased() }
            guard let current = ending else {
                ending = words
                continue
            }
            var shared: [String] = []
            for (left, right) in zip(current.reversed(), words.reversed()) {
                guard left == right else { break }
                shared.insert(left, at: 0)
            }
            ending = shared
        }
        guard let ending, !ending.isEmpty else { return nil }
        return ImportNames.typeName(ending.joined(separator: "_"))
    }

    /// The members whose values the walk does not enter.
    private static let skipped: Set<String> = ["example", "examples", "default", "const", "enum", "webhooks", "callbacks"]

    /// Collects every enum written in place under `node`, with the key of the property or
    /// parameter it is the schema of. `top` is the path from the root while it is at most three
    /// keys long; `isPropertyMap` says that `node` is a `properties` object, whose keys are
    /// property names.
    private static func walk(_ node: DocumentNode, key: String?, top: [String]?, isPropertyMap: Bool, into found: inout [Shape: [String]]) {
        switch node {
        case .array(let items):
            for item in items { walk(item, key: key, top: nil, isPropertyMap: false, into: &found) }
        case .object(let object):
            let isComponent = top.map { $0.count == 3 && $0[0] == "components" && $0[1] == "schemas" || $0.count == 2 && $0[0] == "definitions" } ?? false
            if !isPropertyMap, !isComponent, let key, let shape = Shape(node) {
                found[shape, default: []].append(key)
            }
            // A parameter names the schema under it.
            let parameterName = object["in"] != nil ? object["name"]?.string : nil
            for (member, value) in object.members {
                let deeper = top.flatMap { $0.count < 3 ? $0 + [member] : nil }
                if isPropertyMap {
                    walk(value, key: member, top: deeper, isPropertyMap: false, into: &found)
                    continue
                }
                // Values, not schemas (an example may hold a key named `enum`), and what the
                // import leaves out: webhooks, callbacks, extensions.
                if Self.skipped.contains(member) || member.hasPrefix("x-") { continue }
                let inner = member == "schema" && parameterName != nil ? parameterName : key
                walk(value, key: inner, top: deeper, isPropertyMap: member == "properties", into: &found)
            }
        default:
            break
        }
    }
}

extension SchemaMapper {
    /// An enum written in place: the type declared for the same values at an earlier place, or a
    /// new declaration, named and described as a shared enum when the description writes these
    /// values in more than one place.
    func inlineEnum(_ node: DocumentNode, shape: SharedEnums.Shape, at location: DocumentLocation, hint: String) -> ImportedType {
        if let known = enumsByShape[shape] { return known }
        let type = declaredType(of: node, at: location, name: reserveTypeName(sharedEnums.names[shape] ?? hint), context: .json)
        // An enum of mixed values became its value type, with a warning at each place.
        guard case .named(let name) = type, case .enumeration(_, _, let isInteger, let cases, let isDeprecated)? = declarations[name] else { return type }
        if let docs = sharedEnums.docs(for: shape) {
            declarations[name] = .enumeration(name: name, docs: docs, isInteger: isInteger, cases: cases, isDeprecated: isDeprecated)
        }
        enumsByShape[shape] = type
        return type
    }
}
