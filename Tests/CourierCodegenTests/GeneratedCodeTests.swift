import CourierFixtures
import CourierRuntime
import Foundation
import Testing

/// The generated fixtures module, compiled by the build plugin, behaves as the schema says.
@Suite("Generated code at work")
struct GeneratedCodeTests {
    let decoder = JSONCoding.decoder(for: .unixSeconds)
    let encoder = JSONCoding.encoder(for: .unixSeconds)

    @Test func modelsRoundTripWithWireKeysAndDefaults() throws {
        let data = try encoder.encode(Everything.sample)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["owner-url"] as? String == "owner")
        #expect(object["old"] as? String == "legacy")
        #expect(object["default"] as? Int == 1)
        #expect(object["direction"] as? String == "DOWN")
        #expect(object["mood"] as? String == "very_happy")
        #expect(object["at"] as? Int == 1_800_000_000)
        // All 64 bits of a UInt64 travel, past what an Int64 holds.
        #expect(String(decoding: data, as: UTF8.self).contains(#""huge":18446744073709551615"#))
        #expect(try decoder.decode(Everything.self, from: data) == Everything.sample)

        let minimal = try decoder.decode(Everything.self, from: Data(#"{"at": 0}"#.utf8))
        #expect(minimal.text == "a \"quoted\"\n")
        #expect(minimal.count == -1)
        #expect(minimal.ratio == 2.5)
        #expect(minimal.flag)
        #expect(minimal.id == UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        #expect(minimal.raw == .null)
        #expect(minimal.direction == .up)
        #expect(minimal.mood == nil)
    }

    @Test func anAliasIsTheTypeItStandsFor() throws {
        #expect(TicketCopy.self == Ticket.self)
        #expect(TicketCopyCopy.self == Ticket.self)
        #expect(Labels.self == [String].self)
        let ticket: TicketCopy = Ticket(priority: .urgent, level: .second, history: [.low])
        let labelled = LabelledTicket(ticket: ticket, labels: ["billing"])
        let ticketField: Ticket = labelled.ticket
        #expect(ticketField == ticket)
        let data = try encoder.encode(labelled)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["ticket"] as? [String: Any])?["priority"] as? Int == 3)
        #expect(object["labels"] as? [String] == ["billing"])
        #expect(try decoder.decode(LabelledTicket.self, from: data) == labelled)
    }

    @Test func everyAPIHasAFactoryWhateverItsAuth() {
        let client = KitchenAPI.client(
            baseURL: URL(string: "https://example.com")!, apiKey: "k", credentials: .token("t"), timeout: 0.5, maxRetries: 1)
        #expect(client.timeout == 0.5)
        #expect(client.configuration.retryPolicy.maxRetries == 1)
        #expect(client.configuration.apiKey == APIKey(query: "api_key", value: "k"))
        #expect(client.configuration.errorMessageKeys == ["title"])
        #expect(KitchenAPI.client(apiKey: "k", credentials: .none).baseURL.absoluteString == "https://kitchen.example/v1")
    }

    @Test func unknownEnumValuesDecodeAndEncodeBack() throws {
        let job = try decoder.decode(Job.self, from: Data(#"{"id": 1, "state": "ecstatic"}"#.utf8))
        #expect(job.state == .unknown("ecstatic"))
        #expect(String(decoding: try encoder.encode(job), as: UTF8.self).contains(#""state":"ecstatic""#))
        #expect(Mood(rawValue: "very_happy") == .veryHappy)
        #expect(throws: DecodingError.self) { try decoder.decode(Direction.self, from: Data(#""sideways""#.utf8)) }
    }

    /// `==` compares wire values, so this matches cases: a known value must become its own case,
    /// never `.unknown` with the same text, and a near miss must not become a known case.
    @Test func everyKnownWireValueBecomesItsOwnCase() {
        for (wire, expected) in [("happy", Mood.happy), ("very_happy", .veryHappy), ("meh", .meh)] {
            let decoded = Mood(rawValue: wire)
            if case .unknown = decoded { Issue.record("'\(wire)' became .unknown") }
            #expect(String(describing: decoded) == String(describing: expected))
            #expect(decoded.rawValue == wire)
        }
        for nearMiss in ["Happy", "happy ", "", "very_happy_"] {
            guard case .unknown(let text) = Mood(rawValue: nearMiss) else {
                Issue.record("'\(nearMiss)' became a known case")
                continue
            }
            #expect(text == nearMiss)
        }
    }

    @Test func enumValuesAreEqualWhenTheyTravelAsTheSameString() {
        #expect(Mood.unknown("very_happy") == .veryHappy)
        #expect(Mood.unknown("very_happy").hashValue == Mood.veryHappy.hashValue)
        #expect(Set([Mood.happy, .unknown("happy"), .unknown("glum"), .unknown("glum")]) == [.happy, .unknown("glum")])
        #expect(Mood.happy != .veryHappy)
        #expect(Mood.unknown("glum") != .unknown("Glum"))
    }

    @Test func unionsDecodeTheirVariantsAndKeepUnknownOnes() throws {
        let text = #"[{"kind":"leaf","value":1},{"kind":"branch","tree":{"kind":"leaf","value":2}},{"kind":"fruit","sweet":true}]"#
        let trees = try decoder.decode([Tree].self, from: Data(text.utf8))
        #expect(trees[0] == .leaf(Leaf(value: 1)))
        #expect(trees[1] == .branch(Branch(tree: .leaf(Leaf(value: 2)))))
        #expect(trees[2] == .unknown(tag: "fruit", ["kind": "fruit", "sweet": true]))
        let again = try decoder.decode([Tree].self, from: try encoder.encode(trees))
        #expect(again == trees)
    }

    /// An object without its tag (the key absent or `null`) is kept whole in `unknown`, with an
    /// empty tag, and written back as it came: one such value does not fail the response.
    @Test func anObjectWithoutItsTagIsUnknownAndKeptWhole() throws {
        let text = #"[{"kind":"leaf","value":1},{"value":2},{"kind":null,"value":3}]"#
        let trees = try decoder.decode([Tree].self, from: Data(text.utf8))
        #expect(trees == [.leaf(Leaf(value: 1)), .unknown(tag: "", ["value": 2]), .unknown(tag: "", ["kind": nil, "value": 3])])
        let written = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(trees)) as? [[String: Any]])
        #expect(written[1].count == 1 && written[1]["value"] as? Int == 2)
        #expect(written[2].count == 2 && written[2]["kind"] is NSNull)
        let components = try decoder.decode([Component].self, from: Data(#"[{"label":"OK"},{"type":null}]"#.utf8))
        #expect(components == [.unknown(tag: "", ["label": "OK"]), .unknown(tag: "", ["type": nil])])
    }

    /// A union whose tags are numbers reads and writes them as numbers, and keeps an unknown
    /// one as its digits.
    @Test func numberTagsAreNumbersOnTheWire() throws {
        let text = #"[{"type":2,"label":"OK"},{"type":3,"options":["a"]},{"type":9,"x":1}]"#
        let components = try decoder.decode([Component].self, from: Data(text.utf8))
        #expect(components[0] == .button(ButtonComponent(type: .button, label: "OK")))
        #expect(components[1] == .select(SelectComponent(type: 3, options: ["a"])))
        #expect(components[2] == .unknown(tag: "9", ["type": 9, "x": 1]))
        let encoded = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(components)) as? [[String: Any]])
        #expect(encoded[0]["type"] as? Int == 2 && encoded[0]["label"] as? String == "OK")
        #expect(encoded[1]["type"] as? Int == 3)
        #expect(try decoder.decode([Component].self, from: try encoder.encode(components)) == components)
        // A tag written as text is not the number.
        #expect(throws: DecodingError.self) { try self.decoder.decode(Component.self, from: Data(#"{"type":"2","label":"OK"}"#.utf8)) }
    }

    /// One model under two tags (a variant whose tag property allows two values): each tag
    /// decodes to its own case, and a case writes its own tag over the model's field.
    @Test func aModelUnderTwoTagsKeepsEach() throws {
        let components = try decoder.decode([Component].self, from: Data(#"[{"type":3,"options":["a"]},{"type":4,"options":["b"]}]"#.utf8))
        #expect(components == [.select(SelectComponent(type: 3, options: ["a"])), .menu(SelectComponent(type: 4, options: ["b"]))])
        let written = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(Component.menu(SelectComponent(type: 3, options: [])))) as? [String: Any])
        #expect(written["type"] as? Int == 4)
    }

    @Test func recursiveModelsAreBoxed() throws {
        let list = Node(value: 1, next: Node(value: 2, next: Node(value: 3)), children: [Node(value: 4)])
        let decoded = try decoder.decode(Node.self, from: try encoder.encode(list))
        #expect(decoded == list)
        #expect(decoded.next?.next?.value == 3)
        let encoded = String(decoding: try encoder.encode(Node(value: 9)), as: UTF8.self)
        #expect(encoded == #"{"value":9,"children":[]}"#)
    }

    /// `Profile` holds more than a model keeps inline (`InlineSizeRule`): `home`, `work` and
    /// `billing` are boxed. They read, write, compare and round-trip as the inline one does.
    @Test func largeFieldsKeptInBoxesBehaveAsInlineOnes() throws {
        var profile = Profile(home: PostalAddress(line0: "1 Main St"), work: PostalAddress(line1: "Floor 2"), billing: PostalAddress(line2: "PO Box"))
        let copy = profile
        profile.home.line0 = "2 Main St"
        profile.work?.line1 = "Floor 3"
        #expect(copy.home.line0 == "1 Main St" && copy.work?.line1 == "Floor 2", "a copy keeps its own values")
        #expect(profile.home.line0 == "2 Main St" && profile.work?.line1 == "Floor 3")
        #expect(profile != copy && Set([profile, copy, copy]).count == 2)
        let data = try encoder.encode(profile)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["home"] as? [String: Any])?["line0"] as? String == "2 Main St")
        #expect(object["shipping"] == nil)
        #expect(try decoder.decode(Profile.self, from: data) == profile)
        #expect(throws: DecodingError.self) { try self.decoder.decode(Profile.self, from: Data(#"{"work":{}}"#.utf8)) }
    }

    @Test func endpointsBuildTheRequestsTheSchemaDescribes() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/nodes/a%2Fb.json", json: Node(value: 1))
        _ = try await mock.getNode(id: "a/b", tags: ["x", "y z"], in: 3, after: UInt64.max, trace: "t1")
        mock.stub(.post, "/everything", json: Everything.sample)
        _ = try await mock.create(body: Everything.sample)
        mock.stub(.post, "/token", json: [String: String]())
        try await mock.signIn(userName: "ann", scopes: ["read", "write"])
        mock.stub(.delete, "/nodes/5", json: [String: String]())
        try await mock.remove(id: 5)
        mock.stub(.get, "/statements/2026-11.pdf", .response(HTTPResponse(status: 200, body: Data("%PDF".utf8))))
        #expect(try await mock.statement(month: "2026-11") == Data("%PDF".utf8))

        let requests = mock.requests
        #expect(requests.map(\.method) == [.get, .post, .post, .delete, .get])
        #expect(requests[0].query.map(\.name) == ["tags", "tags", "mood", "in", "after"])
        #expect(requests[0].query.map(\.value) == ["x", "y z", "happy", "3", "18446744073709551615"])
        #expect(requests[0].headers["X-Trace"] == "t1")
        #expect(requests[0].headers["X-Kitchen"] == "1")
        #expect(requests[0].dateStyle == .unixSeconds)
        #expect(requests[1].isIdempotent && requests[1].maxRetries == 1 && requests[1].timeout == 1.5)
        #expect(requests[2].path == "/token?grant_type=password")
        #expect(!requests[2].requiresAuth)
        guard case .form(let items) = requests[2].body else {
            Issue.record("expected a form body")
            return
        }
        #expect(items == [QueryItem("user_name", "ann"), QueryItem("scopes", "read"), QueryItem("scopes", "write")])
    }

    @Test func companionsPageAndPoll() async throws {
        let mock = MockAPIClient(clock: ImmediateClock())
        mock.stub(.get, "/nodes", json: PaginatedResponse(data: [Node(value: 1)], cursor: "c2"))
        mock.stub(.get, "/nodes", json: PaginatedResponse(data: [Node(value: 2)], cursor: nil))
        var values: [Int] = []
        for try await page in mock.nodesPages() { values += page.map(\.value) }
        #expect(values == [1, 2])
        #expect(mock.requests.map { $0.query.first?.value ?? "none" } == ["none", "c2"])

        mock.stub(.get, "/jobs/7", json: DataResponse(data: Job(id: 7, state: nil)))
        mock.stub(.get, "/jobs/7", json: DataResponse(data: Job(id: 7, state: .happy)))
        var states: [Mood?] = []
        for try await job in mock.jobUpdates(id: 7) { states.append(job.data.state) }
        #expect(states == [nil, .happy])
    }

    @Test func streamsDecodeUnionEvents() async throws {
        let mock = MockAPIClient()
        mock.stubEvents(.post, "/trees", [Tree.leaf(Leaf(value: 1)), Tree.branch(Branch(tree: .leaf(Leaf(value: 2))))])
        var trees: [Tree] = []
        for try await tree in mock.trees(body: ["seed": 1]) { trees.append(tree) }
        #expect(trees == [.leaf(Leaf(value: 1)), .branch(Branch(tree: .leaf(Leaf(value: 2))))])
        #expect(mock.requests.first?.accept == "text/event-stream")
    }

    @Test func bytesEndpointsAcceptAnyMediaType() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/statements/2026-11.pdf", .response(HTTPResponse(status: 200, body: Data("%PDF".utf8))))
        #expect(try await mock.statement(month: "2026-11") == Data("%PDF".utf8))
        #expect(mock.requests.first?.accept == "*/*")
    }

    @Test func multipartUploadsCarryEveryField() async throws {
        let mock = MockAPIClient()
        mock.stub(.put, "/files/report", json: [String: String]())
        let file = MultipartFile(data: Data("x".utf8), filename: "a.txt", mimeType: "text/plain")
        try await mock.upload(name: "report", files: [file, file], cover: nil, meta: Everything.sample, direction: .down)
        guard case .multipart(let form) = mock.requests.first?.body else {
            Issue.record("expected a multipart body")
            return
        }
        let text = String(decoding: try form.encoded().body, as: UTF8.self)
        #expect(text.components(separatedBy: "name=\"files\"; filename=\"a.txt\"").count == 3)
        #expect(!text.contains("name=\"cover\""))
        #expect(text.contains("name=\"meta\"\r\nContent-Type: application/json"))
        #expect(text.contains("name=\"direction\"\r\n\r\nDOWN"))
    }

    /// A union with a `File` variant sends each case as a part of its kind: a file with its
    /// name and type, files under one name, text, a JSON part; a list of them part by part.
    @Test func multipartPartsAreSentAsTheirCase() async throws {
        let mock = MockAPIClient()
        mock.stub(.put, "/files/report", json: [String: String]())
        let image = MultipartFile(data: Data("png".utf8), filename: "p.png", mimeType: "image/png")
        let frame = MultipartFile(data: Data("frame".utf8), filename: "f.gif", mimeType: "image/gif")
        try await mock.upload(
            name: "report", files: [], direction: .up, poster: .image(image),
            pages: [.address(URL(string: "https://example.com/1.pdf")!), .frames([frame, frame]), .recipe(Everything.sample), .size(42)])
        guard case .multipart(let form) = mock.requests.first?.body else {
            Issue.record("expected a multipart body")
            return
        }
        let text = String(decoding: try form.encoded().body, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n--").dropFirst().map { $0.components(separatedBy: "\r\n").dropFirst().joined(separator: "\n") }
        #expect(parts.contains("Content-Disposition: form-data; name=\"poster\"; filename=\"p.png\"\nContent-Type: image/png\n\npng"), "\(parts)")
        #expect(parts.contains("Content-Disposition: form-data; name=\"pages\"\n\nhttps://example.com/1.pdf"), "\(parts)")
        #expect(parts.filter { $0 == "Content-Disposition: form-data; name=\"pages\"; filename=\"f.gif\"\nContent-Type: image/gif\n\nframe" }.count == 2, "\(parts)")
        #expect(parts.contains { $0.hasPrefix("Content-Disposition: form-data; name=\"pages\"\nContent-Type: application/json\n\n{") }, "\(parts)")
        #expect(parts.contains("Content-Disposition: form-data; name=\"pages\"\n\n42"), "\(parts)")
        let order = parts.compactMap { $0.components(separatedBy: "\n").first }.filter { $0.contains("\"pages\"") }
        #expect(order.count == 5 && order[0].hasSuffix("name=\"pages\"") && order[1].contains("f.gif"), "\(order)")
    }
}

/// A clock whose waits end at once.
struct ImmediateClock: APIClock {
    func now() -> Date { Date() }
    func sleep(for seconds: TimeInterval) async throws { try Task.checkCancellation() }
}
