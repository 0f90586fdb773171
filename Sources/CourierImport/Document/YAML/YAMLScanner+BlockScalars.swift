extension YAMLScanner {
    /// How a block scalar's final line breaks are kept: `-` strips, `+` keeps, none clips to one.
    private enum Chomping { case strip, clip, keep }

    /// A literal (`|`) or folded (`>`) block scalar, from its indicator.
    mutating func fetchBlockScalar(literal: Bool) throws(DocumentError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        var chomping = Chomping.clip
        var increment = 0
        for _ in 0..<2 {
            let c = byte()
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                guard chomping == .clip else { throw error("a block scalar's header has two chomping indicators") }
                chomping = c == UInt8(ascii: "+") ? .keep : .strip
                advance()
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                guard increment == 0 else { throw error("a block scalar's header has two indentation indicators") }
                guard c != UInt8(ascii: "0") else { throw error("a block scalar's indentation indicator is 1 to 9, not 0") }
                increment = Int(c - UInt8(ascii: "0"))
                advance()
            }
        }
        let headerEnd = mark.index
        while Self.isBlank(byte()) { advance() }
        if byte() == UInt8(ascii: "#") {
            guard mark.index > headerEnd else { throw error("a comment needs a space before its '#'") }
            while !atEnd && !Self.isBreak(byte()) { advance() }
        }
        guard atEnd || Self.isBreak(byte()) else {
            throw error("a block scalar's text starts on the line after its '\(literal ? "|" : ">")' header")
        }
        if !atEnd { skipBreak() }

        var blockIndent = increment > 0 ? max(indent, 0) + increment : 0
        var text: [UInt8] = []
        var trailingBreaks = 0
        var leadingBreak = false
        var leadingBlank = false
        try skipBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks)
        while mark.column == blockIndent && !atEnd && !atDocumentMarker {
            let trailingBlank = Self.isBlank(byte())
            if !literal && leadingBreak && !leadingBlank && !trailingBlank {
                if trailingBreaks == 0 { text.append(0x20) }
            } else if leadingBreak {
                text.append(0x0A)
            }
            leadingBreak = false
            text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks))
            trailingBreaks = 0
            leadingBlank = Self.isBlank(byte())
            let lineStart = mark.index
            while !atEnd && !Self.isBreak(byte()) { advance() }
            text.append(contentsOf: bytes[lineStart..<mark.index])
            if atEnd {
                // The end of the text ends the last line as a line break would.
                leadingBreak = true
                break
            }
            skipBreak()
            leadingBreak = true
            try skipBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks)
        }
        if chomping != .strip && leadingBreak { text.append(0x0A) }
        if chomping == .keep { text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks)) }
        let style: YAMLScalarStyle = literal ? .literal : .folded
        queue.append(YAMLToken(kind: .scalar(String(decoding: text, as: UTF8.self), style), start: start))
    }

    /// Skips the empty lines before a block scalar's next line of text, counting them, and sets the
    /// indentation from the first line of text when the header gave none. Tabs never indent: after
    /// the indentation's spaces, a tab is text.
    private mutating func skipBlockScalarBreaks(indent blockIndent: inout Int, breaks: inout Int) throws(DocumentError) {
        var deepestEmpty = 0
        while true {
            while (blockIndent == 0 || mark.column < blockIndent) && byte() == 0x20 {
                noteIndentation()
                advance()
            }
            if atEnd {
                // A last line of spaces without a line break still ends a line.
                if mark.column > 0 && inIndentation { breaks += 1 }
                break
            }
            guard Self.isBreak(byte()) else { break }
            if blockIndent == 0 { deepestEmpty = max(deepestEmpty, mark.column) }
            skipBreak()
            breaks += 1
        }
        let atText = !atEnd && !atDocumentMarker
        if blockIndent != 0 {
            if atText && mark.column < blockIndent && byte() == 0x09 && mark.column <= indent + 1 {
                throw error("a tab indents this line of a block scalar; YAML indents with spaces")
            }
            return
        }
        let column = atText ? mark.column : 0
        if atText && byte() == 0x09 && column <= indent {
            throw error("a tab indents this line of a block scalar; YAML indents with spaces")
        }
        if atText && deepestEmpty > column && column > indent {
            throw error("an empty line before this block scalar's first line has more spaces than the first line; the first line sets the indentation")
        }
        blockIndent = max(column, indent + 1, deepestEmpty, indent < 0 && atText ? 0 : 1)
    }
}
