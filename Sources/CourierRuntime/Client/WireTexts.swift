import Foundation

/// What a parameter that holds one value or a list of them sends: the text of one value, or the
/// texts of a list's elements, which the parameter's place joins (`index=a,b`, `/indices/a,b`).
public enum WireTexts: Sendable, Hashable {
    /// One value's text, sent as it is: a comma in it stays a comma, so `"a,b"` names two
    /// indices where the server reads a comma-separated list.
    case one(String)
    /// A list's element texts; a comma inside an element is percent-encoded where the elements
    /// are joined by commas, so that each arrives whole.
    case list([String])

    /// The texts of a value no variant of a union took (`unknown`): a string, number or boolean
    /// is one value, an array of them a list, anything else its JSON text.
    public init(json: JSONValue) {
        switch json {
        case .string(let text): self = .one(text)
        case .bool(let value): self = .one(value ? "true" : "false")
        case .integer(let value): self = .one(String(value))
        case .largeInteger(let value): self = .one(value.description)
        case .number(let value): self = .one(String(value))
        case .null: self = .list([])
        case .array(let elements):
            let texts = elements.map { element -> String in
                if case .one(let text) = WireTexts(json: element) { return text }
                return Self.jsonText(element)
            }
            self = .list(texts)
        case .object: self = .one(Self.jsonText(json))
        }
    }

    /// A value as compact JSON text, its keys sorted so that the request is the same each time.
    private static func jsonText(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? value.description
    }
}

/// A parameter value that is one text value or a list of them: the generated untagged unions
/// whose variants are all such (OpenSearch's `Indices`, a name or a list of names), and
/// `WireList`. As a header it is its texts joined by commas.
public protocol WireTextsConvertible: WireValueConvertible {
    /// The texts the parameter sends.
    var wireTexts: WireTexts { get }
}

extension WireTextsConvertible {
    /// The texts joined by commas, as a header holds a list (RFC 9110, section 5.6.1).
    public var wireValue: String {
        switch wireTexts {
        case .one(let text): text
        case .list(let texts): texts.joined(separator: ",")
        }
    }
}

/// An array as a parameter that sends its elements as one list: a header or path parameter
/// declared `[T]` (`X-Tags: a,b`).
public struct WireList<Element: WireValueConvertible>: WireTextsConvertible {
    /// The elements.
    public var elements: [Element]

    /// A list of `elements`.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// The elements' texts.
    public var wireTexts: WireTexts { .list(elements.map(\.wireValue)) }
}

extension QueryItem {
    /// The items of a parameter that holds one value or a list: one item for one value, and
    /// for a list an item per element (`index=a&index=b`) or, with a style, one item of the
    /// elements joined (`index=a,b`). No item for nil or an empty list.
    public static func texts(_ name: String, _ value: (some WireTextsConvertible)?, style: ArrayStyle? = nil) -> [QueryItem] {
        switch value?.wireTexts {
        case nil: return []
        case .one(let text)?: return [QueryItem(name, text)]
        case .list(let texts)?:
            guard let style else { return repeated(name, texts) }
            return delimited(name, texts, style: style)
        }
    }
}

extension String.StringInterpolation {
    /// Interpolates a value that is one text or a list as one path segment: one value
    /// percent-encoded as any is, a list's elements each percent-encoded, a comma too, and
    /// joined by commas (OpenAPI's `simple` style: `/indices/a,b`).
    public mutating func appendInterpolation(path value: some WireTextsConvertible) {
        switch value.wireTexts {
        case .one(let text): appendLiteral(PathSegment.encode(text))
        case .list(let texts): appendLiteral(PathSegment.encodeList(texts))
        }
    }

    /// Interpolates an array as one path segment, its elements joined by commas: `/indices/a,b`.
    public mutating func appendInterpolation(path values: [some WireValueConvertible]) {
        appendLiteral(PathSegment.encodeList(values.map(\.wireValue)))
    }
}

extension PathSegment {
    private static let listElementAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~!$&'()*+;=:@")
        return set
    }()

    /// A list's element texts as one path segment, joined by commas; an empty list is refused
    /// as an empty value is.
    static func encodeList(_ texts: [String]) -> String {
        guard !texts.isEmpty else { return encode("") }
        return texts.map { percentEncode($0, keeping: listElementAllowed) }.joined(separator: ",")
    }
}
