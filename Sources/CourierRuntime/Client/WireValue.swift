import Foundation

/// A value that travels as text in a path, query string, header or form: generated enums,
/// strings, numbers, booleans, UUIDs, URLs and dates.
public protocol WireValueConvertible: Sendable {
    /// The text sent on the wire.
    var wireValue: String { get }
}

extension String: WireValueConvertible { public var wireValue: String { self } }
extension Int: WireValueConvertible { public var wireValue: String { String(self) } }
extension Int32: WireValueConvertible { public var wireValue: String { String(self) } }
extension Int64: WireValueConvertible { public var wireValue: String { String(self) } }
extension Double: WireValueConvertible { public var wireValue: String { String(self) } }
extension Float: WireValueConvertible { public var wireValue: String { String(self) } }
extension Bool: WireValueConvertible { public var wireValue: String { self ? "true" : "false" } }
/// UUIDs are sent lowercase, their canonical form (RFC 9562).
extension UUID: WireValueConvertible { public var wireValue: String { uuidString.lowercased() } }
extension URL: WireValueConvertible { public var wireValue: String { absoluteString } }
extension Date: WireValueConvertible { public var wireValue: String { ISO8601.string(from: self) } }
