import CourierRuntime
import Foundation

/// Turns a channel message's JSON into the schema's types and back, with the API's date style.
public enum RealtimeCoding {
    /// `value` read as a `T`; the error names what did not fit.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, dates: DateCodingStyle) throws -> T {
        let data = try JSONEncoder().encode(value)
        return try JSONCoding.decoder(for: dates).decode(T.self, from: data)
    }

    /// `value` as JSON, encoded as the API writes it.
    public static func encode(_ value: some Encodable, dates: DateCodingStyle) throws -> JSONValue {
        let data = try JSONCoding.encoder(for: dates).encode(value)
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
