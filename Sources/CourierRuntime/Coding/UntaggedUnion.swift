/// What a JSON value looks like, found without decoding it whole: how an untagged union picks
/// the variant to decode.
public struct JSONShape: Sendable, Hashable {
    /// The kind of value.
    public enum Kind: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool
        /// A number; `isInteger` when it is whole and fits 64 bits.
        case number(isInteger: Bool)
        /// A string.
        case string
        /// An array.
        case array
        /// An object with these keys.
        case object(keys: Set<String>)
    }

    /// The kind of value.
    public var kind: Kind

    /// Finds the shape of the value `decoder` holds.
    public init(of decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            kind = .null
        } else if (try? single.decode(Bool.self)) != nil {
            kind = .bool
        } else if (try? single.decode(String.self)) != nil {
            kind = .string
        } else if (try? single.decode(Double.self)) != nil {
            kind = .number(isInteger: (try? single.decode(Int64.self)) != nil)
        } else if let object = try? decoder.container(keyedBy: WireKey.self) {
            kind = .object(keys: Set(object.allKeys.map(\.stringValue)))
        } else {
            _ = try decoder.unkeyedContainer()
            kind = .array
        }
    }

    /// A string.
    public var isString: Bool { kind == .string }
    /// A whole number.
    public var isInteger: Bool { kind == .number(isInteger: true) }
    /// Any number.
    public var isNumber: Bool { if case .number = kind { true } else { false } }
    /// `true` or `false`.
    public var isBool: Bool { kind == .bool }
    /// An array.
    public var isArray: Bool { kind == .array }
    /// An object.
    public var isObject: Bool { if case .object = kind { true } else { false } }

    /// An object that has every one of `keys`.
    public func isObject(withKeys keys: Set<String>) -> Bool {
        guard case .object(let present) = kind else { return false }
        return keys.isSubset(of: present)
    }
}

extension JSONShape {
    /// What a variant of an untagged union can take of an object, for `tryingOrder`.
    public enum VariantKeys: Sendable, Hashable {
        /// A model, with the wire keys it declares.
        case model(Set<String>)
        /// A variant that takes any object whole: `JSON`, a dictionary.
        case anyObject
        /// Any other variant: a tagged union, a value that is not an object.
        case other
    }

    /// The order in which an untagged union tries its variants on this value, given what each
    /// takes, in declaration order. On an object:
    /// - in the places models hold, the models that declare more of its keys come first, most
    ///   first; other variants keep their places (a tagged union before a model stays before it);
    /// - variants that take any object come after those;
    /// - models that declare none of its keys come last, so that a variant that takes any object
    ///   keeps what they would drop.
    ///
    /// On any other value, and on an empty object, the order is the declared one.
    public func tryingOrder(_ variants: [VariantKeys]) -> [Int] {
        guard case .object(let keys) = kind, !keys.isEmpty else { return Array(variants.indices) }
        var shared: [Int: Int] = [:]
        var anyObject: [Int] = []
        var declaringNone: [Int] = []
        var kept: [Int] = []
        for (index, variant) in variants.enumerated() {
            switch variant {
            case .model(let declared):
                let count = declared.lazy.filter(keys.contains).count
                if count == 0 {
                    declaringNone.append(index)
                } else {
                    shared[index] = count
                    kept.append(index)
                }
            case .anyObject: anyObject.append(index)
            case .other: kept.append(index)
            }
        }
        // The models, most keys first, fill the places models hold among the kept variants.
        var models = kept.filter { shared[$0] != nil }.sorted { (shared[$1]!, $0) < (shared[$0]!, $1) }.makeIterator()
        let ordered = kept.map { shared[$0] == nil ? $0 : models.next()! }
        return ordered + anyObject + declaringNone
    }
}

/// Reads and writes untagged unions: values whose JSON shape says which variant they are.
public enum UntaggedUnion {
    /// Decodes a variant's value through a container, so the decoder's date and data
    /// strategies apply; nil when the value is not a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from decoder: any Decoder) -> T? {
        try? decoder.singleValueContainer().decode(T.self)
    }

    /// Whether an optional field that allows one value is absent or holds that value: a
    /// variant whose field says `action: skipKind` does not take an object whose `action` is
    /// `skipResource`, even though its enum would read that as `unknown`.
    public static func isAbsent<T: Equatable>(_ value: T?, or expected: T) -> Bool {
        value == nil || value == expected
    }

    /// Encodes a variant's value as it is, through a container.
    public static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
