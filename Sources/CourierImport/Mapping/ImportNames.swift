import CourierSchema

/// How names from a description become schema identifiers.
enum ImportNames {
    /// The words of a name: split at anything that is not a letter or digit, and where lower
    /// case turns to upper case (`account_sid`, `FriendlyName`, `X-Request-ID`).
    static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        for byte in raw.utf8 {
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                previous = nil
                continue
            }
            if let previous, isLower(previous) || isDigit(previous), isUpper(byte), !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            current.append(byte)
            previous = byte
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// A type name: each word capitalised (`messaging.v1.service` → `MessagingV1Service`).
    static func typeName(_ raw: String) -> String {
        var name: [UInt8] = []
        for word in words(raw) { appendCapitalised(word, to: &name) }
        guard let first = name.first else { return "Type" }
        return (isDigit(first) ? "T" : "") + String(decoding: name, as: UTF8.self)
    }

    /// A member name: lower camel case (`account_sid` → `accountSid`, `URL` → `url`,
    /// `X-Request-ID` → `xRequestID`). A name in capitals throughout is words in capitals, not
    /// acronyms: `BY_DATE_TIME` → `byDateTime`.
    static func memberName(_ raw: String) -> String {
        var parts = words(raw)
        if parts.count > 1, !raw.utf8.contains(where: isLower) {
            parts = parts.map { String(decoding: $0.utf8.map(lowercased), as: UTF8.self) }
        }
        guard let first = parts.first else { return "value" }
        // The words are ASCII letters and digits: case is changed byte by byte.
        var name: [UInt8] = []
        if first.utf8.allSatisfy({ !isLower($0) }) {
            name += first.utf8.map(lowercased)
        } else {
            name += first.utf8.enumerated().map { $0.offset == 0 ? lowercased($0.element) : $0.element }
        }
        for word in parts.dropFirst() { appendCapitalised(word, to: &name) }
        return (name.first.map(isDigit) == true ? "_" : "") + String(decoding: name, as: UTF8.self)
    }

    /// Appends an ASCII word with its first letter in upper case.
    private static func appendCapitalised(_ word: String, to name: inout [UInt8]) {
        for (offset, byte) in word.utf8.enumerated() { name.append(offset == 0 && isLower(byte) ? byte - 32 : byte) }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }

    /// A name not in `taken`: `base`, then `base2`, `base3`, …; the result is added to `taken`.
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var candidate = base
        var number = 1
        while taken.contains(candidate) {
            number += 1
            candidate = "\(base)\(number)"
        }
        taken.insert(candidate)
        return candidate
    }
}
