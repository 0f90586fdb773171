import Foundation

/// How dates travel on the wire.
public enum DateCodingStyle: String, Sendable, Hashable {
    /// ISO 8601 text; see `ISO8601` for what is accepted.
    case iso8601
    /// Seconds since 1970.
    case unixSeconds
    /// Milliseconds since 1970.
    case unixMillis
}

/// The JSON encoders and decoders the runtime uses. Keys are never converted: generated models
/// carry explicit coding keys, which are correct for acronyms and faster.
public enum JSONCoding {
    private static let iso8601Decoder = makeDecoder(.iso8601)

    /// A decoder for a date style.
    public static func decoder(for style: DateCodingStyle) -> JSONDecoder {
        style == .iso8601 ? iso8601Decoder : makeDecoder(style)
    }

    /// An encoder for a date style. The same value always gives the same bytes: members in
    /// the order the model declares them, dictionaries in key order.
    public static func encoder(for style: DateCodingStyle) -> WireJSONEncoder {
        WireJSONEncoder(dateStyle: style)
    }

    private static func makeDecoder(_ style: DateCodingStyle) -> JSONDecoder {
        let decoder = JSONDecoder()
        switch style {
        case .iso8601:
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = ISO8601.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "'\(text)' is not an ISO 8601 timestamp")
                }
                return date
            }
        case .unixSeconds: decoder.dateDecodingStrategy = .secondsSince1970
        case .unixMillis: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }
}
