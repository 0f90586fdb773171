extension KeyStyle {
    /// The wire form of an identifier in this style.
    ///
    /// snake_case keeps acronyms whole: `projectId` → `project_id`, `ownerURL` → `owner_url`,
    /// `htmlBody` → `html_body`, `userID2` → `user_id2`.
    public func wireName(for identifier: String) -> String {
        switch self {
        case .verbatim: return identifier
        case .snakeCase: return KeyStyle.snakeCase(identifier)
        case .camelCase: return KeyStyle.camelCase(identifier)
        }
    }

    /// Identifiers are ASCII (the lexer accepts nothing else), so this works on bytes.
    static func snakeCase(_ identifier: String) -> String {
        let bytes = Array(identifier.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
        func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        for (index, byte) in bytes.enumerated() {
            if isUpper(byte), index > 0 {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                    result.append(UInt8(ascii: "_"))
                }
            }
            result.append(isUpper(byte) ? byte + 32 : byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func camelCase(_ identifier: String) -> String {
        let words = identifier.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return identifier }
        var result = first.prefix(1).lowercased() + first.dropFirst()
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        return result
    }
}
