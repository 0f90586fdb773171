/// RFC 9110's rules for header fields (section 5): a name is a token, and a value holds no
/// control character but horizontal tab. A field that breaks them could end the header early
/// or add one of its own, so a request carrying one is refused before it is sent.
enum HeaderFieldRules {
    /// Whether a byte may appear in a token (`tchar`).
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether text is a non-empty token.
    static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// Whether text may be a field value: no control characters but tab, and no DEL.
    static func isValidValue(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    }

    /// Throws `invalidRequest`, naming the field and the request, at the first field that
    /// breaks the rules.
    static func check(_ headers: HTTPHeaders, of request: String) throws {
        for field in headers {
            if !isToken(field.name) {
                throw APIError.invalidRequest("the header name '\(field.name.debugDescription.dropFirst().dropLast())' of \(request) is not a token (RFC 9110)")
            }
            if !isValidValue(field.value) {
                throw APIError.invalidRequest(
                    "the header '\(field.name)' of \(request) contains a line break or another control character")
            }
        }
    }
}
