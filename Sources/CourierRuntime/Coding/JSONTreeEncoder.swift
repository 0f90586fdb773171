import Foundation

/// `WireJSONEncoder`'s second path, for encoding code a single pass cannot follow: containers
/// used after their place in the output has passed (a super-encoder filled after the members,
/// two nested containers opened and then filled) or a key written twice. Values go into a tree
/// of nodes that any order of use can fill, written out at the end with the same spellings as
/// the one-pass path: members in the order their keys were first written, a key written again
/// replacing its value where it stands.
final class JSONTreeEncoder: Encoder {
    let node: JSONNode
    let scalars: JSONValueWriter
    let codingPath: [any CodingKey]

    init(node: JSONNode, scalars: JSONValueWriter, codingPath: [any CodingKey]) {
        self.node = node
        self.scalars = scalars
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes a value into a new tree and writes it out.
    static func encode<Value: Encodable>(_ value: Value, dateStyle: DateCodingStyle) throws -> Data {
        let root = JSONNode()
        let encoder = JSONTreeEncoder(node: root, scalars: JSONValueWriter(dateStyle: dateStyle), codingPath: [])
        try encoder.write(value, into: root, codingPath: [])
        if case .unset = root.content {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        var output = JSONOutput(capacity: 1024)
        root.write(to: &output)
        return Data(output.bytes)
    }

    /// Puts a value into a node: scalars as their bytes, anything else by encoding itself.
    func write<Value: Encodable>(_ value: Value, into node: JSONNode, codingPath: [any CodingKey]) throws {
        if try scalars.writeScalar(value, codingPath: codingPath) {
            node.content = .scalar(scalars.output.take())
            return
        }
        let child = JSONTreeEncoder(node: node, scalars: scalars, codingPath: codingPath)
        if let object = value as? any JSONSortedObject {
            try object.encodeSorted(into: child)
        } else {
            try value.encode(to: child)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.become(.object, at: codingPath)
        return KeyedEncodingContainer(JSONTreeKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.become(.array, at: codingPath)
        return JSONTreeUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTreeSingleValueContainer(encoder: self)
    }

    /// An encoder for a node below this one.
    func child(_ node: JSONNode, key: any CodingKey) -> JSONTreeEncoder {
        JSONTreeEncoder(node: node, scalars: scalars, codingPath: codingPath + [key])
    }
}

/// One JSON value in the tree.
final class JSONNode {
    enum Content {
        case unset, scalar([UInt8]), object, array
    }

    enum Kind {
        case object, array
    }

    var content = Content.unset
    private var keys: [String] = []
    private var members: [String: JSONNode] = [:]
    private(set) var elements: [JSONNode] = []

    /// Makes this node an object or an array; it may already be one of that kind.
    func become(_ kind: Kind, at codingPath: [any CodingKey]) {
        switch (content, kind) {
        case (.unset, .object): content = .object
        case (.unset, .array): content = .array
        case (.object, .object), (.array, .array): break
        default: preconditionFailure("\(codingPath.map(\.stringValue)): a value already encoded as something else cannot become an \(kind)")
        }
    }

    /// A new node at a key of this object, replacing any value there but keeping its place.
    func member(_ key: String) -> JSONNode {
        let node = JSONNode()
        if members.updateValue(node, forKey: key) == nil { keys.append(key) }
        return node
    }

    /// A new node at the end of this array.
    func appendElement() -> JSONNode {
        let node = JSONNode()
        elements.append(node)
        return node
    }

    func write(to output: inout JSONOutput) {
        switch content {
        case .unset:
            output.append(ascii: "{}")
        case .scalar(let bytes):
            output.append(bytes: bytes)
        case .object:
            output.append(UInt8(ascii: "{"))
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(string: key)
                output.append(UInt8(ascii: ":"))
                members[key]!.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
    }
}

/// The members of an object node.
struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.node.member(key.stringValue).content = .scalar(Array("null".utf8))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { try put(value, key) }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try putInteger(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try putInteger(value, key) }

    private func put<Value: Encodable>(_ value: Value, _ key: Key) throws {
        try encoder.write(value, into: encoder.node.member(key.stringValue), codingPath: codingPath + [key])
    }

    private func putInteger(_ value: some FixedWidthInteger, _ key: Key) throws {
        encoder.scalars.output.append(integer: value)
        encoder.node.member(key.stringValue).content = .scalar(encoder.scalars.output.take())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(encoder.node.member(key.stringValue), key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(encoder.node.member(key.stringValue), key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = WireKey(stringValue: "super")
        return encoder.child(encoder.node.member(key.stringValue), key: key)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.child(encoder.node.member(key.stringValue), key: key)
    }
}

/// The elements of an array node.
struct JSONTreeUnkeyedContainer: UnkeyedEncodingContainer, JSONTreePositionalContainer {
    let encoder: JSONTreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.node.elements.count }

    func nextNode() -> (JSONNode, [any CodingKey]) {
        let path = codingPath + [WireKey(stringValue: "Index \(count)")]
        return (encoder.node.appendElement(), path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (node, path) = nextNode()
        return JSONTreeEncoder(node: node, scalars: encoder.scalars, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (node, path) = nextNode()
        return JSONTreeEncoder(node: node, scalars: encoder.scalars, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let (node, path) = nextNode()
        return JSONTreeEncoder(node: node, scalars: encoder.scalars, codingPath: path)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { putInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { putInteger(value) }
}

/// The node itself, as one value.
struct JSONTreeSingleValueContainer: SingleValueEncodingContainer, JSONTreePositionalContainer {
    let encoder: JSONTreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func nextNode() -> (JSONNode, [any CodingKey]) { (encoder.node, codingPath) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { putInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { putInteger(value) }
}

/// What the tree's array and single-value containers share: each value goes into the node
/// `nextNode()` gives.
protocol JSONTreePositionalContainer {
    var encoder: JSONTreeEncoder { get }
    func nextNode() -> (JSONNode, [any CodingKey])
}

extension JSONTreePositionalContainer {
    mutating func encodeNil() throws { nextNode().0.content = .scalar(Array("null".utf8)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let (node, path) = nextNode()
        try encoder.write(value, into: node, codingPath: path)
    }

    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }

    private func put<Value: Encodable>(_ value: Value) throws {
        let (node, path) = nextNode()
        try encoder.write(value, into: node, codingPath: path)
    }

    func putInteger(_ value: some FixedWidthInteger) {
        encoder.scalars.output.append(integer: value)
        nextNode().0.content = .scalar(encoder.scalars.output.take())
    }
}
