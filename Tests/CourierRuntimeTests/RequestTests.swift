import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

@Suite("Building requests, errors and security")
struct RequestTests {
    @Test func everyRequestCarriesTheConfiguredHeaders() async throws {
        let transport = ScriptedTransport([json(200, #"{"id":1}"#)])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com/")!, token: "secret-token", headers: ["X-Client-Info": "archon-ios/1.0"],
            transport: transport, configuration: .init(apiKey: APIKey(header: "apikey", value: "anon-key"), clock: RecordingClock()))
        let request = APIRequest(
            method: .post, path: "/rest/v1/tasks/\(PathSegment.encode("a/../b"))", query: [QueryItem("project_id", UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"), prefix: "eq."), QueryItem("limit", nil as Int?)] + QueryItem.repeated("tag", ["a b", "c&d"]),
            headers: ["Prefer": "return=representation"], body: .json(Item(id: 5)))
        let _: Item = try await client.send(request, options: RequestOptions(timeout: 5, additionalHeaders: ["X-Request-ID": "r1"], additionalQueryParameters: ["debug": "1"]))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.absoluteString == "https://api.example.com/rest/v1/tasks/a%2F..%2Fb?project_id=eq.3f2504e0-4f89-11d3-9a0c-0305e82c3301&tag=a%20b&tag=c%26d&debug=1")
        #expect(sent.headers["Authorization"] == "Bearer secret-token")
        #expect(sent.headers["apikey"] == "anon-key")
        #expect(sent.headers["X-Client-Info"] == "archon-ios/1.0")
        #expect(sent.headers["Content-Type"] == "application/json")
        #expect(sent.headers["Accept"] == "application/json")
        #expect(sent.headers["Prefer"] == "return=representation")
        #expect(sent.headers["X-Request-ID"] == "r1")
        #expect(sent.timeout == 5)
        #expect(sent.body == Data(#"{"id":5}"#.utf8))
        #expect(!sent.headers.description.contains("secret-token"))
        #expect(!sent.headers.description.contains("anon-key"))
    }

    /// A delimited array is one item: its delimiters stay as the style says, a comma inside an
    /// element is encoded, and an empty array sends nothing.
    @Test func delimitedArraysAreOneItem() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let query =
            QueryItem.delimited("ids", [1, 2, 3], style: .commaDelimited) + QueryItem.delimited("names", ["a,b", "c d"], style: .commaDelimited)
            + QueryItem.delimited("words", ["x", "y z"], style: .spaceDelimited) + QueryItem.delimited("flags", [true, false], style: .pipeDelimited)
            + QueryItem.delimited("none", [String](), style: .commaDelimited) + QueryItem.delimited("absent", nil as [Int]?, style: .pipeDelimited)
        try await makeClient(transport).send(APIRequest(method: .get, path: "/x", query: query))
        #expect(transport.requests.first?.url.query == "ids=1,2,3&names=a%2Cb,c%20d&words=x%20y%20z&flags=true%7Cfalse")
        #expect(query.map(\.value) == ["1,2,3", "a,b,c d", "x y z", "true|false"])
    }

    /// A nested value in a form travels as bracketed keys, encoded in the body as a form encodes
    /// any name: `address[city]` is `address%5Bcity%5D`. Numbers, flags, dates in the API's style,
    /// null as an empty value; empty containers and nil send nothing.
    @Test func nestedFormValuesAreBracketedKeysInTheBody() async throws {
        struct Line: Encodable { var price: Double, quantity: Int, taxable: Bool, note: String? }
        let transport = ScriptedTransport([json(200, "{}")])
        let form = try QueryItem.nested("lines", [Line(price: 2.5, quantity: 3, taxable: true, note: nil)])
            + QueryItem.nested("metadata", ["b": JSONValue.null, "a": "x y"]) + QueryItem.nested("at", Date(timeIntervalSince1970: 90), dateStyle: .unixMillis)
            + QueryItem.nested("empty", [String: Int]()) + QueryItem.nested("absent", nil as [Int]?)
        try await makeClient(transport).send(APIRequest(method: .post, path: "/x", body: .form(form)))
        let sent = String(decoding: transport.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(sent == "lines%5B0%5D%5Bprice%5D=2.5&lines%5B0%5D%5Bquantity%5D=3&lines%5B0%5D%5Btaxable%5D=true&metadata%5Ba%5D=x%20y&metadata%5Bb%5D=&at=90000")
    }

    /// A parameter that holds one value or a list: one value as it is (a comma in it stays, as
    /// a server that reads `logs-*,metrics` as a list expects), a list's elements joined by
    /// commas in a path segment and a header, each comma inside an element encoded, and in a
    /// query joined or repeated as the style says.
    @Test func valuesOrListsAreSentAsTheirPlaceSays() async throws {
        struct Names: WireTextsConvertible { var wireTexts: WireTexts }
        let transport = ScriptedTransport([json(200, "{}")])
        let list = Names(wireTexts: .list(["a,b", "c d"]))
        let one = Names(wireTexts: .one("x,y"))
        let query = QueryItem.texts("joined", list, style: .commaDelimited) + QueryItem.texts("repeated", list) + QueryItem.texts("one", one)
            + QueryItem.texts("absent", nil as Names?) + QueryItem.texts("empty", Names(wireTexts: .list([])))
        let headers = HTTPHeaders().merging(["X-List": list, "X-Ints": WireList([1, 2]), "X-One": one])
        try await makeClient(transport).send(
            APIRequest(method: .get, path: "/i/\(path: list)/\(path: one)/\(path: [3, 4])", query: query, headers: headers))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.path(percentEncoded: true) == "/i/a%2Cb,c%20d/x,y/3,4")
        #expect(sent.url.query == "joined=a%2Cb,c%20d&repeated=a,b&repeated=c%20d&one=x,y")
        #expect([sent.headers["X-List"], sent.headers["X-Ints"], sent.headers["X-One"]] == ["a,b,c d", "1,2", "x,y"])
    }

    /// An empty list names nothing, which a path segment cannot hold: the request is refused.
    @Test func anEmptyListInThePathIsRefused() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        await #expect(throws: APIError.self) {
            try await makeClient(transport).send(APIRequest(method: .get, path: "/i/\(path: [String]())/_search"))
        }
        #expect(transport.requests.isEmpty)
    }

    /// A value that no variant of a union took is sent as what it is: a scalar as one value, an
    /// array of scalars as a list, anything else as its JSON text.
    @Test func anUnknownValueIsSentAsWhatItIs() {
        #expect(WireTexts(json: "a,b") == .one("a,b"))
        #expect(WireTexts(json: 7) == .one("7"))
        #expect(WireTexts(json: true) == .one("true"))
        #expect(WireTexts(json: [1, "two", ["x": 1]]) == .list(["1", "two", #"{"x":1}"#]))
        #expect(WireTexts(json: ["b": 1, "a": "/"]) == .one(#"{"a":"/","b":1}"#))
        #expect(WireTexts(json: nil) == .list([]))
    }

    /// A delimited item whose value is changed afterwards is sent with the new value.
    @Test func aDelimitedItemChangedLaterSendsItsNewValue() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        var items = QueryItem.delimited("ids", [1, 2], style: .commaDelimited)
        items[0].value = "7"
        try await makeClient(transport).send(APIRequest(method: .get, path: "/x", query: items))
        #expect(transport.requests.first?.url.query == "ids=7")
    }

    @Test func optionsAddQueryItemsWhoseNamesRepeat() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let options = RequestOptions(
            additionalQueryParameters: ["z": "1", "a": "2"], additionalQueryItems: [QueryItem("kind", "a"), QueryItem("kind", "b&c")])
        try await makeClient(transport).send(APIRequest(method: .get, path: "/x", query: [QueryItem("kind", "first")]), options: options)
        #expect(transport.requests.first?.url.query == "kind=first&a=2&z=1&kind=a&kind=b%26c")
    }

    @Test func anAPIKeyCanTravelInTheQuery() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, credentials: .none, transport: transport,
            configuration: .init(apiKey: APIKey(query: "api_key", value: "k 1"), clock: RecordingClock()))
        try await client.send(APIRequest(method: .get, path: "/x?fixed=1", requiresAuth: false))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "fixed=1&api_key=k%201")
        #expect(sent.headers["api_key"] == nil)
        #expect(!sent.description.contains("k%201") && !sent.description.contains("k 1"), "\(sent)")
    }

    @Test func publicEndpointsSendNoBearer() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        try await makeClient(transport).send(APIRequest(method: .post, path: "/auth/v1/token?grant_type=password", requiresAuth: false))
        #expect(transport.requests.first?.headers["Authorization"] == nil)
        #expect(transport.requests.first?.url.absoluteString == "https://api.example.com/auth/v1/token?grant_type=password")
    }

    @Test func reservedCharactersInPathValuesAreEncoded() {
        #expect(PathSegment.encode("a?b#c d/é") == "a%3Fb%23c%20d%2F%C3%A9")
    }

    @Test func headerValuesWithLineBreaksAreRejected() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let error = await apiError {
            try await makeClient(transport).send(APIRequest(method: .get, path: "/x", headers: ["X-Evil": "a\r\nHost: evil"]))
        }
        guard case .invalidRequest? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.isEmpty)
    }

    @Test func plainHTTPIsRefusedExceptForLoopbackOrWhenAllowed() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        let insecure = APIClient(baseURL: URL(string: "http://api.example.com")!, token: "t", transport: transport)
        await #expect(throws: APIError.self) { try await insecure.send(APIRequest(method: .get, path: "/x")) }
        #expect(transport.requests.isEmpty)
        for base in ["http://127.0.0.1:8080", "http://localhost:1"] {
            try await APIClient(baseURL: URL(string: base)!, token: "t", transport: transport).send(APIRequest(method: .get, path: "/x"))
        }
        try await APIClient(baseURL: URL(string: "http://api.example.com")!, token: "t", transport: transport, configuration: .init(allowsInsecureHTTP: true))
            .send(APIRequest(method: .get, path: "/x"))
        #expect(transport.requests.count == 3)
    }

    @Test func errorsCarryStatusHeadersBodyAndMessage() async throws {
        let cases: [(Int, String, (APIError) -> Bool)] = [
            (404, "{}", { if case .notFound = $0 { true } else { false } }),
            (409, "{}", { if case .conflict = $0 { true } else { false } }),
            (402, "{}", { if case .quotaExceeded = $0 { true } else { false } }),
            (422, #"{"msg":"email is taken"}"#, { if case .validationError("email is taken", _) = $0 { true } else { false } }),
            (400, #"{"message":"bad filter"}"#, { if case .validationError("bad filter", _) = $0 { true } else { false } }),
            (403, #"{"message":"forbidden"}"#, { if case .unexpectedStatus = $0 { true } else { false } }),
        ]
        for (status, body, matches) in cases {
            let transport = ScriptedTransport([json(status, body, headers: ["X-Trace": "abc"])])
            guard let error = await apiError({ try await makeClient(transport).send(APIRequest(method: .get, path: "/x")) }) else { continue }
            #expect(matches(error), "\(status) gave \(error)")
            #expect(error.statusCode == status)
            #expect(error.response?.headers["X-Trace"] == "abc")
            #expect(error.response?.body == Data(body.utf8))
        }
    }

    @Test func decodingErrorsNameTheKeyPath() async throws {
        struct Task: Decodable { let events: [Event] }
        struct Event: Decodable { let createdAt: Date; enum CodingKeys: String, CodingKey { case createdAt = "created_at" } }
        let transport = ScriptedTransport([json(200, #"{"events":[{"created_at":"2026-11-29T14:00:22Z"},{"created_at":"yesterday"}]}"#)])
        let error = await apiError { let _: Task = try await makeClient(transport).send(APIRequest(method: .get, path: "/x")) }
        guard case .decodingError? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(error?.description.contains("events[1].created_at") == true, "\(String(describing: error))")
    }

    @Test func emptyBodiesDecodeAsEmptyResponseOrNil() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 204))])
        // An empty body, and a body that is not JSON at all, both succeed as EmptyResponse.
        let _: EmptyResponse = try await makeClient(transport).send(APIRequest(method: .delete, path: "/x"))
        let text = ScriptedTransport([.success(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("OK".utf8)))])
        let _: EmptyResponse = try await makeClient(text).send(APIRequest(method: .delete, path: "/x"))
        let optional: Item? = try await makeClient(transport).send(APIRequest(method: .get, path: "/x"))
        #expect(optional == nil)
    }

    @Test func envelopesDecode() throws {
        let page = try ResponseDecoding.decode(PaginatedResponse<Item>.self, from: Data(#"{"data":[{"id":1}],"cursor":"c2"}"#.utf8), dateStyle: .iso8601)
        #expect(page == PaginatedResponse(data: [Item(id: 1)], cursor: "c2"))
        let last = try ResponseDecoding.decode(PaginatedResponse<Item>.self, from: Data(#"{"data":[]}"#.utf8), dateStyle: .iso8601)
        #expect(last.cursor == nil)
        let one = try ResponseDecoding.decode(DataResponse<Item>.self, from: Data(#"{"data":{"id":3}}"#.utf8), dateStyle: .iso8601)
        #expect(one.data == Item(id: 3))
    }

    @Test func additionalBodyParametersMergeIntoTheObject() async throws {
        let transport = ScriptedTransport([json(200, "{}")])
        try await makeClient(transport).send(APIRequest(method: .post, path: "/x", body: .json(Item(id: 1))), options: RequestOptions(additionalBodyParameters: ["trace": true]))
        #expect(transport.requests.first?.body == Data(#"{"id":1,"trace":true}"#.utf8))
    }
}

@Suite("ISO 8601 dates")
struct ISO8601Tests {
    @Test(arguments: [
        ("2026-11-29T14:00:22Z", 1_795_960_822.0),
        ("2026-11-29T14:00:22.123456+00:00", 1_795_960_822.123456),
        ("2026-11-29T14:00:22.1Z", 1_795_960_822.1),
        ("2026-11-29 15:00:22+01", 1_795_960_822.0),
        ("2026-11-29T09:30:22-0430", 1_795_960_822.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parsesWhatServersSend(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: ["", "2026-11-29", "2026-13-01T00:00:00Z", "2026-11-29T14:00:22", "2026-11-29T14:00:22.Z", "2026-11-29T14:00:22Zjunk"])
    func rejectsWhatIsNotATimestamp(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test func writesAStableUTCForm() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_795_960_822)) == "2026-11-29T14:00:22Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_795_960_822.5)) == "2026-11-29T14:00:22.5Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_795_960_822.123456)) == "2026-11-29T14:00:22.123456Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}

@Suite("Multipart bodies")
struct MultipartTests {
    @Test func bytesAreExactlyRFC7578() throws {
        var form = MultipartFormData()
        form.append("caption", "hello")
        form.append("file", file: MultipartFile(data: Data([0xFF, 0x00, 0x0D, 0x0A]), filename: "a \"b\".jpg", mimeType: "image/jpeg"))
        form.append("skipped", nil as String?)
        let (body, contentType) = try form.encoded()
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        #expect(contentType.hasPrefix("multipart/form-data; boundary=courier-"))
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nhello\r\n".utf8)
        expected += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a %22b%22.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        expected += Data([0xFF, 0x00, 0x0D, 0x0A]) + Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(body == expected)
    }

    @Test func theBoundaryNeverOccursInTheData() throws {
        // The first two boundaries offered occur in the parts; the third is taken.
        var offered = ["courier-clash", "courier-other", "courier-free"].makeIterator()
        var form = MultipartFormData()
        form.append("file", file: MultipartFile(data: Data("a--courier-clash-b".utf8), filename: "f"))
        form.append("note", "courier-other")
        let (body, contentType) = try form.encoded(makingBoundariesWith: { offered.next()! })
        #expect(contentType == "multipart/form-data; boundary=courier-free")
        #expect(body.ranges(of: Data("courier-free".utf8)).count == 3)
        #expect(body.ranges(of: Data("--courier-clash".utf8)).count == 1)
    }

    @Test func mimeTypesAndFileNamesCannotAddHeaderLines() throws {
        for mimeType in ["image/jpeg\r\nContent-Disposition: form-data; name=\"admin\"", "image/jpeg\nX: y", "image", "image/", "/jpeg", "image/jp eg",
                         "text/plain; charset=\"utf\r\n8\"", "text/plain; charset"] {
            var form = MultipartFormData()
            form.append("file", file: MultipartFile(data: Data([1]), filename: "f", mimeType: mimeType))
            #expect(throws: APIError.self, "\(mimeType.debugDescription)") { try form.encoded() }
        }
        for mimeType in ["image/jpeg", "text/plain; charset=utf-8", "application/vnd.api+json", "text/plain; charset=\"utf-8\""] {
            var form = MultipartFormData()
            form.append("file", file: MultipartFile(data: Data([1]), filename: "f", mimeType: mimeType))
            #expect(throws: Never.self, "\(mimeType)") { try form.encoded() }
        }
        var form = MultipartFormData()
        form.append("file", file: MultipartFile(data: Data([1]), filename: "a\u{0}b\\\"c\r\nd.jpg", mimeType: "image/jpeg"))
        let text = String(decoding: try form.encoded().body, as: UTF8.self)
        #expect(text.contains(#"filename="a%00b%5C%22c%0D%0Ad.jpg""#), "\(text)")
    }

    @Test func headerNamesAreTokensAndValuesHaveNoControlCharacters() async throws {
        let bad: [HTTPHeaders] = [["X Evil": "a"], ["X-Evil:": "a"], ["": "a"], ["X-É": "a"], ["X-Evil": "a\u{0}b"], ["X-Evil": "a\u{7F}"], ["X-Evil": "a\u{1B}[31m"]]
        for headers in bad {
            let transport = ScriptedTransport([json(200, "{}")])
            let error = await apiError { try await makeClient(transport).send(APIRequest(method: .get, path: "/x", headers: headers)) }
            guard case .invalidRequest? = error else { Issue.record("\(headers.fields): got \(String(describing: error))"); continue }
            #expect(transport.requests.isEmpty)
        }
        let transport = ScriptedTransport([json(200, "{}")])
        try await makeClient(transport).send(APIRequest(method: .get, path: "/x", headers: ["X-Tab": "a\tb", "X-Utf8": "é"]))
        #expect(transport.requests.count == 1)
    }

    @Test func theSessionsOwnRequestsFollowTheHeaderRules() async throws {
        let transport = ScriptedTransport([json(200, #"{"access_token":"a","refresh_token":"r","expires_in":60}"#)])
        let session = AuthSession(baseURL: testBaseURL, apiKey: "key\r\nX-Injected: 1", transport: transport)
        let error = await apiError { try await session.signIn(email: "a@b.c", password: "p") }
        guard case .invalidRequest? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transport.requests.isEmpty)
    }

    @Test func uploadSendsOneFilePart() async throws {
        let transport = ScriptedTransport([json(200, #"{"id":9}"#)])
        let item: Item = try await makeClient(transport).upload(path: "/upload", imageData: Data([1, 2, 3]), filename: "p.jpg")
        #expect(item.id == 9)
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let text = String(decoding: sent.body ?? Data(), as: UTF8.self)
        #expect(text.contains("name=\"file\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg"))
    }
}

@Suite("JSONValue")
struct JSONValueTests {
    @Test func roundTripsAnyJSON() throws {
        let text = #"{"a":[1,2.5,"x",true,null,{"b":9223372036854775807}],"c":{}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["a"] == [1, 2.5, "x", true, nil, ["b": .integer(Int64.max)]])
        #expect(value["c"] == .object([:]))
        let encoded = try JSONCoding.encoder(for: .iso8601).encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
        #expect(value["a"]?.stringValue == nil)
        #expect(JSONValue.string("x").stringValue == "x")
    }
}
