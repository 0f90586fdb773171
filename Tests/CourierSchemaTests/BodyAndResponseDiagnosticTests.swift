import Testing

@testable import CourierSchema

private let api = "\napi T {}\n"
private let model = "model A {\n  b: Int\n}\n"

/// The rules of text and raw bodies, JSON Lines, `Response<…>` and routes shared by content type.
@Suite("Diagnostics of body and response kinds")
struct BodyAndResponseDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "Text inside a model", source: "model A {\n  b: 1️⃣Text\n}" + api,
              message: "'Text' is only allowed right after 'returns' or 'body'"),
        .init(name: "Response inside a model", source: model + "model B {\n  a: 1️⃣Response<A>\n}" + api,
              message: "'Response<T>' is only allowed right after 'returns'"),
        .init(name: "Response with two types", source: model + "group G {\n  a: GET /a {\n    returns Response<A, 1️⃣A>\n  }\n}" + api,
              message: "'Response' takes one type argument"),
        .init(name: "Response of a Response", source: model + "group G {\n  a: GET /a {\n    returns Response<1️⃣Response<A>>\n  }\n}" + api,
              message: "'Response' cannot hold another 'Response'"),
        .init(name: "media type without a slash", source: "group G {\n  a: POST /a {\n    body Bytes 1️⃣\"png\"\n  }\n}" + api,
              message: "\"png\" is not a media type"),
        .init(name: "media type with a space", source: "group G {\n  a: POST /a {\n    body Text 1️⃣\"text/ csv\"\n  }\n}" + api,
              message: "\"text/ csv\" is not a media type"),
        .init(name: "response media type without a slash", source: "group G {\n  a: GET /a {\n    returns Bytes \"image/png\", 1️⃣\"png\"\n  }\n}" + api,
              message: "\"png\" is not a media type"),
        .init(name: "media type of no content", source: "group G {\n  a: GET /a {\n    returns Response 1️⃣\"image/png\"\n  }\n}" + api,
              message: "a response without content has no media type"),
        .init(name: "media type of a stream", source: model + "group G {\n  a: GET /a {\n    returns stream A 1️⃣\"text/plain\"\n  }\n}" + api,
              message: "'returns stream' is always text/event-stream"),
        .init(name: "media type of JSON Lines", source: model + "group G {\n  a: GET /a {\n    returns lines A 1️⃣\"application/json\"\n  }\n}" + api,
              message: "'returns lines' is always JSON Lines"),
        .init(name: "media type listed twice", source: "group G {\n  a: GET /a {\n    returns Bytes \"image/png\", 1️⃣\"Image/PNG\"\n  }\n}" + api,
              message: "media type \"Image/PNG\" is listed twice", severity: .warning),
        .init(name: "optional JSON Lines", source: model + "group G {\n  a: GET /a {\n    returns lines 1️⃣A?\n  }\n}" + api,
              message: "JSON Lines values cannot be optional"),
        .init(name: "contentType taken twice", source: "group G {\n  a: POST /a {\n    body Bytes\n    query 1️⃣contentType: String\n  }\n}" + api,
              message: "duplicate parameter 'contentType'"),
        .init(name: "Text redeclared", source: "model 1️⃣Text {\n  a: Int\n}" + api,
              message: "'Text' is a built-in type and cannot be redeclared"),
        .init(name: "Response redeclared", source: "model 1️⃣Response {\n  a: Int\n}" + api,
              message: "'Response' is a built-in type and cannot be redeclared"),
        .init(name: "one route, two raw bodies of any type",
              source: "group G {\n  a: POST /a {\n    body Bytes\n  }\n  1️⃣b: POST /a {\n    body Bytes\n  }\n}" + api,
              message: "endpoints 'a' and 'b' have the same method and path: POST /a"),
        .init(name: "one route, two bodies of one media type",
              source: "group G {\n  a: POST /a {\n    body Bytes \"image/png\"\n  }\n  1️⃣b: POST /a {\n    body Bytes \"IMAGE/PNG\"\n  }\n}" + api,
              message: "endpoints 'a' and 'b' have the same method and path: POST /a"),
        .init(name: "one route, a body and none",
              source: model + "group G {\n  a: POST /a {\n    body A\n  }\n  1️⃣b: POST /a\n}" + api,
              message: "endpoints 'a' and 'b' have the same method and path: POST /a"),
    ]

    /// Every case of this file's suites: each diagnostic at its marker, and nothing else.
    @Test(arguments: cases + ErrorModelDiagnosticTests.cases + IntegerEnumDiagnosticTests.cases + UntaggedUnionDiagnosticTests.cases
        + AuthDiagnosticTests.cases + QueryMapDiagnosticTests.cases + ValueOrListParameterTests.cases)
    func diagnosticLandsAtMarker(_ testCase: DiagnosticCase) {
        DiagnosticTests().diagnosticLandsAtMarker(testCase)
    }

    @Test func responseMediaTypesAreKeptInOrder() throws {
        let source = model + "group G {\n  a: GET /a {\n    returns Response<Bytes> \"image/png\", \"image/*\"\n  }\n  b: GET /b {\n    returns A \"application/vnd.x+json\"\n  }\n  c: GET /c {\n    returns Text\n  }\n}" + api
        let compilation = SchemaCompiler.compile([SourceFile(path: "t.api", text: source)])
        let api = try #require(compilation.api, "\(compilation.diagnostics)")
        #expect(api.endpoints.map(\.responseMediaTypes) == [["image/png", "image/*"], ["application/vnd.x+json"], []])
        #expect(api.endpoints[0].includesResponseMetadata)
    }

    /// `#stream` tells apart two endpoints of one route and is not part of the path that is
    /// sent; `@` right after `/` is path text.
    @Test func aLabelMakesAnotherRouteAndIsNotSent() throws {
        let api = try #require(compileValid("""
            group G {
              start: POST /conversations/{id} {
                path id: Int
              }
              startStream: POST /conversations/{id}#stream {
                path id: Int
              }
              me: GET /users/@me @timeout(5s)
            }
            api T {}
            """))
        #expect(api.endpoints.map(\.path.label) == [nil, "stream", nil])
        #expect(api.endpoints[1].path.parts == [.literal("/conversations/"), .parameter("id")])
        #expect(api.endpoints[1].path.routeKey == "/conversations/{}#stream")
        #expect(api.endpoints[1].path.sentRouteKey == api.endpoints[0].path.sentRouteKey)
        #expect(api.endpoints[2].path.parts == [.literal("/users/@me")])
        #expect(api.endpoints[2].timeout == 5)
    }

    /// OpenAPI's discriminators put the tag in each variant's model, as text or as an enum of
    /// the variant's value: that is no warning.
    @Test func aVariantModelMayHoldItsOwnTag() throws {
        let api = try #require(compileValid("""
            enum TextKind {
              text
            }
            model TextPart {
              type: TextKind
              text: String
            }
            model ImagePart {
              type: String
              url: URL
            }
            union Part tag "type" {
              text: TextPart
              image: ImagePart
            }
            api T {}
            """))
        #expect(api.unions.count == 1)
    }

    @Test func oneRouteTakesBodiesOfDifferentContent() throws {
        let api = try #require(compileValid("""
            model A {
              b: Int
            }
            group G {
              json: POST /a {
                body A
              }
              form: POST /a {
                body form {
                  b: Int
                }
              }
              multipart: POST /a {
                body multipart {
                  b: Int
                }
              }
              png: POST /a {
                body Bytes "image/png"
              }
              csv: POST /a {
                body Text "text/csv"
              }
              anyBytes: POST /a {
                body Bytes
              }
            }
            api T {}
            """))
        let kinds = api.endpoints.map { $0.body?.contentKind ?? "-" }
        #expect(kinds == ["json", "form", "multipart", "image/png", "text/csv", "bytes"])
    }

    @Test func returnsReadsEveryKind() throws {
        let api = try #require(compileValid("""
            model A {
              b: Int
            }
            group G {
              text: GET /text {
                returns Text
              }
              lines: GET /lines {
                returns lines A
              }
              head: GET /head {
                returns Response
              }
              page: GET /page {
                query cursor: String?
                returns Response<Page<A>>
              }
              bytes: GET /bytes {
                returns Response<Bytes>
              }
            }
            api T {}
            """))
        let responses = api.endpoints.map { "\($0.response) \($0.includesResponseMetadata)" }
        #expect(responses == ["text false", "lines(A) false", "none true", "page(A) true", "bytes true"])
        #expect(api.endpoints[3].hasPageSequence)
    }
}

/// `@message` marks text fields of the api block's error model.
@Suite("Diagnostics of the error model")
struct ErrorModelDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "message outside the error model", source: "model A {\n  b: String 1️⃣@message\n}\napi T {\n  error E\n}\nmodel E {\n  m: String?\n}",
              message: "'@message' marks a field of the error model"),
        .init(name: "message without an error model", source: "model A {\n  b: String 1️⃣@message\n}" + api,
              message: "'@message' marks a field of the error model"),
        .init(name: "message on a number", source: "model E {\n  code: Int? 1️⃣@message\n}\napi T {\n  error E\n}",
              message: "'@message' needs a String field, but 'E.code' is 'Int?'"),
        .init(name: "message with an argument", source: "model E {\n  m: String? 1️⃣@message(\"x\")\n}\napi T {\n  error E\n}",
              message: "'@message' takes no arguments"),
    ]

    @Test func theMarkedKeysAreReadInOrder() throws {
        let api = try #require(compileValid("""
            model E {
              code: Int?
              title: String? @message
              errorText: String? @message
            }
            api T {
              error E
            }
            """))
        #expect(api.errorMessageKeys == ["title", "error_text"])
    }
}

/// `enum X: Int` takes a whole number for every case.
@Suite("Diagnostics of integer enums")
struct IntegerEnumDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "another raw type", source: "enum E: 1️⃣String {\n  a\n}" + api,
              message: "an enum's values are strings or whole numbers, not 'String'"),
        .init(name: "a case without a value", source: "enum E: Int {\n  a = 1\n  1️⃣b\n}" + api,
              message: "case 'b' of integer enum 'E' needs a value"),
        .init(name: "a case with text", source: "enum E: Int {\n  a = 1️⃣\"one\"\n}" + api,
              message: "case 'a' of integer enum 'E' takes a whole number, not text"),
        .init(name: "a number in a string enum", source: "enum E {\n  a = 1️⃣1\n}" + api,
              message: "case 'a' of enum 'E' takes text in quotes"),
        .init(name: "two cases, one number", source: "enum E: Int {\n  a = 1\n  1️⃣b = 01\n}" + api,
              message: "cases 'a' and 'b' have the same wire value 1"),
        .init(name: "a number too large", source: "enum E: Int {\n  a = 1️⃣99999999999999999999\n}" + api,
              message: "the value of case 'a' does not fit a 64-bit integer"),
    ]

    @Test func negativeValuesAndDefaultsWork() throws {
        let api = try #require(compileValid("""
            enum E: Int {
              below = -1
              zero = 0
            }
            model M {
              e: E = below
            }
            api T {}
            """))
        #expect(api.enums[0].isInteger)
        #expect(api.enums[0].cases.map(\.wireValue) == ["-1", "0"])
    }
}

/// Unions without a tag key.
@Suite("Diagnostics of untagged unions")
struct UntaggedUnionDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "a tag value without a tag key", source: "union U {\n  a = 1️⃣\"a\": String\n}" + api,
              message: "a variant of an untagged union has no tag value"),
        .init(name: "an optional variant", source: "union U {\n  a: 1️⃣String?\n}" + api,
              message: "a variant cannot be optional"),
        .init(name: "an untagged union in an untagged union", source: "union V {\n  a: Int\n}\nunion U {\n  v: 1️⃣V\n}" + api,
              message: "an untagged union cannot hold another untagged union"),
        .init(name: "String before UUID", source: "union U {\n  a: String\n  1️⃣b: UUID\n}" + api,
              message: "variant 'b' is never chosen: 'a' before it takes every value it could"),
        .init(name: "Double before Int", source: "union U {\n  a: Double\n  1️⃣b: Int\n}" + api,
              message: "variant 'b' is never chosen: 'a' before it takes every value it could"),
        .init(name: "JSON before anything but a model", source: "union U {\n  a: JSON\n  1️⃣b: [Int]\n}" + api,
              message: "variant 'b' is never chosen: 'a' before it takes every value it could"),
        .init(name: "one type twice", source: "model M {\n  a: Int\n}\nunion U {\n  a: [M]\n  1️⃣b: [M]\n}" + api,
              message: "variant 'b' is never chosen: 'a' before it takes every value it could"),
        .init(name: "a file union in a model", source: "union U {\n  a: File\n  b: URL\n}\nmodel M {\n  u: [1️⃣U]\n}" + api,
              message: "'U' has a File variant and is only allowed in a multipart body"),
        .init(name: "a file union as a query parameter",
              source: "union U {\n  a: File\n  b: URL\n}\ngroup G {\n  a: GET /a {\n    query u: 1️⃣U\n  }\n}" + api,
              message: "'U' has a File variant and is only allowed in a multipart body"),
        .init(name: "a file union in an untagged union", source: "union U {\n  a: File\n}\nunion V {\n  u: 1️⃣U\n}" + api,
              message: "'U' has a File variant and is only allowed in a multipart body"),
        .init(name: "a list of file unions in an untagged union", source: "union U {\n  a: File\n}\nunion V {\n  u: [1️⃣U]\n}" + api,
              message: "'U' has a File variant and is only allowed in a multipart body"),
        .init(name: "a list of lists of files as a variant", source: "union U {\n  a: [[1️⃣File]]\n  b: URL\n}" + api,
              message: "'File' is only allowed in a multipart body"),
        .init(name: "a list of lists of files in a multipart body",
              source: "group G {\n  a: POST /a {\n    body multipart {\n      f: 1️⃣[[File]]\n    }\n  }\n}" + api,
              message: "a multipart part is a file or a list of files, not a list of lists or of optionals"),
        .init(name: "a list of optional file unions in a multipart body",
              source: "union U {\n  a: File\n}\ngroup G {\n  a: POST /a {\n    body multipart {\n      f: 1️⃣[U?]\n    }\n  }\n}" + api,
              message: "a multipart part is a file or a list of files, not a list of lists or of optionals"),
        .init(name: "unknown as a variant name", source: "union U {\n  1️⃣unknown: Int\n}" + api,
              message: "variant name 'unknown' is taken by the fallback case of union 'U'"),
    ]

    /// A union with a `File` variant is a part of a multipart body, in place, optional or in a
    /// list; its variants are only sent, so none shadows another.
    @Test func aFileUnionIsAMultipartPart() throws {
        let api = try #require(compileValid("""
            model M {
              a: Int
            }
            union U {
              text: String
              file: File
              url: URL
              files: [File]
              m: M
            }
            group G {
              a: POST /a {
                body multipart {
                  one: U
                  maybe: U?
                  many: [U]?
                }
              }
            }
            api T {}
            """))
        #expect(api.unions.first?.isMultipartPart == true)
        #expect(api.unions.first?.variants.map(\.type) == [.scalar(.string), .file, .scalar(.url), .array(.file), .model("M")])
    }

    /// An object goes first to the models that declare its keys, so a model after `JSON` or a
    /// dictionary is chosen for the objects that have its keys.
    @Test func aModelAfterJSONOrADictionaryIsChosen() throws {
        _ = try #require(compileValid("""
            model M {
              a: Int
            }
            union U {
              any: JSON
              m: M
            }
            union V {
              map: [String: JSON]
              m: M
            }
            api T {}
            """))
    }

    /// OpenAPI's discriminators repeat the tag in each variant, as text, as an enum holding it,
    /// or (Discord's `allOf` of an enum of `const`s) as JSON: the union writes the tag over it,
    /// which none of those minds. Where the tags are numbers, an integer or an integer enum
    /// holding the tag is fine too.
    @Test func aVariantFieldThatCanHoldTheTagIsFine() throws {
        _ = try #require(compileValid("""
            enum Kind {
              a
            }
            model A {
              t: Kind
            }
            model B {
              t: String
            }
            model C {
              t: JSON
            }
            union U tag "t" {
              a: A
              b: B
              c: C
            }
            enum Number: Int {
              one = 1
            }
            model D {
              t: Number
            }
            model E {
              t: Int64
            }
            union V tag "t" {
              d = 1: D
              e = -2: E
              c = 3: C
            }
            api T {}
            """))
    }

    @Test func specificVariantsBeforeGeneralOnesAreFine() throws {
        let api = try #require(compileValid("""
            model A {
              a: Int
            }
            model B {
              b: Int
            }
            union U {
              uuid: UUID
              text: String
              whole: Int
              number: Double
              a: A
              b: B
              list: [A]
              anything: JSON
            }
            api T {}
            """))
        #expect(api.unions[0].tagKey == nil)
        #expect(api.unions[0].variants.map(\.name) == ["uuid", "text", "whole", "number", "a", "b", "list", "anything"])
    }

    @Test func anUntaggedUnionOnACycleIsRecursive() throws {
        let api = try #require(compileValid("""
            model Wrap {
              inner: Value?
            }
            union Value {
              wrap: Wrap
              number: Int
            }
            api T {}
            """))
        #expect(api.unions[0].isRecursive)
    }

    @Test func aTaggedUnionStillNeedsModels() throws {
        let compilation = compile("union U tag \"t\" {\n  a: Int\n}\napi T {}\n")
        #expect(compilation.diagnostics.map(\.message) == ["variant 'a' must carry a model, not 'Int'"])
    }
}

/// `auth basic`, `@auth(…)`, `@public` on groups, and API keys in the query.
@Suite("Diagnostics of auth schemes")
struct AuthDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "unknown scheme near basic", source: "api T {\n  auth 1️⃣basik\n}",
              message: "unknown auth scheme 'basik' (did you mean 'basic'?)"),
        .init(name: "a query key without a name", source: "api T {\n  apikey query 1️⃣\"\"\n}",
              message: "the API key's query item needs a name"),
        .init(name: "a base URL without a host", source: "api T {\n  baseURL 1️⃣\"https:/v1\"\n}",
              message: "\"https:/v1\" is not a base URL"),
        .init(name: "a base URL with a query", source: "api T {\n  baseURL 1️⃣\"https://a.example/?x=1\"\n}",
              message: "\"https://a.example/?x=1\" is not a base URL"),
        .init(name: "an unknown scheme in @auth", source: "group G {\n  a: GET /a @auth(1️⃣token)\n}" + api,
              message: "'@auth' takes bearer, basic or none"),
        .init(name: "@public and @auth together", source: "group G {\n  a: GET /a @public 1️⃣@auth(basic)\n}" + api,
              message: "'@public' and '@auth' both say how endpoint 'a' authenticates"),
        .init(name: "@auth on a model", source: "1️⃣@auth(basic) model M {\n  a: Int\n}" + api,
              message: "'@auth' cannot be applied to a model"),
    ]

    @Test func theEndpointWinsOverItsGroupAndTheGroupOverTheAPI() throws {
        let api = try #require(compileValid("""
            api T {
              auth none
              apikey query "key"
            }
            group Plain {
              a: GET /a
              b: GET /b @auth(bearer)
            }
            @auth(basic) group Admin {
              c: GET /c
              d: GET /d @public
            }
            @public group Open {
              e: GET /e @auth(bearer)
            }
            """))
        #expect(api.endpoints.map { "\($0.name) \($0.auth.rawValue)" } == ["a none", "b bearer", "c basic", "d none", "e bearer"])
        #expect(api.apiKeyQuery == "key" && api.apiKeyHeader == nil)
    }
}

/// Dictionaries as query parameters, and their `@style`.
@Suite("Diagnostics of query maps")
struct QueryMapDiagnosticTests {
    static let cases: [DiagnosticCase] = [
        .init(name: "@style on a single value", source: "group G {\n  a: GET /a {\n    query q: String 1️⃣@style(form)\n  }\n}" + api,
              message: "'@style' applies only to a query parameter holding an array (or a union of values and arrays) or a dictionary, or to any with deepObject"),
        .init(name: "an array's style on a map", source: "group G {\n  a: GET /a {\n    query q: [String: String] @style(1️⃣spaceDelimited)\n  }\n}" + api,
              message: "'@style' of a dictionary takes form or deepObject"),
        .init(name: "an unknown style on an array", source: "group G {\n  a: GET /a {\n    query q: [Int] @style(1️⃣matrix)\n  }\n}" + api,
              message: "'@style' of an array takes form, commaDelimited, spaceDelimited, pipeDelimited or deepObject"),
        .init(name: "a map of models", source: "model M {\n  a: Int\n}\ngroup G {\n  a: GET /a {\n    query q: 1️⃣[String: M]\n  }\n}" + api,
              message: "type '[String: M]' cannot be sent as a query parameter"),
        .init(name: "a map in a header", source: "group G {\n  a: GET /a {\n    header h: 1️⃣[String: String]\n  }\n}" + api,
              message: "type '[String: String]' cannot be sent as a header parameter"),
    ]

    @Test func aMapIsFormUnlessItSaysDeepObject() throws {
        let api = try #require(compileValid("""
            group G {
              a: GET /a {
                query plain: [String: String]
                query deep: [String: Int]? @style(deepObject)
                query listed: [String]
              }
            }
            api T {}
            """))
        #expect(api.endpoints[0].parameters.map { $0.mapStyle?.rawValue ?? "-" } == ["form", "deepObject", "-"])
    }

    @Test func anArrayRepeatsItsKeyUnlessItSaysADelimiter() throws {
        let api = try #require(compileValid("""
            group G {
              a: GET /a {
                query plain: [String]
                query form: [String] @style(form)
                query comma: [Int]? @style(commaDelimited)
                query space: [String] @style(spaceDelimited)
                query pipe: [Bool] @style(pipeDelimited)
              }
            }
            api T {}
            """))
        #expect(api.endpoints[0].parameters.map { $0.arrayStyle?.rawValue ?? "-" } == ["-", "-", "commaDelimited", "spaceDelimited", "pipeDelimited"])
        #expect(api.endpoints[0].parameters.allSatisfy { $0.mapStyle == nil })
    }
}
