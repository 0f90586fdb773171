/// One entry of an OpenAPI `content` map: a media type and what it says, at its place (which
/// is in another file when the entry, or the whole map, is a `$ref`).
struct MediaContent {
    /// The media type, as written (`application/json`).
    var mediaType: String
    /// The media type object.
    var media: DocumentNode
    /// Where the media type object is.
    var location: DocumentLocation

    /// Its schema; an empty schema (any value) when it has none.
    var schema: DocumentNode { media["schema"] ?? .object(DocumentObject()) }
    /// Where its schema is.
    var schemaLocation: DocumentLocation { location.appending("schema") }

    /// The entries of the `content` of `owner` (a request body, response or parameter at
    /// `location`), in document order. A `$ref` in place of the map or of an entry, which the
    /// specification does not allow but Lob writes 52 times, is followed with a warning (when
    /// `mapper` is given).
    static func entries(of owner: DocumentNode, at location: DocumentLocation, files: DescriptionFiles, mapper: SchemaMapper?) -> [MediaContent] {
        guard let contentNode = owner["content"] else { return [] }
        guard let (content, contentLocation) = follow(contentNode, at: location.appending("content"), files: files, mapper: mapper) else { return [] }
        var entries: [MediaContent] = []
        for (mediaType, mediaNode) in content.object?.members ?? [] {
            guard let (media, mediaLocation) = follow(mediaNode, at: contentLocation.appending(mediaType), files: files, mapper: mapper) else { continue }
            entries.append(MediaContent(mediaType: mediaType, media: media, location: mediaLocation))
        }
        return entries
    }

    private static func follow(
        _ node: DocumentNode, at location: DocumentLocation, files: DescriptionFiles, mapper: SchemaMapper?
    ) -> (DocumentNode, DocumentLocation)? {
        guard node["$ref"] != nil else { return (node, location) }
        do {
            let (resolved, resolvedLocation) = try files.resolve(node, at: location)
            mapper?.warn(location, "content $ref", "a $ref is not allowed here in OpenAPI; it is followed to \(resolvedLocation.fileAndPointer)")
            return (resolved, resolvedLocation)
        } catch {
            mapper?.warn(location, "content $ref", "\(error); this content is left out")
            return nil
        }
    }
}
