import CourierSchema

/// How names from a description become schema identifiers.
enum ImportNames {
    /// The words of a name: split at anything that is not a letter or digit, and where lower
    /// case turns to upper case (`account_sid`, `FriendlyName`, `X-Request-ID`).
    static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in raw {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
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
