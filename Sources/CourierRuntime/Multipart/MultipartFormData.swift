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

    /// The encoded body and its `Content-Type` with the boundary.
    public func encoded() -> (body: Data, contentType: String) {
        var boundary = MultipartFormData.makeBoundary()
        while parts.contains(where: { $0.data.range(of: Data(boundary.utf8)) != nil }) {
            boundary = MultipartFormData.makeBoundary()
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

    /// Escapes a name for a quoted header parameter (the WHATWG form encoding).
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\"", with: "%22")
    }
}
