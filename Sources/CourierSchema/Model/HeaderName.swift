/// Header field names as the schema language accepts them (`header`, `apikey header`,
/// `@wire` of a header parameter); shared by the checker and the OpenAPI importer.
public enum HeaderName {
    /// Whether text is a field name: one or more RFC 9110 token characters, so no spaces,
    /// colons or separators.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// Whether a byte is an RFC 9110 token character (`tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
