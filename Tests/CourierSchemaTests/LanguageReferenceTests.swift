import Foundation
import Testing

@testable import CourierSchema

/// `Docs/SchemaLanguage.md` is the only language reference users have: it names every
/// diagnostic the checker can give, its first example is a valid schema, and its table of wire
/// names is what the namer does.
@Suite("The language reference")
struct LanguageReferenceTests {
    static let referenceText: String = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Docs/SchemaLanguage.md"), encoding: .utf8)) ?? ""

    /// The reference with every run of white space made one space: messages wrap across lines.
    static let flattenedReference = referenceText.split(whereSeparator: \.isWhitespace).joined(separator: " ")

    @Test func everyDiagnosticIsInTheReference() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources/CourierSchema")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var messages = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for message in DiagnosticMessages.templates(in: text) {
                messages += 1
                let words = DiagnosticMessages.longestLiteral(of: message).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(Self.flattenedReference.contains(words), "\(file): the reference does not mention \"\(message)\"")
            }
        }
        #expect(messages > 90, "found only \(messages) diagnostics: has the way they are written changed?")
    }

    @Test func theFirstExampleIsAValidSchema() throws {
        let section = try #require(Self.referenceText.range(of: "## A first schema"))
        let block = try #require(Self.fencedBlocks(in: String(Self.referenceText[section.upperBound...])).first)
        let api = try #require(compileValid(block))
        #expect(api.name == "Shop")
        #expect(api.groups.flatMap(\.endpoints).map(\.name) == ["listPets", "buyPet"])
    }

    @Test func theWireNameTableIsWhatTheNamerDoes() throws {
        let section = try #require(Self.referenceText.range(of: "## Wire names"))
        let lines = Self.referenceText[section.upperBound...].split(separator: "\n")
        let headerIndex = try #require(lines.firstIndex { $0.hasPrefix("| style") })
        let header = lines[headerIndex]
        let rows = lines[(headerIndex + 2)...].prefix { $0.hasPrefix("|") }
        let identifiers = Self.cells(header).dropFirst().map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        #expect(identifiers.count == 4)
        #expect(rows.count == 3)
        for row in rows {
            let cells = Self.cells(row).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            let styleName = try #require(cells.first?.split(separator: "`").first.map(String.init))
            let style = try #require(KeyStyle(rawValue: styleName), "no key style '\(styleName)'")
            for (identifier, wire) in zip(identifiers, cells.dropFirst()) {
                #expect(style.wireName(for: identifier) == wire, "\(styleName): \(identifier)")
            }
        }
    }

    static func cells(_ row: Substring) -> [String] {
        row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func fencedBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current { blocks.append(lines.joined(separator: "\n")) }
                current = current == nil ? [] : nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}

/// The messages the schema compiler's sources give to `error(…)` and `warning(…)`.
enum DiagnosticMessages {
    /// The string literal after the location argument of each `error(` and `warning(` call.
    static func templates(in source: String) -> [String] {
        var result: [String] = []
        var rest = source[...]
        while let call = rest.firstMatch(of: /[^A-Za-z0-9_](?:error|warning)\(\s*[^,"]*?,\s*"/) {
            var literal = ""
            var index = call.range.upperBound
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\" { literal.append(rest[index]); index = rest.index(after: index) }
                literal.append(rest[index])
                index = rest.index(after: index)
            }
            result.append(literal)
            rest = rest[index...]
        }
        return result
    }

    /// The longest run of text between interpolations, with escapes resolved.
    static func longestLiteral(of template: String) -> String {
        var parts: [String] = [""]
        var characters = template[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.popFirst() else {
                parts[parts.count - 1].append(character)
                continue
            }
            guard next == "(" else {
                parts[parts.count - 1].append(next)
                continue
            }
            var depth = 1
            while depth > 0, let inner = characters.popFirst() {
                if inner == "(" { depth += 1 } else if inner == ")" { depth -= 1 }
            }
            parts.append("")
        }
        return parts.max { $0.count < $1.count } ?? ""
    }
}
