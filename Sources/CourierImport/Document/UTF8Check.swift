/// Descriptions are UTF-8 text (RFC 8259 §8.1, YAML 1.2 §5.2). Bytes that are not UTF-8 are
/// refused where they stand: read as U+FFFD, they would change names, paths and values without
/// a word.
enum UTF8Check {
    /// Throws at the first byte that does not begin or continue a UTF-8 character.
    static func refuseInvalid(in bytes: [UInt8]) throws(DocumentError) {
        guard String(validating: bytes, as: UTF8.self) == nil else { return }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return
            case .error:
                let (line, column) = position(of: offset, in: bytes)
                let code = String(bytes[offset], radix: 16, uppercase: true)
                throw DocumentError(
                    line: line, column: column,
                    message: "the byte 0x\(code.count < 2 ? "0" : "")\(code) is not UTF-8; save the file as UTF-8 (it may be in another encoding, or damaged)")
            }
        }
    }

    /// The line and column of the byte at `index`, columns counting characters, from 1.
    static func position(of index: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<index] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A character starts here.
                column += 1
            }
        }
        return (line, column)
    }
}
