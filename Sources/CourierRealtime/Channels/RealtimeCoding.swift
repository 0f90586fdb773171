import CourierRuntime
import Foundation

/// Turns a channel message's JSON into the schema's types and back, with the API's date style.
public enum RealtimeCoding {
    /// `value` read as a `T`; the error names what did not fit.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, dates: DateCodingStyle) throws -> T {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        return try JSONCoding.decoder(for: dates).decode(T.self, from: Data(bytes))
    }

    /// `value` as JSON text, written directly (`JSONEncoder` through `Codable` is several times
    /// slower, and this runs for every change a subscription decodes). A number keeps its kind
    /// when it is read again: `5.0` stays `5.0`, where `JSONEncoder` writes `5`, a whole number.
    /// `sortedKeys`: each object's keys in order, for text that is the same on every run.
    static func write(_ value: JSONValue, to bytes: inout [UInt8], sortedKeys: Bool = false) {
        switch value {
        case .null: bytes += Array("null".utf8)
        case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
        case .integer(let number): bytes += Array(String(number).utf8)
        case .largeInteger(let number): bytes += Array(number.description.utf8)
        case .number(let number): bytes += Array((number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): writeString(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, to: &bytes, sortedKeys: sortedKeys)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // Sorted only when asked: a change's payload is written as it came, without a copy.
            if sortedKeys {
                for (index, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                    writeMember(key, member, first: index == 0, to: &bytes, sortedKeys: true)
                }
            } else {
                for (index, (key, member)) in members.enumerated() {
                    writeMember(key, member, first: index == 0, to: &bytes, sortedKeys: false)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `"key":value`, after a comma unless it is an object's first member.
    private static func writeMember(_ key: String, _ member: JSONValue, first: Bool, to bytes: inout [UInt8], sortedKeys: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(member, to: &bytes, sortedKeys: sortedKeys)
    }

    private static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` as JSON, encoded as the API writes it.
    public static func encode(_ value: some Encodable, dates: DateCodingStyle) throws -> JSONValue {
        let data = try JSONCoding.encoder(for: dates).encode(value)
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
