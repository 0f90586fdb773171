import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// `returns T "media/type"`: the client asks for those media types and refuses a successful
/// response of another.
@Suite("Response media types")
struct ResponseMediaTypeTests {
    static func answer(_ contentType: String?, _ body: String = "x") -> ScriptedTransport {
        ScriptedTransport([.success(HTTPResponse(status: 200, headers: contentType.map { ["Content-Type": $0] } ?? [:], body: Data(body.utf8)))])
    }

    static let image = APIRequest(name: "getImage", method: .get, path: "/image", responseMediaTypes: ["image/png", "image/webp"])

    @Test func theMediaTypesGoOutAsAccept() async throws {
        let transport = Self.answer("image/png")
        _ = try await makeClient(transport).sendForBytes(Self.image)
        #expect(transport.requests.first?.headers["Accept"] == "image/png, image/webp")
        // Without them, each reading method asks for what it can read.
        _ = try await makeClient(transport).sendForBytes(APIRequest(method: .get, path: "/image"))
        #expect(transport.requests.last?.headers["Accept"] == "*/*")
    }

    @Test(arguments: ["image/png", "IMAGE/WEBP", "image/png; q=1", "image/webp;charset=binary"])
    func aListedMediaTypePasses(_ contentType: String) async throws {
        #expect(try await makeClient(Self.answer(contentType, "png")).sendForBytes(Self.image) == Data("png".utf8))
    }

    @Test func anotherMediaTypeIsRefusedWithWhatCameBack() async throws {
        let error = await apiError { _ = try await makeClient(Self.answer("text/html", "<h1>Sign in</h1>")).sendForBytes(Self.image) }
        guard case .invalidResponse(let message, let response)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("GET /image answered with 'text/html' instead of 'image/png' or 'image/webp'"), "\(message)")
        #expect(response?.status == 200)
        #expect(response.map { String(decoding: $0.body, as: UTF8.self) } == "<h1>Sign in</h1>")
    }

    @Test func aResponseWithoutAContentTypePasses() async throws {
        #expect(try await makeClient(Self.answer(nil, "raw")).sendForBytes(Self.image) == Data("raw".utf8))
    }

    @Test func aRangeTakesEveryTypeInIt() async throws {
        let anyImage = APIRequest(method: .get, path: "/image", responseMediaTypes: ["image/*"])
        _ = try await makeClient(Self.answer("image/gif")).sendForBytes(anyImage)
        let error = await apiError { _ = try await makeClient(Self.answer("application/pdf")).sendForBytes(anyImage) }
        guard case .invalidResponse? = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func aVendorJSONTypeAlsoTakesPlainJSON() async throws {
        let repo = APIRequest(method: .get, path: "/repos/a/b", responseMediaTypes: ["application/vnd.github+json"])
        let plain: Item = try await makeClient(Self.answer("application/json; charset=utf-8", #"{"id": 1}"#)).send(repo)
        #expect(plain == Item(id: 1))
        let problem: Item = try await makeClient(Self.answer("application/problem+json", #"{"id": 2}"#)).send(repo)
        #expect(problem == Item(id: 2))
        // Bytes are not JSON: there the list is the whole list.
        let bytes = APIRequest(method: .get, path: "/a", responseMediaTypes: ["application/vnd.x+json"])
        let error = await apiError { _ = try await makeClient(Self.answer("application/json")).sendForBytes(bytes) }
        guard case .invalidResponse? = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func textIsReadInTheCharsetOfItsListedType() async throws {
        let csv = APIRequest(method: .get, path: "/report", responseMediaTypes: ["text/csv"])
        let transport = Self.answer("text/csv; charset=utf-8", "a,b\n1,2\n")
        #expect(try await makeClient(transport).sendForText(csv) == "a,b\n1,2\n")
        #expect(transport.requests.first?.headers["Accept"] == "text/csv")
    }

    @Test func theMockChecksAsTheClientDoes() async throws {
        let mock = MockAPIClient()
        mock.stub(.get, "/image", text: "<html>", contentType: "text/html")
        let error = await apiError { _ = try await mock.sendForBytes(Self.image) }
        guard case .invalidResponse? = error else { Issue.record("got \(String(describing: error))"); return }
    }
}
