import CourierSchema

/// Line breaking of long signatures and argument lists.
enum Layout {
    static let width = 120

    /// Comma-separated items packed into as few lines as fit in `width` at `indent`; the last
    /// line ends with `closing`.
    static func packed(_ items: [String], indent: Int, closing: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? closing : ",")
            if current.isEmpty {
                current = piece
            } else if indent + current.count + 1 + piece.count <= width {
                current += " " + piece
            } else {
                lines.append(current)
                current = piece
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `prefix` + parameters + `suffix`, a declaration without a body: on one line when it fits,
    /// else one parameter per line with `suffix` on a line of its own.
    static func declaration(_ writer: inout SwiftWriter, prefix: String, parameters: [String], suffix: String) {
        let oneLine = prefix + parameters.joined(separator: ", ") + suffix
        if oneLine.count + 4 <= width {
            writer.line(oneLine)
            return
        }
        writer.line(prefix)
        writer.indented { writer in
            for (index, parameter) in parameters.enumerated() {
                writer.line(parameter + (index == parameters.count - 1 ? "" : ","))
            }
        }
        writer.line(suffix)
    }

    /// `prefix` + parameters + `suffix` + ` {`: on one line when it fits, else one parameter per
    /// line with `suffix` (which starts with the closing parenthesis) on a line of its own.
    static func signature(
        _ writer: inout SwiftWriter, prefix: String, parameters: [String], suffix: String, _ body: (inout SwiftWriter) -> Void
    ) {
        let oneLine = prefix + parameters.joined(separator: ", ") + suffix
        if oneLine.count + 6 <= width {
            writer.block(oneLine, body)
            return
        }
        writer.line(prefix)
        writer.indented { writer in
            for (index, parameter) in parameters.enumerated() {
                writer.line(parameter + (index == parameters.count - 1 ? "" : ","))
            }
        }
        writer.block(suffix, body)
    }
}
