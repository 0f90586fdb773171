/// Media types as the schema language writes them (`body Bytes "image/png"`,
/// `returns Bytes "image/*"`); shared by the checker and the OpenAPI importer.
public enum MediaType {
    /// Whether text is a media type or range: `type/subtype` of RFC 9110 token characters (so
    /// `image/*` and `*/*` too), then any `; name=value` parameters.
    public static func isValid(_ text: String) -> Bool {
        func isToken(_ part: Substring) -> Bool { !part.isEmpty && part.utf8.allSatisfy(HeaderName.isTokenByte) }
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = pieces[0].trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard essence.count == 2, isToken(essence[0]), isToken(essence[1]) else { return false }
        return pieces.dropFirst().allSatisfy { parameter in
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return pair.count == 2 && isToken(pair[0]) && !pair[1].isEmpty && !pair[1].contains(where: \.isNewline)
        }
    }
}
