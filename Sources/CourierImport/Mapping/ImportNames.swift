import CourierSchema

/// How names from a description become schema identifiers.
enum ImportNames {
    /// The words of a name: split at anything that is not a letter or digit, and where lower
    /// case turns to upper case (`account_sid`, `FriendlyName`, `X-Request-ID`).
    static func words(_ raw: String) -> [String] {
        func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
        func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
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
        let name = words(raw).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first else { return "Type" }
        return first.isNumber ? "T" + name : name
    }

    /// A member name: lower camel case (`account_sid` → `accountSid`, `URL` → `url`,
    /// `X-Request-ID` → `xRequestID`).
    static func memberName(_ raw: String) -> String {
        let parts = words(raw)
        guard let first = parts.first else { return "value" }
        let head = first.allSatisfy { $0.isUppercase || $0.isNumber } ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        let name = head + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isNumber == true ? "_" + name : name
    }

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
