import Foundation

/// A file part: bytes, a file name and a MIME type.
public struct MultipartFile: Sendable, Hashable {
    /// The file's bytes.
    public var data: Data
    /// The file name sent to the server.
    public var filename: String
    /// The MIME type, such as `image/jpeg`.
    public var mimeType: String

    /// Creates a file part.
    public init(data: Data, filename: String, mimeType: String = "application/octet-stream") {
        self.data = data
        self.filename = filename
        self.mimeType = mimeType
    }
}

/// A `multipart/form-data` body (RFC 7578). The boundary is random and checked against the
/// content, so it never occurs in the data.
public struct MultipartFormData: Sendable {
    private struct Part: Sendable {
        let name: String
        let filename: String?
        let contentType: String?
        let data: Data
    }

    private var parts: [Part] = []

    /// Creates an empty body.
    public init() {}

    /// Adds a text field.
    public mutating func append(_ name: String, _ value: (any WireValueConvertible)?) {
        guard let value else { return }
        parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.wireValue.utf8)))
    }

    /// Adds a file.
    public mutating func append(_ name: String, file: MultipartFile?) {
        guard let file else { return }
        parts.append(Part(name: name, filename: file.filename, contentType: file.mimeType, data: file.data))
    }

    /// Adds several files under one name.
    public mutating func append(_ name: String, files: [MultipartFile]?) {
        for file in files ?? [] { append(name, file: file) }
    }

    /// Adds a value encoded as a JSON part.
    public mutating func append(_ name: String, json value: (any Encodable & Sendable)?, dateStyle: DateCodingStyle = .iso8601) throws {
        guard let value else { return }
        let data = try JSONCoding.encoder(for: dateStyle).encode(value)
        parts.append(Part(name: name, filename: nil, contentType: "application/json", data: data))
    }

    /// The encoded body and its `Content-Type` with the boundary. Throws `invalidRequest` when
    /// a part's MIME type is not `type/subtype` (optionally with parameters), which could add
    /// header lines of its own to the part.
    public func encoded() throws -> (body: Data, contentType: String) {
        try encoded(makingBoundariesWith: MultipartFormData.makeBoundary)
    }

    /// Encodes with boundaries from `makeBoundary`, taking the next while one occurs in a part.
    func encoded(makingBoundariesWith makeBoundary: () -> String) throws -> (body: Data, contentType: String) {
        for part in parts {
            if let contentType = part.contentType, !MultipartFormData.isMediaType(contentType) {
                throw APIError.invalidRequest(
                    "the MIME type \(contentType.debugDescription) of the part '\(part.name)' is not a media type such as image/jpeg")
            }
        }
        var boundary = makeBoundary()
        while parts.contains(where: { $0.data.range(of: Data(boundary.utf8)) != nil }) {
            boundary = makeBoundary()
        }
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(MultipartFormData.quoted(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(MultipartFormData.quoted(filename))\"" }
            body.append(Data((disposition + "\r\n").utf8))
            if let contentType = part.contentType { body.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    static func makeBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return "courier-" + String((0..<32).map { _ in alphabet.randomElement()! })
    }

    /// Escapes a name for a quoted header parameter as the WHATWG form encoding does (CR, LF
    /// and `"` percent-encoded), and NUL and `\` too, which some servers read as the end of
    /// the name or as an escape.
    static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case "\"": result += "%22"
            case "\0": result += "%00"
            case "\\": result += "%5C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether text is a media type: `type/subtype` tokens, then `; name=value` parameters
    /// whose values are tokens or quoted strings without control characters (RFC 9110 8.3.1).
    static func isMediaType(_ text: String) -> Bool {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let type = pieces[0].trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard type.count == 2, HeaderFieldRules.isToken(type[0]), HeaderFieldRules.isToken(type[1]) else { return false }
        for parameter in pieces.dropFirst() {
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, HeaderFieldRules.isToken(pair[0]) else { return false }
            let value = pair[1]
            let isQuoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            guard HeaderFieldRules.isToken(value) || (isQuoted && HeaderFieldRules.isValidValue(String(value)) && !value.contains("\t")) else {
                return false
            }
        }
        return true
    }
}
