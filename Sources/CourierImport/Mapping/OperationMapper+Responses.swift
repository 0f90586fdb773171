import CourierSchema
import Foundation

// Responses: the type a success returns, and the media types left out.

extension OperationMapper {
    /// What follows `returns`: the first 2xx response with content, read by its media type.
    func response(_ node: DocumentNode?, at location: DocumentLocation, hint: String) -> String? {
        guard let responses = node?.object else { return nil }
        let successes = responses.members.filter { $0.key.hasPrefix("2") || $0.key == "2XX" }
        for (status, responseNode) in successes {
            let resolved: DocumentNode
            let responseLocation: DocumentLocation
            do {
                (resolved, responseLocation) = try files.resolve(responseNode, at: location.appending(status))
            } catch {
                mapper.warn(location.appending(status), "response", "\(error); this response is left out")
                continue
            }
            let contents = MediaContent.entries(of: resolved, at: responseLocation, files: files, mapper: mapper)
            guard let first = contents.first else { continue }
            let shared = { (suffix: String) in sharedHint(responseLocation, from: location.appending(status), operation: hint, suffix: suffix) }
            let lower = first.mediaType.lowercased()
            if lower == "text/event-stream" || lower.contains("jsonl") || lower.contains("ndjson") || lower.contains("json-seq") {
                // OpenAPI 3.2 describes one item of a sequence with `itemSchema`.
                let (itemNode, itemLocation) = first.media["itemSchema"].map { ($0, first.location.appending("itemSchema")) }
                    ?? (first.schema["items"] ?? first.schema, first.schemaLocation)
                let element = mapper.type(of: itemNode, at: itemLocation, hint: shared("Event")).unwrapped
                warnLeftOut(contents.dropFirst(), kept: first.mediaType)
                return (lower == "text/event-stream" ? "stream " : "lines ") + element.spelling
            }
            for unwritable in contents where !MediaType.isValid(unwritable.mediaType) {
                mapper.warn(unwritable.location, "response media type", "'\(unwritable.mediaType)' is not a media type; the client does not ask for it")
            }
            let written = contents.filter { MediaType.isValid($0.mediaType) }
            // The response is read as the first media type's kind; the others of that kind are
            // asked for too, and those of another kind are left out.
            let kind: (String) -> Bool
            let spelling: String
            let general: Set<String>
            if Self.isJSON(lower) || lower == "*/*" {
                kind = { Self.isJSON($0.lowercased()) || $0 == "*/*" }
                spelling = mapper.type(of: first.schema, at: first.schemaLocation, hint: shared("Response")).spelling
                general = ["application/json"]
            } else if lower.hasPrefix("text/") {
                kind = { $0.lowercased().hasPrefix("text/") }
                spelling = "Text"
                general = ["text/*"]
            } else {
                kind = { !Self.isJSON($0.lowercased()) }
                spelling = "Bytes"
                general = ["application/octet-stream"]
            }
            warnLeftOut(written.filter { !kind($0.mediaType) }, kept: first.mediaType)
            return spelling + Self.mediaTypeList(written.map(\.mediaType).filter(kind), unless: general)
        }
        return nil
    }

    /// Warns of response media types that the client does not ask for.
    func warnLeftOut<Entries: Sequence<MediaContent>>(_ entries: Entries, kept: String) {
        for entry in entries {
            mapper.warn(
                entry.location, "response media type",
                "the \(entry.mediaType) response is left out; the client asks for \(kept) and what goes with it")
        }
    }

    /// ` "image/png", "image/webp"` after `returns`: the media types the description gives, so
    /// that the client asks for them; nothing when they say no more than the kind's own
    /// (`general`), or one is `*/*`.
    static func mediaTypeList(_ mediaTypes: [String], unless general: Set<String>) -> String {
        let lowered = mediaTypes.map { $0.lowercased() }
        if lowered.isEmpty || lowered.contains("*/*") || lowered.contains(where: general.contains) { return "" }
        return " " + mediaTypes.map(SchemaText.quoted).joined(separator: ", ")
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.hasPrefix("application/json;")
    }
}
