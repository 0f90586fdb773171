/// Writes Swift source line by line: one place decides indentation and doc comments.
struct SwiftWriter {
    private(set) var text = ""
    /// The lines written: what decides how many parts a schema file's code is spread over,
    /// counted as they are written rather than by reading the text again.
    private(set) var lineCount = 0
    private var indentation = 0

    /// Appends one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            for _ in 0..<indentation { text += "    " }
            text += content
        }
        text += "\n"
        lineCount += 1
    }

    /// Appends `///` doc comment lines.
    mutating func docs(_ lines: [String]) {
        for docLine in lines { line(docLine.isEmpty ? "///" : "/// " + docLine) }
    }

    /// Writes `opener {`, the body one level in, and `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftWriter) -> Void) {
        line(opener + " {")
        indentation += 1
        body(&self)
        indentation -= 1
        line("}")
    }

    /// Writes `switch subject {`, the cases level with the `switch` as Swift style has it, and `}`.
    mutating func switchBlock(_ subject: String, _ cases: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        cases(&self)
        line("}")
    }

    /// Writes `if a, b {`, the body one level in, and `}`; conditions that would run past
    /// `width` go one to a line, the brace on a line of its own.
    mutating func ifBlock(_ conditions: [String], width: Int, _ body: (inout SwiftWriter) -> Void) {
        let oneLine = "if " + conditions.joined(separator: ", ") + " {"
        if indentation * 4 + oneLine.count <= width || conditions.count == 1 {
            line(oneLine)
        } else {
            for (index, condition) in conditions.enumerated() {
                let isLast = index == conditions.count - 1
                line((index == 0 ? "if " : "    ") + condition + (isLast ? "" : ","))
            }
            line("{")
        }
        indented(body)
        line("}")
    }

    /// Writes the body one level in, without braces.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }
}
