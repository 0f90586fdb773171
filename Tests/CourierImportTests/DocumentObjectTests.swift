import Foundation
import Testing

@testable import CourierImport

/// `DocumentObject` and JSON pointers: what every step of an import looks up.
@Suite("Objects and pointers of a description")
struct DocumentObjectTests {
    /// Past eight keys an object keeps an index; lookups, replacements and order must not change.
    @Test(arguments: [3, 8, 9, 40])
    func membersKeepTheirOrderAndLookupsFindThemAtAnySize(_ count: Int) {
        var object = DocumentObject()
        for number in 0..<count {
            let isNew = object.set("k\(number)", .number("\(number)"))
            #expect(isNew)
        }
        #expect(object.keys == (0..<count).map { "k\($0)" })
        for number in 0..<count { #expect(object["k\(number)"] == .number("\(number)")) }
        #expect(object["missing"] == nil)
        // Replacing keeps the key's place and says the key was not new.
        let replacedIsNew = object.set("k1", .string("replaced"))
        #expect(!replacedIsNew)
        #expect(object["k1"] == .string("replaced"))
        #expect(object.keys == (0..<count).map { "k\($0)" })
        let addedIsNew = object.set("new", .null)
        #expect(addedIsNew)
        #expect(object["new"] == .null)
        #expect(object.keys.last == "new")
        #expect(object.count == count + 1)
    }

    @Test func objectsAreEqualWhenTheirMembersAreInTheSameOrder() {
        var ab = DocumentObject()
        ab.set("a", .number("1"))
        ab.set("b", .number("2"))
        var ba = DocumentObject()
        ba.set("b", .number("2"))
        ba.set("a", .number("1"))
        var ab2 = DocumentObject()
        ab2.set("a", .number("1"))
        ab2.set("b", .number("2"))
        #expect(ab == ab2)
        #expect(ab.hashValue == ab2.hashValue)
        #expect(ab != ba)
        #expect(DocumentObject() == DocumentObject())
        #expect(DocumentObject().isEmpty)
    }

    @Test(arguments: [
        ("a~1b", "a/b"), ("m~0n", "m~n"), ("~01", "~1"), ("~10", "/0"), ("plain", "plain"), ("", ""), ("~", "~"), ("é~1😀", "é/😀"),
    ])
    func pointerTokensAreUnescapedByRFC6901(_ token: String, _ expected: String) {
        #expect(JSONPointer.unescaped(token) == expected)
        if !token.hasSuffix("~") { #expect(JSONPointer.escaped(expected) == token) }
    }

    @Test func aReferencesFragmentBecomesTokens() throws {
        #expect(JSONPointer.tokens(of: "") == [])
        #expect(JSONPointer.tokens(of: "/paths/~1pets~1{id}/get") == ["paths", "/pets/{id}", "get"])
        #expect(JSONPointer.tokens(of: "/a//b/") == ["a", "", "b", ""])
        #expect(JSONPointer.tokens(of: "components") == nil)
        #expect(JSONPointer.percentDecoded("/paths/%7Bid%7D") == "/paths/{id}")
        #expect(JSONPointer.percentDecoded("/100%") == "/100%")
        let files = try DescriptionFiles(root: writtenDescription(#"{"paths": {"/pets/{id}": {"get": {}}}}"#))
        let location = try files.location(of: "#/paths/~1pets~1%7Bid%7D/get", from: DocumentLocation(file: files.root, tokens: []))
        #expect(location.tokens == ["paths", "/pets/{id}", "get"])
        #expect(location.pointer == "#/paths/~1pets~1{id}/get")
        #expect(try files.node(at: location) == .object(DocumentObject()))
    }

    private func writtenDescription(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pointer-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
