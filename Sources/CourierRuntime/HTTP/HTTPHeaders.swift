/// An ordered list of header fields whose names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The fields in the order they were added.
    public private(set) var fields: [(name: String, value: String)] = []

    /// Creates an empty list.
    public init() {}

    /// Creates a list from a dictionary; the order follows the names.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { fields.append((name, value)) }
    }

    /// Headers from a literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { fields.append((name, value)) }
    }

    /// The first value of a header, or nil. Setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Adds a field, keeping any with the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Whether a header is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// The fields in the order they were added.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// The fields with secrets redacted (see `Redaction`): `Authorization`, API keys, cookies.
    public var description: String {
        "[" + Redaction.redacted(fields).map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }

    /// The same as `description`: secrets stay hidden in the debugger too.
    public var debugDescription: String { description }

    /// The fields with secrets redacted, for `dump` and the debugger.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Redaction.redacted(fields).map { "\($0.name): \($0.value)" }, displayStyle: .collection)
    }

    /// Whether both hold the same fields, names compared without regard to case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.caseInsensitiveEquals($1.name) && $0.value == $1.value }
    }

    /// Hashes the fields, names without regard to case.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
