import Foundation

/// The settings of `APIClient.shared`, read from the app's configuration — never a literal in
/// code. On Apple platforms the Info.plist keys `CourierBaseURL`, `CourierAPIKey` and
/// `CourierAPIKeyHeader` (fed by an xcconfig, so Debug and Release can differ) come first; the
/// environment variables `COURIER_BASE_URL`, `COURIER_API_KEY` and `COURIER_API_KEY_HEADER`
/// serve everywhere, and are the only source on Linux.
public struct APIEnvironment: Sendable, Hashable {
    /// The base URL, when configured and valid.
    public var baseURL: URL?
    /// The API key, when configured.
    public var apiKey: String?
    /// The API key's header; `apikey` unless configured.
    public var apiKeyHeader: String

    /// Reads the settings from an environment and an Info.plist dictionary.
    public init(environment: [String: String], infoDictionary: [String: any Sendable]? = nil) {
        func value(_ plistKey: String, _ environmentKey: String) -> String? {
            let text = (infoDictionary?[plistKey] as? String) ?? environment[environmentKey]
            return text?.trimmingCharacters(in: .whitespaces).isEmpty == false ? text : nil
        }
        baseURL = value("CourierBaseURL", "COURIER_BASE_URL").flatMap(URL.init(string:)).flatMap { $0.host == nil ? nil : $0 }
        apiKey = value("CourierAPIKey", "COURIER_API_KEY")
        apiKeyHeader = value("CourierAPIKeyHeader", "COURIER_API_KEY_HEADER") ?? "apikey"
    }

    /// The running process's configuration.
    public static var current: APIEnvironment {
        #if canImport(Darwin)
            let info = Bundle.main.infoDictionary?.compactMapValues { $0 as? String }
            return APIEnvironment(environment: ProcessInfo.processInfo.environment, infoDictionary: info)
        #else
            return APIEnvironment(environment: ProcessInfo.processInfo.environment)
        #endif
    }
}

extension APIClient {
    /// The app-wide client of the foundation rules: its base URL and API key come from
    /// `APIEnvironment.current`, its tokens from `AuthSession.shared`. Inject it (or a
    /// `MockAPIClient`) through `APIClientProtocol` rather than reaching for it in views.
    /// Without a configured base URL every call fails with `invalidRequest` saying what to set.
    public static let shared: APIClient = {
        let environment = APIEnvironment.current
        return APIClient(
            baseURL: environment.baseURL ?? APIEnvironment.missingBaseURL, session: AuthSession.shared,
            configuration: Configuration(apiKey: environment.apiKey.map { APIKey(header: environment.apiKeyHeader, value: $0) }))
    }()
}

extension AuthSession {
    /// The app-wide session used by `APIClient.shared`, configured like it. Tokens are kept in
    /// the Keychain where it exists and in memory elsewhere.
    public static let shared: AuthSession = {
        let environment = APIEnvironment.current
        #if canImport(Security)
            let store: any TokenStore = KeychainTokenStore(service: (Bundle.main.bundleIdentifier ?? "Courier") + ".session")
        #else
            let store: any TokenStore = InMemoryTokenStore()
        #endif
        return AuthSession(
            baseURL: environment.baseURL ?? APIEnvironment.missingBaseURL, apiKey: environment.apiKey,
            apiKeyHeader: environment.apiKeyHeader, store: store)
    }()
}

extension APIEnvironment {
    /// Stands for a missing base URL; requests to it fail with a message saying what to set.
    static let missingBaseURL = URL(string: "courier-missing-base-url:")!
}
