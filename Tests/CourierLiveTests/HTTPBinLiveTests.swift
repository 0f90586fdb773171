import CourierLoopbackServer
import CourierRuntime
import CourierTestSupport
import Foundation
import HTTPBinClient
import Testing

/// httpbin (Tests/Server/httpbin_server.py) on a free loopback port, started once for the suite.
enum HTTPBinServer {
    private static let started = Task { () throws -> LoopbackServerProcess in
        let python = ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"]
            ?? ArchonServer.repositoryRoot.appendingPathComponent(".venv/bin/python").path
        return try await LoopbackServerProcess.start(
            python: python, script: ArchonServer.repositoryRoot.appendingPathComponent("Tests/Server/httpbin_server.py"))
    }

    /// A client for the running server, with an API key and bearer and basic credentials.
    static func client(maxRetries: Int? = nil) async throws -> APIClient {
        HTTPBinAPI.client(
            baseURL: try await started.value.baseURL, apiKey: "key-1", credentials: .token("bearer-1"),
            basicCredentials: BasicCredentials(username: "ada", password: "lovelace"), maxRetries: maxRetries)
    }
}

/// The hand-written httpbin schema's client against a real httpbin: the constructs a new user
/// reached for when describing it.
@Suite("Live: httpbin", .timeLimit(.minutes(3)))
struct HTTPBinLiveTests {
    @Test func queriesArraysAndMapsAndTheKeyInTheQuery() async throws {
        let client = try await HTTPBinServer.client()
        let echo = try await client.get(tags: ["a", "b"], filter: ["status": "open"])
        #expect(echo.args["tags"] == .many(["a", "b"]))
        #expect(echo.args["status"] == .one("open"))
        #expect(echo.args["api_key"] == .one("key-1"))
        #expect(echo.headers["Authorization"] == nil)
        #expect(echo.headers["Accept"] == "application/json")

        let search = try await client.search(filter: ["owner": "me", "state": "open"])
        #expect(search.args["filter[owner]"] == .one("me"))
        #expect(search.args["filter[state]"] == .one("open"))
    }

    /// A union of a value and a list: one value as it is, a list joined by commas in the path
    /// and a header and where the style says so, repeated otherwise; a comma inside an element
    /// arrives encoded, so the element stays whole.
    @Test func valuesOrListsInThePathQueryAndHeaders() async throws {
        let client = try await HTTPBinServer.client()
        let lists = try await client.searchIndices(
            indices: .many(["logs-1", "a,b"]), routing: .many(["r1", "r2"]), fields: .many(["title", "body"]), tags: ["x", "y"],
            scope: .many(["p", "q"]))
        // httpbin shows the path decoded; the mock test shows the comma inside `a,b` encoded.
        #expect(lists.url.absoluteString.hasSuffix("/anything/indices/logs-1,a,b/_search?routing=r1,r2&fields=title&fields=body&api_key=key-1"), "\(lists.url)")
        #expect(lists.args["routing"] == .one("r1,r2"))
        #expect(lists.args["fields"] == .many(["title", "body"]))
        #expect(lists.headers["X-Tags"] == "x,y")
        #expect(lists.headers["X-Scope"] == "p,q")

        let single = try await client.searchIndices(indices: .one("logs-*,metrics"), fields: .one("title"))
        #expect(single.url.absoluteString.hasSuffix("/anything/indices/logs-*,metrics/_search?fields=title&api_key=key-1"), "\(single.url)")
        #expect(single.args["fields"] == .one("title"))
        #expect(single.args["routing"] == nil)
        #expect(single.headers["X-Tags"] == nil)

        // An empty list names nothing, which the path cannot hold.
        await #expect(throws: APIError.self) { try await client.searchIndices(indices: .many([])) }
    }

    @Test func bodiesOfEveryKind() async throws {
        let client = try await HTTPBinServer.client()
        let json = try await client.postNote(body: Note(text: "hi", tags: ["x"]))
        #expect(json.json == ["text": "hi", "tags": ["x"]])
        #expect(json.headers["Content-Type"] == "application/json")

        let form = try await client.postNoteForm(text: "hi there", tags: ["x", "y"])
        #expect(form.form?["text"] == .one("hi there"))
        #expect(form.form?["tags"] == .many(["x", "y"]))

        let bytes = try await client.upload(body: Data("raw bytes".utf8), contentType: "application/x-thing")
        #expect(bytes.data == "raw bytes")
        #expect(bytes.headers["Content-Type"] == "application/x-thing")
        #expect(bytes.method == "PUT")

        let csv = try await client.postCSV(body: "a,b\n1,2\n")
        #expect(csv.data == "a,b\n1,2\n")
        #expect(csv.headers["Content-Type"] == "text/csv; charset=utf-8")
    }

    /// A part that is a file or a URL: a file arrives among httpbin's files, a URL among its
    /// form fields, each under its own name, and a list of them part by part.
    @Test func multipartPartsThatAreFilesOrURLs() async throws {
        let client = try await HTTPBinServer.client()
        let photo = MultipartFile(data: Data("photo bytes".utf8), filename: "photo.png", mimeType: "text/plain")
        let sketch = MultipartFile(data: Data("sketch bytes".utf8), filename: "sketch.png", mimeType: "text/plain")
        let edit = try await client.editImage(
            image: .file(photo), mask: .url(URL(string: "https://example.com/mask.png")!),
            references: [.url(URL(string: "https://example.com/a.png")!), .file(sketch)], prompt: "a red hat")
        #expect(edit.files?["image"] == "photo bytes")
        #expect(edit.files?["references"] == "sketch bytes")
        #expect(edit.files?["mask"] == nil)
        #expect(edit.form?["mask"] == .one("https://example.com/mask.png"))
        #expect(edit.form?["references"] == .one("https://example.com/a.png"))
        #expect(edit.form?["prompt"] == .one("a red hat"))
        #expect(edit.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)

        let byAddress = try await client.editImage(image: .url(URL(string: "https://example.com/photo.png")!), prompt: "a blue hat")
        #expect(byAddress.files == [:])
        #expect(byAddress.form?["image"] == .one("https://example.com/photo.png"))
        #expect(byAddress.form?["mask"] == nil)
    }

    @Test func basicAndBearerInOneAPI() async throws {
        let client = try await HTTPBinServer.client()
        let basic = try await client.basicAuth(user: "ada", password: "lovelace")
        #expect(basic.authenticated && basic.user == "ada")
        let bearer = try await client.bearer()
        #expect(bearer.authenticated && bearer.token == "bearer-1")
        let wrong = await apiError { _ = try await client.basicAuth(user: "ada", password: "babbage") }
        guard case .notAuthenticated? = wrong else {
            Issue.record("got \(String(describing: wrong))")
            return
        }
    }

    @Test func textAndBytesAskForWhatTheyRead() async throws {
        let client = try await HTTPBinServer.client()
        #expect(try await client.html().contains("<h1>Herman Melville - Moby-Dick</h1>"))
        #expect(try await client.robots() == "User-agent: *\nDisallow: /deny\n")
        #expect(try await client.utf8().contains("∮ E⋅da = Q"))
        #expect(try await client.bytes(count: 64).count == 64)
        let png = try await client.png()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try await client.sample().slideshow.slides.count == 2)
        _ = try await client.uuid().uuid
    }

    @Test func responseMediaTypesAreAskedForAndChecked() async throws {
        let client = try await HTTPBinServer.client(maxRetries: 0)
        #expect(try await client.image().starts(with: Array("RIFF".utf8)), "webp, the first type asked for")
        #expect(try await client.jpeg().starts(with: [0xFF, 0xD8, 0xFF]))
        // Without a media type the client asks for anything, which this server refuses.
        let refused = await apiError { _ = try await client.imageOfAnyType() }
        #expect(refused?.response?.status == 406, "\(String(describing: refused))")
        // A page that is not the media type the schema names never passes for one.
        let wrong = await apiError { _ = try await client.htmlAsImage() }
        guard case .invalidResponse(let message, let response)? = wrong else {
            Issue.record("got \(String(describing: wrong))")
            return
        }
        #expect(message.contains("GET /html?as=image answered with 'text/html; charset=utf-8' instead of 'image/png'"), "\(message)")
        #expect(response.map { String(decoding: $0.body, as: UTF8.self) }?.contains("Moby-Dick") == true)
    }

    @Test func jsonLinesArriveLineByLine() async throws {
        let client = try await HTTPBinServer.client()
        var ids: [Int] = []
        for try await line in client.stream(count: 5) { ids.append(line.id) }
        #expect(ids == [0, 1, 2, 3, 4])
    }

    @Test func statusAndHeadersOfTheResponse() async throws {
        let client = try await HTTPBinServer.client(maxRetries: 0)
        let headers = try await client.responseHeaders(headers: ["X-RateLimit-Remaining": "41", "Link": "</next>; rel=next"])
        #expect(headers.headers["x-ratelimit-remaining"] == "41")
        #expect(headers.headers["Link"] == "</next>; rel=next")
        let tagged = try await client.etag(tag: "v7")
        #expect(tagged.headers["ETag"] == "v7")
        #expect(try await client.status(code: .created).status == 201)
        #expect(try await client.status(code: .noContent).status == 204)
        let teapot = await apiError { _ = try await client.status(code: .teapot) }
        #expect(teapot?.statusCode == 418)
        let unknownCode = await apiError { _ = try await client.status(code: .unknown(409)) }
        guard case .conflict? = unknownCode else {
            Issue.record("got \(String(describing: unknownCode))")
            return
        }
    }

    @Test func redirectsAreFollowed() async throws {
        let client = try await HTTPBinServer.client()
        let echo = try await client.redirect(times: 3)
        #expect(echo.url.path == "/get")
    }
}
