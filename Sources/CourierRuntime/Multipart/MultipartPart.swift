import Foundation

/// A value that is one part of a multipart body in more than one way: a file, or a value in its
/// place (OpenAI's image edits take the image, or its URL). Generated for a union with a `File`
/// variant; each case adds itself as a part of that kind.
public protocol MultipartPart: Sendable {
    /// Adds the value to `form` as a part named `name`.
    func append(to form: inout MultipartFormData, name: String) throws
}

extension MultipartFormData {
    /// Adds a value that is a file or a value in its place.
    public mutating func append(_ name: String, part: (any MultipartPart)?) throws {
        try part?.append(to: &self, name: name)
    }

    /// Adds several such values under one name, in order.
    public mutating func append<Part: MultipartPart>(_ name: String, parts: [Part]?) throws {
        for part in parts ?? [] { try part.append(to: &self, name: name) }
    }
}
