extension YAMLScanner {
    /// `&name` or `*name`: anchor names end at white space or a flow indicator.
    mutating func fetchAnchor(alias: Bool) throws(DocumentError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        advance()
        let nameStart = mark.index
        while !Self.isBlankOrEnd(byte()) && !Self.isFlowIndicator(byte()) { advance() }
        guard mark.index > nameStart else {
            throw error("'\(alias ? "*" : "&")' needs a name after it", at: start)
        }
        let name = String(decoding: bytes[nameStart..<mark.index], as: UTF8.self)
        queue.append(YAMLToken(kind: alias ? .alias(name) : .anchor(name), start: start))
    }

    /// `!`, `!suffix`, `!!suffix`, `!handle!suffix` or `!<verbatim>`.
    mutating func fetchTag() throws(DocumentError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        advance()
        var handle = "!"
        var suffix = ""
        if byte() == UInt8(ascii: "<") {
            advance()
            handle = ""
            suffix = try tagURI(verbatim: true)
            guard byte() == UInt8(ascii: ">") else { throw error("a verbatim tag '!<…>' needs its '>'", at: start) }
            advance()
            guard !suffix.isEmpty else { throw error("a verbatim tag '!<…>' is empty", at: start) }
        } else {
            let wordStart = mark.index
            while Self.isWordCharacter(byte()) { advance() }
            let word = String(decoding: bytes[wordStart..<mark.index], as: UTF8.self)
            if byte() == UInt8(ascii: "!") {
                advance()
                handle = "!" + word + "!"
                suffix = try tagURI(verbatim: false)
                if word.isEmpty, suffix.isEmpty { throw error("the tag '!!' needs a name after it", at: start) }
            } else {
                suffix = word + (try tagURI(verbatim: false))
            }
        }
        guard Self.isBlankOrEnd(byte()) || (flowLevel > 0 && Self.isFlowIndicator(byte())) else {
            throw error("a tag must be followed by a space", at: mark)
        }
        queue.append(YAMLToken(kind: .tag(handle: handle, suffix: suffix), start: start))
    }

    /// `%YAML 1.2`, `%TAG !handle! prefix`; other directives are reserved and skipped.
    mutating func fetchDirective() throws(DocumentError) {
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        advance()
        let name = word()
        switch name {
        case "YAML":
            skipBlanks()
            let version = word()
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
                throw error("'%YAML' needs a version such as 1.2", at: start)
            }
            guard parts[0] == "1" else { throw error("YAML \(version) is not a version this reader knows; it reads YAML 1.x", at: start) }
            queue.append(YAMLToken(kind: .versionDirective, start: start))
        case "TAG":
            skipBlanks()
            let handle = word()
            guard handle.hasPrefix("!"), handle.hasSuffix("!") || handle == "!" else {
                throw error("'%TAG' needs a handle such as !e!", at: start)
            }
            skipBlanks()
            let prefix = word()
            guard !prefix.isEmpty else { throw error("'%TAG' needs a prefix after its handle", at: start) }
            queue.append(YAMLToken(kind: .tagDirective(handle: handle, prefix: prefix), start: start))
        default:
            while !atEnd && !Self.isBreak(byte()) { advance() }
            return
        }
        let afterValue = mark.index
        skipBlanks()
        if byte() == UInt8(ascii: "#") && mark.index > afterValue {
            while !atEnd && !Self.isBreak(byte()) { advance() }
        }
        guard atEnd || Self.isBreak(byte()) else { throw error("unexpected text after the directive") }
    }

    private mutating func word() -> String {
        let wordStart = mark.index
        while !Self.isBlankOrEnd(byte()) { advance() }
        return String(decoding: bytes[wordStart..<mark.index], as: UTF8.self)
    }

    private mutating func skipBlanks() {
        while Self.isBlank(byte()) { advance() }
    }

    static func isWordCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
    }

    /// The characters of a tag's URI, with `%XX` escapes decoded.
    private mutating func tagURI(verbatim: Bool) throws(DocumentError) -> String {
        var result: [UInt8] = []
        while !atEnd {
            let c = byte()
            if c == UInt8(ascii: "%") {
                guard let high = Self.hexValue(byte(1)), let low = Self.hexValue(byte(2)) else {
                    throw error("'%' in a tag needs two hexadecimal digits after it")
                }
                result.append(UInt8(high * 16 + low))
                for _ in 0..<3 { advance() }
                continue
            }
            let isURICharacter = Self.isWordCharacter(c) || c >= 0x80 || "#;/?:@&=+$_.~*'()".utf8.contains(c)
                || (verbatim && (c == UInt8(ascii: "!") || "[],".utf8.contains(c)))
            guard isURICharacter else { break }
            result.append(c)
            advance()
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
