import Foundation

/// A value that travels as text in a path, query string, header or form: generated enums,
/// strings, numbers, booleans, UUIDs, URLs and dates.
public protocol WireValueConvertible: Sendable {
    /// The text sent on the wire.
    var wireValue: String { get }
}

extension String: WireValueConvertible {
    /// The string as it is.
    public var wireValue: String { self }
}

extension Int: WireValueConvertible {
    /// The number in decimal.
    public var wireValue: String { String(self) }
}

extension Int32: WireValueConvertible {
    /// The number in decimal.
    public var wireValue: String { String(self) }
}

extension Int64: WireValueConvertible {
    /// The number in decimal.
    public var wireValue: String { String(self) }
}

extension UInt64: WireValueConvertible {
    /// The number in decimal.
    public var wireValue: String { String(self) }
}

extension Double: WireValueConvertible {
    /// The number as Swift prints it, such as `2.5` or `1e-07`.
    public var wireValue: String { String(self) }
}

extension Float: WireValueConvertible {
    /// The number as Swift prints it, such as `2.5`.
    public var wireValue: String { String(self) }
}

extension Bool: WireValueConvertible {
    /// `true` or `false`.
    public var wireValue: String { self ? "true" : "false" }
}

extension UUID: WireValueConvertible {
    /// Lowercase, the canonical form (RFC 9562).
    public var wireValue: String { uuidString.lowercased() }
}

extension URL: WireValueConvertible {
    /// The URL as written.
    public var wireValue: String { absoluteString }
}

extension Date: WireValueConvertible {
    /// ISO 8601 in UTC, such as `2026-11-29T14:00:22Z`, with up to six fractional digits when the date has them.
    public var wireValue: String { ISO8601.string(from: self) }
}
