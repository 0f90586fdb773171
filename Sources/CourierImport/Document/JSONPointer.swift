import Foundation

/// JSON Pointer text (RFC 6901) and the percent-encoding a `$ref`'s fragment adds to it.
///
/// Most pointers in real descriptions hold neither `~` nor `%`: those are passed through without
/// Foundation's string searches, which on Linux go through `NSString`.
enum JSONPointer {
    /// A pointer's reference token with `~1` and `~0` turned back into `/` and `~`.
    static func unescaped<Text: StringProtocol>(_ token: Text) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count)
        var afterTilde = false
        for byte in token.utf8 {
            if afterTilde {
                afterTilde = false
                switch byte {
                case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~")); continue
                case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/")); continue
                default: bytes.append(UInt8(ascii: "~"))
                }
            }
            if byte == UInt8(ascii: "~") { afterTilde = true } else { bytes.append(byte) }
        }
        if afterTilde { bytes.append(UInt8(ascii: "~")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A token written into pointer text: `~` as `~0`, `/` as `~1`.
    static func escaped(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count + 2)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text with its `%XX` escapes decoded, or the text itself when it has none or they are
    /// not valid UTF-8.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The tokens of pointer text (`/paths/~1pets/get`), or nil when it is neither empty nor
    /// starts with `/`.
    static func tokens(of pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        return pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            unescaped(Substring($0))
        }
    }
}
