import Foundation

/// The `Encoder` for one JSON value being written in place by `WireJSONEncoder`. A value
/// becomes an object, an array or a single value when it first asks for a container; its
/// closing bracket is written when it finishes. A nested container or super-encoder stays open
/// until its parent writes its next member or finishes, as containers are used in order.
final class JSONSlotEncoder: Encoder {
    private enum Form {
        case unused, object, array, single
    }

    let writer: JSONValueWriter
    private let parent: JSONSlotEncoder?
    private let key: (any CodingKey)?
    private var form = Form.unused
    private var members = 0
    /// A nested container's slot still being written.
    private var open: JSONSlotEncoder?
    /// Whether the closing bracket is written: using this slot again cannot be written in place.
    private var isClosed = false
    /// Where this object's keys start in the writer's list of written keys.
    private var firstKey = 0
    /// A bit per kind of key written (by length and end bytes): a key whose bit is clear is new
    /// for certain, so most keys are never compared.
    private var keyKinds: UInt64 = 0

    init(writer: JSONValueWriter, parent: JSONSlotEncoder?, key: (any CodingKey)?) {
        self.writer = writer
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var slot: JSONSlotEncoder? = self
        while let current = slot {
            if let key = current.key { path.append(key) }
            slot = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        checkStillOpen()
        closeOpenChild()
        switch form {
        case .unused:
            writer.output.append(UInt8(ascii: "{"))
            form = .object
            firstKey = writer.output.openKeyCount
        case .object:
            break  // more members of the same object, as a tagged union adds its tag
        case .array, .single:
            preconditionFailure("\(codingPath): a value already encoded as an array or a single value cannot become an object")
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(slot: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        checkStillOpen()
        closeOpenChild()
        switch form {
        case .unused:
            writer.output.append(UInt8(ascii: "["))
            form = .array
        case .array:
            break
        case .object, .single:
            preconditionFailure("\(codingPath): a value already encoded as an object or a single value cannot become an array")
        }
        return JSONUnkeyedContainer(slot: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(slot: self)
    }

    /// Writes the closing bracket, or `{}` for a value that encoded nothing (as `JSONEncoder`).
    func finish() {
        closeOpenChild()
        switch form {
        case .unused: writer.output.append(ascii: "{}")
        case .object:
            writer.output.append(UInt8(ascii: "}"))
            // Nested objects have finished before this one, so its keys are the last ones.
            writer.output.closeKeys(from: firstKey)
        case .array: writer.output.append(UInt8(ascii: "]"))
        case .single: break
        }
        isClosed = true
    }

    /// Marks the output as needing a value tree when this slot is used after it closed.
    private func checkStillOpen() {
        if isClosed { writer.needsValueTree = true }
    }

    private func closeOpenChild() {
        guard let child = open else { return }
        open = nil
        child.finish()
    }

    // MARK: Writing members

    /// Starts the next member of this object: a comma after the first, then the key.
    func beginMember(_ key: some CodingKey) {
        checkStillOpen()
        closeOpenChild()
        if members > 0 { writer.output.append(UInt8(ascii: ",")) }
        members += 1
        if writer.output.append(key: key.stringValue, objectKeysFrom: firstKey, kinds: &keyKinds) { writer.needsValueTree = true }
        writer.output.append(UInt8(ascii: ":"))
    }

    /// Starts the next element of this array.
    func beginElement() {
        checkStillOpen()
        closeOpenChild()
        if members > 0 { writer.output.append(UInt8(ascii: ",")) }
        members += 1
    }

    /// Marks this slot as holding a single value, which it may do once.
    func beginSingleValue() {
        checkStillOpen()
        if isClosed { return }
        precondition(form == .unused, "\(codingPath): a single value container can encode one value")
        form = .single
    }

    var count: Int { members }

    /// Writes a value at the current position, `key` naming it in error paths.
    func write<Value: Encodable>(_ value: Value, key: (any CodingKey)?) throws {
        if try writer.writeScalar(value, codingPath: self.codingPath + (key.map { [$0] } ?? [])) { return }
        let child = JSONSlotEncoder(writer: writer, parent: self, key: key)
        try child.encode(contentsOf: value)
        child.finish()
    }

    /// Lets a value encode itself into this slot; dictionaries with string keys go in key order.
    func encode<Value: Encodable>(contentsOf value: Value) throws {
        if let object = value as? any JSONSortedObject {
            try object.encodeSorted(into: self)
        } else {
            try value.encode(to: self)
        }
    }

    /// Whether anything asked for a container yet.
    var isUnused: Bool { form == .unused }

    /// A slot for a nested container or super-encoder, closed when this one moves on.
    func openChild(key: (any CodingKey)?) -> JSONSlotEncoder {
        let child = JSONSlotEncoder(writer: writer, parent: self, key: key)
        open = child
        return child
    }
}
