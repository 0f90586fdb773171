import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// Text and JSON Lines responses, raw request bodies, one route taking two content types, and
/// `Response<…>`'s status and headers, as generated from the kitchen fixture.
@Suite("Body and response kinds")
struct BodyAndResponseKindsTests {
    @Test func aTextResponseIsReadInItsCharsetAndAsksForText() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/readme", text: "héllo, wörld")
        #expect(try await mock.readme() == "héllo, wörld")
        #expect(mock.requests.last?.accept == "text/*, */*;q=0.1")

        mock.stub(.get, "/readme/latest", .response(HTTPResponse(
            status: 200, headers: ["Content-Type": "text/html; charset=ISO-8859-1", "ETag": "\"v1\""], body: Data([0x63, 0x61, 0x66, 0xE9]))))
        let latest = try await mock.readmeWithHeaders()
        #expect(latest.value == "café")
        #expect(latest.headers["etag"] == "\"v1\"")
    }

    @Test func aTextResponseThatIsNotTextFailsSayingSo() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/readme", .response(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data([0xFF, 0xFE, 0x00]))))
        let error = await #expect(throws: APIError.self) { try await mock.readme() }
        guard case .decodingError(let cause)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect("\(cause)".contains("GET /readme is not text"), "\(cause)")
        #expect("\(cause)".contains("not valid UTF-8"), "\(cause)")
    }

    @Test func jsonLinesArriveOneValuePerLine() async throws {
        let mock = MockAPIClient()
        mock.stubLines(.get, "/nodes/log", [Node(value: 1), Node(value: 2), Node(value: 3)])
        var values: [Int] = []
        for try await node in mock.nodeLog() { values.append(node.value) }
        #expect(values == [1, 2, 3])
        #expect(mock.requests.last?.accept == "application/jsonl, application/x-ndjson, application/json;q=0.9")
    }

    @Test func aJSONLinesEndpointAnsweredWithEventsFailsSayingWhatCameBack() async throws {
        let mock = MockAPIClient()
        mock.stubEvents(.get, "/nodes/log", [Node(value: 1)])
        let error = await #expect(throws: APIError.self) { for try await _ in mock.nodeLog() {} }
        guard case .invalidResponse(let message, _)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'text/event-stream' instead of JSON Lines"), "\(message)")
    }

    @Test func aLineThatDoesNotDecodeNamesItsLine() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/nodes/log", .response(HTTPResponse(
            status: 200, headers: ["Content-Type": "application/x-ndjson"], body: Data("{\"value\": 1}\n{\"value\": \"two\"}\n".utf8))))
        var values: [Int] = []
        let error = await #expect(throws: APIError.self) { for try await node in mock.nodeLog() { values.append(node.value) } }
        #expect(values == [1])
        #expect("\(String(describing: error))".contains("line 2 of the JSON Lines body of GET /nodes/log"), "\(String(describing: error))")
    }

    @Test func rawBodiesTravelUnderTheirMediaType() async throws {
        let mock = MockAPIClient()
        mock.stub(.put, "/avatar", json: EmptyResponse())
        mock.stub(.put, "/files/raw/a.bin", status: 201, json: Node(value: 7))
        mock.stub(.post, "/notes", .response(HTTPResponse(status: 201, headers: ["Location": "/notes/9"])))
        let png = Data([0x89, 0x50, 0x4E, 0x47])

        try await mock.putAvatar(body: png)
        let stored = try await mock.putFile(name: "a.bin", body: Data([1, 2]))
        let typed = try await mock.putFile(name: "a.bin", body: Data([3]), contentType: "application/pdf")
        let note = try await mock.addNote(body: "# Hello")

        let bodies = mock.requests.map { request -> String in
            guard case .raw(let data, let contentType) = request.body else { return "not raw" }
            return "\(contentType) \(data.count)"
        }
        #expect(bodies == ["image/png 4", "application/octet-stream 2", "application/pdf 1", "text/markdown 7"])
        #expect(stored.status == 201 && stored.value == Node(value: 7) && typed.value == Node(value: 7))
        #expect(note.status == 201)
        #expect(note.headers["location"] == "/notes/9")
    }

    @Test func oneRouteTakesJSONAndAForm() async throws {
        let mock = MockAPIClient()
        mock.stub(.post, "/everything", json: Everything.sample)
        _ = try await mock.create(body: Everything.sample)
        try await mock.createFromForm(text: "hi")
        let kinds = mock.requests.map { request -> String in
            switch request.body {
            case .json: "json"
            case .form(let items): "form \(items.map { "\($0.name)=\($0.value ?? "")" })"
            default: "other"
            }
        }
        #expect(kinds == ["json", "form [\"text=hi\"]"])
    }

    /// `@style(deepObject)` form fields travel as bracketed keys, to any depth, in schema order,
    /// with dates in the API's style; the other fields as plain items.
    @Test func nestedFormValuesTravelAsBracketedKeys() async throws {
        let mock = MockAPIClient()
        mock.stub(.post, "/subscriptions", .response(HTTPResponse(status: 204, headers: [:], body: Data())))
        try await mock.subscribe(
            customer: "cus_1", items: [Node(value: 1, next: Node(value: 2)), Node(value: 3)], metadata: ["plan": "gold", "a b": "c&d"],
            expand: ["customer", "items"], stamp: .at(Date(timeIntervalSince1970: 1_700_000_000)), tags: ["x", "y"])
        try await mock.subscribe(customer: "cus_2", items: [], metadata: nil, expand: nil, stamp: .label("now"), tags: nil)
        let forms = mock.requests.map { request -> [String] in
            guard case .form(let items) = request.body else { return ["not a form"] }
            return items.map { "\($0.name)=\($0.value ?? "nil")" }
        }
        #expect(forms == [
            [
                // An empty array (`children`) gives no item.
                "customer=cus_1", "items[0][next][value]=2", "items[0][value]=1", "items[1][value]=3", "metadata[a b]=c&d", "metadata[plan]=gold", "expand[0]=customer", "expand[1]=items",
                "stamp=1700000000", "tags=x", "tags=y",
            ],
            ["customer=cus_2", "stamp=now"],
        ])
    }

    /// `@style(deepObject)` query parameters of any type travel as bracketed keys too.
    @Test func nestedQueryValuesTravelAsBracketedKeys() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/subscriptions", json: [JSONValue]())
        _ = try await mock.subscriptions(created: TimeRange(gte: 5, lt: 9), expand: ["items", "customer"], limit: 3)
        _ = try await mock.subscriptions()
        #expect(mock.requests.map { $0.query.map { "\($0.name)=\($0.value ?? "nil")" } } == [
            // A nil value is an item that the request leaves out.
            ["created[gte]=5", "created[lt]=9", "expand[0]=items", "expand[1]=customer", "limit=3"], ["limit=nil"],
        ])
    }

    /// A union of a value and a list, and an array, as parameters: one value is sent as it is,
    /// a list's elements joined by commas in the path and headers and where the style says so,
    /// and repeated otherwise.
    @Test func valuesOrListsTravelAsOneTextOrAList() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/indices/logs-1,a%2Cb/_search/1,2", json: [JSONValue]())
        mock.stub(.get, "/indices/logs-*,metrics/_search/7", json: [JSONValue]())
        _ = try await mock.searchIndices(
            indices: .names(["logs-1", "a,b"]), shards: [1, 2], routing: .names(["r1", "r2"]), fields: .names(["title", "body"]),
            tags: ["x", "y"], scope: .names(["p", "q"]))
        _ = try await mock.searchIndices(indices: .name("logs-*,metrics"), shards: [7], routing: .name("r"), fields: .unknown([1, "two"]))
        #expect(mock.requests.map { $0.query.map { "\($0.name)=\($0.value ?? "nil")" } } == [
            ["routing=r1,r2", "fields=title", "fields=body"], ["routing=r", "fields=1", "fields=two"],
        ])
        #expect(mock.requests.map { [$0.headers["X-Tags"], $0.headers["X-Scope"]] } == [["x,y", "p,q"], [nil, nil]])
    }

    @Test func responseMetadataComesWithEveryKind() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/nodes/n1/attachment", .response(HTTPResponse(status: 200, headers: ["Content-Length": "3"], body: Data([1, 2, 3]))))
        mock.stub(.get, "/v2/nodes", .response(HTTPResponse(
            status: 200, headers: ["Link": "</v2/nodes?cursor=c2>; rel=next"], body: Data(#"{"data": [{"value": 1}], "cursor": null}"#.utf8))))
        mock.stub(.get, "/v2/jobs/4", .response(HTTPResponse(
            status: 200, headers: ["X-RateLimit-Remaining": "41"], body: Data(#"{"data": {"id": 4, "state": "happy"}}"#.utf8))))

        let attachment = try await mock.attachment(id: "n1")
        #expect(attachment.value == Data([1, 2, 3]))
        #expect(mock.requests.last?.accept == "*/*")
        let page = try await mock.nodesWithHeaders()
        #expect(page.headers["link"] == "</v2/nodes?cursor=c2>; rel=next")
        var pages: [[Node]] = []
        for try await nodes in mock.nodesWithHeadersPages() { pages.append(nodes) }
        #expect(pages == [[Node(value: 1)]])
        var states: [String] = []
        for try await job in mock.jobWithHeadersUpdates(id: 4) {
            states.append("\(job.value.data.state?.rawValue ?? "-") \(job.headers["x-ratelimit-remaining"] ?? "-")")
        }
        #expect(states == ["happy 41"])
    }
}

/// The api block's `error Problem` with `title` marked `@message`.
@Suite("The error model")
struct ErrorModelTests {
    @Test func theMarkedFieldIsTheMessageAndTheModelIsTyped() async throws {
        let mock = MockAPIClient(errorMessageKeys: KitchenAPI.errorMessageKeys)
        #expect(KitchenAPI.errorMessageKeys == ["title"])
        mock.stub(.get, "/readme", .response(HTTPResponse(
            status: 403, headers: ["Content-Type": "application/problem+json"],
            body: Data(#"{"title": "Not yours", "detail": "The readme belongs to someone else.", "at": 1800000000}"#.utf8))))
        let error = await #expect(throws: APIError.self) { try await mock.readme() }
        #expect(error?.response?.message == "Not yours")
        #expect(error?.kitchenError?.detail == "The readme belongs to someone else.")
        #expect(error?.kitchenError?.at == Date(timeIntervalSince1970: 1_800_000_000))
        #expect("\(String(describing: error))".contains("Not yours"))
    }

    @Test func withoutMarksTheDefaultKeysApply() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/readme", .response(HTTPResponse(status: 409, body: Data(#"{"title": "T", "detail": "D"}"#.utf8))))
        let error = await #expect(throws: APIError.self) { try await mock.readme() }
        #expect(error?.response?.message == "D")
    }

    @Test func aBodyThatIsNotTheModelGivesNoModel() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/readme", .response(HTTPResponse(status: 500, body: Data("<html>oops</html>".utf8))))
        let error = await #expect(throws: APIError.self) { try await mock.readme() }
        #expect(error != nil && error?.kitchenError == nil)
    }
}
