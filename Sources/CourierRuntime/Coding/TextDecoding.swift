import Foundation

/// Reads a text response: the charset its `Content-Type` names (UTF-8 when it names none), a
/// byte order mark dropped. Bytes that are not text in that charset fail the call rather than
/// turn into replacement characters.
public enum TextDecoding {
    /// The `Accept` header of a request that reads text: any text, anything else if need be.
    public static let accept = "text/*, */*;q=0.1"

    /// The body as text, or `APIError.decodingError` saying why it is not.
    public static func text(of response: HTTPResponse, for request: APIRequest) throws -> String {
        let charset = Self.charset(in: response.headers["Content-Type"])
        guard let encoding = charset.map(Self.encoding(named:)) ?? .utf8 else {
            throw APIError.decodingError(
                TextDecodingError(request: "\(request.method.rawValue) \(request.path)", reason: "its charset '\(charset ?? "")' is not one Courier reads (UTF-8, UTF-16, ASCII, ISO 8859-1, Windows-1252)"))
        }
        var body = response.body[...]
        if encoding == .utf8, body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(data: Data(body), encoding: encoding) else {
            throw APIError.decodingError(
                TextDecodingError(request: "\(request.method.rawValue) \(request.path)", reason: "its body is not valid \(charset ?? "UTF-8") text; return Bytes to read it as it is"))
        }
        return text
    }

    /// The `charset` parameter of a media type, lowercased and unquoted.
    static func charset(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "charset" else { continue }
            return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }

    static func encoding(named name: String) -> String.Encoding? {
        switch name {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii": return .ascii
        case "iso-8859-1", "iso8859-1", "latin1", "l1": return .isoLatin1
        case "windows-1252", "cp1252": return .windowsCP1252
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        default: return nil
        }
    }
}

/// A text response that could not be read as text.
public struct TextDecodingError: Error, CustomStringConvertible {
    /// The request, as `METHOD /path`.
    public var request: String
    /// Why the body is not text.
    public var reason: String

    /// The request and the reason.
    public var description: String { "the response of \(request) is not text: \(reason)" }
}
