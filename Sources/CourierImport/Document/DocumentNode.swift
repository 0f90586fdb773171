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

    /// The flag, if this is a boolean.
    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}

/// An object's members in the order they were written, with lookup by key.
public struct DocumentObject: Sendable, Hashable {
    /// The keys in document order.
    public private(set) var keys: [String] = []
    private var values: [String: DocumentNode] = [:]

    /// An empty object.
    public init() {}

    /// The value at `key`.
    public subscript(key: String) -> DocumentNode? { values[key] }

    /// The members in document order.
    public var members: [(key: String, value: DocumentNode)] { keys.map { ($0, values[$0]!) } }

    /// Adds or replaces a member; a new key goes last. Returns whether the key was new.
    @discardableResult
    public mutating func set(_ key: String, _ value: DocumentNode) -> Bool {
        let isNew = values.updateValue(value, forKey: key) == nil
        if isNew { keys.append(key) }
        return isNew
    }
}
