/// A value of an API description, as JSON and YAML both read: objects keep their keys in the
/// order written, so the import follows the document's order.
public indirect enum DocumentNode: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as written.
    case number(String)
    case string(String)
    case array([DocumentNode])
    case object(DocumentObject)

    /// The value at `key`, if this is an object that has it.
    public subscript(key: String) -> DocumentNode? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The text, if this is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [DocumentNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The object, if this is one.
    public var object: DocumentObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// A number that is whole, however JSON writes it (`1000`, `1E3`, `1000.0`), as `Int64`;
    /// nil for fractions, other values and numbers beyond `Int64`.
    public var integer: Int64? {
        guard case .number(let text) = self else { return nil }
        if let whole = Int64(text) { return whole }
        guard let value = Double(text), value.magnitude < 0x1p53 else { return nil }
        return Int64(exactly: value)
    }

    /// The flag, if this is a boolean.
    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}

/// An object's members in the order they were written, with lookup by key.
///
/// Most objects of a description have a few keys: those are searched in order, and only an
/// object of more keys keeps an index, so reading a document builds no dictionary per object.
public struct DocumentObject: Sendable, Hashable {
    /// The members in document order.
    public private(set) var members: [(key: String, value: DocumentNode)] = []
    /// Each key's place in `members`, once there are more than `linearSearchLimit`.
    private var index: [String: Int]?
    private static let linearSearchLimit = 8

    /// An empty object.
    public init() {}

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// How many members it has.
    public var count: Int { members.count }

    /// Whether it has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value at `key`.
    public subscript(key: String) -> DocumentNode? {
        guard let position = position(of: key) else { return nil }
        return members[position].value
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// Adds or replaces a member; a new key goes last. Returns whether the key was new.
    @discardableResult
    public mutating func set(_ key: String, _ value: DocumentNode) -> Bool {
        if let position = position(of: key) {
            members[position].value = value
            return false
        }
        members.append((key, value))
        if index != nil {
            index?[key] = members.count - 1
        } else if members.count > Self.linearSearchLimit {
            index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($0.element.key, $0.offset) })
        }
        return true
    }

    /// Objects are equal when they have the same members in the same order.
    public static func == (lhs: DocumentObject, rhs: DocumentObject) -> Bool {
        lhs.members.count == rhs.members.count && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
