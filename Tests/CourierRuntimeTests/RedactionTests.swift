import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Nothing that can hold a secret prints it: not its description, its debug description, nor
/// what `dump` shows.
@Suite("Secrets never print")
struct RedactionTests {
    static let secret = "hunter2-s3cr3t"

    /// Every way Swift prints a value.
    static func printed(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped]
    }

    static func expectHidden(_ value: Any, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in printed(value) {
            #expect(!text.contains(secret), "\(what) printed the secret: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func credentialsTokensKeysAndOptionsNeverPrintTheirSecret() {
        Self.expectHidden(Credentials.token(Self.secret), "Credentials.token")
        Self.expectHidden(AuthTokens(accessToken: Self.secret, refreshToken: Self.secret, expiresAt: Date()), "AuthTokens")
        Self.expectHidden(APIKey(header: "apikey", value: Self.secret), "APIKey")
        let configuration = APIClient.Configuration(apiKey: APIKey(header: "apikey", value: Self.secret))
        Self.expectHidden(configuration, "Configuration")
        Self.expectHidden(configuration.apiKey as Any, "configuration.apiKey")
        Self.expectHidden(
            RequestOptions(additionalHeaders: ["X-Auth": Self.secret, "X-Signature": Self.secret, "Cookie": Self.secret],
                           additionalQueryParameters: ["sig": Self.secret, "jwt": Self.secret]), "RequestOptions")
        let client = APIClient(baseURL: testBaseURL, token: Self.secret, headers: ["X-Session-Id": Self.secret],
                               configuration: configuration)
        Self.expectHidden(client, "APIClient")
        Self.expectHidden(AuthSession(baseURL: testBaseURL, apiKey: Self.secret), "AuthSession")
    }

    @Test func headersAreRedactedByRule() {
        for name in ["Authorization", "X-Auth", "X-Signature", "X-Api-Key", "apikey", "Cookie", "Set-Cookie", "X-Session", "X-Amz-Security-Token",
                     "Proxy-Authorization", "X-Password", "X-Client-Secret", "X-Credential", "X-JWT"] {
            let headers: HTTPHeaders = [name: Self.secret, "Accept": "application/json"]
            Self.expectHidden(headers, name)
            let request = HTTPRequest(method: .get, url: testBaseURL, headers: headers)
            Self.expectHidden(request, "HTTPRequest with \(name)")
            #expect(headers.description.contains("application/json"))
        }
    }

    @Test func urlsLoseUserInfoAndSecretQueryValues() throws {
        let url = try #require(URL(string: "https://user:\(Self.secret)@files.example.com/a.jpg?sig=\(Self.secret)&X-Amz-Signature=\(Self.secret)&jwt=\(Self.secret)&token=\(Self.secret)&code=\(Self.secret)&size=large"))
        let text = Redaction.redactedURL(url)
        #expect(!text.contains(Self.secret), "\(text)")
        #expect(!text.contains("user:"), "\(text)")
        #expect(text.hasPrefix("https://<redacted>@files.example.com/a.jpg?"), "\(text)")
        #expect(text.contains("size=large"))
        let request = HTTPRequest(method: .get, url: url)
        Self.expectHidden(request, "HTTPRequest")
        let error = APIError.from(HTTPErrorResponse(request: request.description, status: 404))
        Self.expectHidden(error, "APIError")
    }

    @Test func loggedLinesAndErrorsCarryNoSecret() async throws {
        let lines = LogLines()
        let transport = ScriptedTransport([json(500, "{}")])
        let client = APIClient(
            baseURL: try #require(URL(string: "https://me:\(Self.secret)@api.example.com")), token: Self.secret, maxRetries: 0,
            transport: transport, configuration: .init(apiKey: APIKey(header: "apikey", value: Self.secret), clock: RecordingClock(), logger: { lines.add($0) }))
        let error = await apiError {
            try await client.send(APIRequest(method: .get, path: "/x", query: [QueryItem("sig", Self.secret)]), options: RequestOptions(additionalHeaders: ["X-Auth": Self.secret]))
        }
        #expect(!lines.values.isEmpty)
        for line in lines.values { #expect(!line.contains(Self.secret), "\(line)") }
        Self.expectHidden(error as Any, "APIError")
    }

    @Test func theUnauthorizedNotifierKeepsNoTokenString() async {
        let notifier = UnauthorizedNotifier(hook: nil)
        await notifier.notify(rejectedToken: Self.secret)
        var dumped = ""
        dump(notifier, to: &dumped)
        #expect(!dumped.contains(Self.secret), "\(dumped)")
    }
}
