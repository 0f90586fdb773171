import Testing

@testable import CourierSchema

/// Models that would hold many values inline keep their largest model and union fields in
/// boxes (`InlineSizeRule`), so that the code that copies them stays small.
@Suite("Large values kept out of line")
struct InlineSizeTests {
    /// `count` optional `String` fields named `prefix0`, `prefix1`, ….
    private func strings(_ prefix: String, _ count: Int) -> String {
        (0..<count).map { "  \(prefix)\($0): String?" }.joined(separator: "\n")
    }

    /// Okta's user schema nests its properties' models three levels deep, 30 fields of a
    /// 20-field model in one of them.
    @Test func theLargestNestedFieldsAreBoxedUntilTheRestFits() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                model Attribute {
                \(strings("a", 40))
                }
                model Properties {
                  city: Attribute?
                  country: Attribute
                  email: Attribute?
                  note: String?
                  tags: [Attribute]
                }
                model Small {
                  first: String?
                  second: Int
                }
                model Schema {
                  properties: Properties?
                  small: Small
                  name: String
                }
                """))
        // 3 × 40 + 2 values inline is past the limit of 32: the largest go first, in order,
        // until the rest fits (122, then 83, 44 and 5).
        #expect(api.model(named: "Properties")?.fields.map(\.isIndirect) == [true, true, true, false, false])
        // Properties holds 5 now, Small 2: Schema keeps both inline.
        #expect(api.model(named: "Schema")?.fields.map(\.isIndirect) == [false, false, false])
        #expect(api.model(named: "Attribute")?.fields.allSatisfy { !$0.isIndirect } == true)
    }

    /// Twilio's responses have up to 70 scalar fields: there is nothing to box, and nothing is.
    @Test func aModelOfScalarsKeepsThemAllInline() throws {
        let api = try #require(compileValid("api T {}\nmodel Wide {\n\(strings("f", 100))\n}\n"))
        #expect(api.model(named: "Wide")?.fields.allSatisfy { !$0.isIndirect } == true)
    }

    /// A payment whose method is a union of a card and a bank account of `fields` values each.
    private func payment(fields: Int) -> String {
        """
        api T {}
        model Card {
        \(strings("c", fields))
        }
        model Bank {
        \(strings("b", fields))
        }
        union Method tag "type" {
          card: Card
          bank: Bank
        }
        model Payment {
          method: Method
          amount: Int
        }
        """
    }

    /// A union copies by a switch over its variants, so its size is theirs together.
    @Test func aUnionCountsItsVariantsTogether() throws {
        // 1 + 12 + 12 and the amount fit in 32; 1 + 20 + 20 do not.
        let narrow = try #require(compileValid(payment(fields: 12)))
        #expect(narrow.model(named: "Payment")?.fields.map(\.isIndirect) == [false, false])
        let wide = try #require(compileValid(payment(fields: 20)))
        #expect(wide.model(named: "Payment")?.fields.map(\.isIndirect) == [true, false])
    }
}
