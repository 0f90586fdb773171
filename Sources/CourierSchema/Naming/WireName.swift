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

    static func snakeCase(_ identifier: String) -> String {
        let characters = Array(identifier)
        var result = ""
        result.reserveCapacity(characters.count + 4)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord, previous != "_" { result.append("_") }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
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
