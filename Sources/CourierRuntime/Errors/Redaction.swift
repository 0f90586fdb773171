import Foundation

/// Keeps secrets out of descriptions, logs and error messages.
public enum Redaction {
    /// What a secret is replaced with.
    public static let placeholder = "<redacted>"

    /// Header names whose values are secrets.
    public static func isSensitiveHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "authorization" || lowered == "apikey" || lowered == "api-key" || lowered == "x-api-key"
            || lowered == "cookie" || lowered == "set-cookie" || lowered == "proxy-authorization"
            || lowered.contains("token") || lowered.contains("secret")
    }

    /// Query names whose values are secrets.
    static func isSensitiveQueryName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("token") || lowered.contains("key") || lowered.contains("secret")
            || lowered.contains("password") || lowered == "code"
    }

    /// The URL with secret query values replaced.
    public static func redactedURL(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems, !items.isEmpty
        else { return url.absoluteString }
        components.queryItems = items.map {
            isSensitiveQueryName($0.name) ? URLQueryItem(name: $0.name, value: placeholder) : $0
        }
        return components.string ?? url.absoluteString
    }
}
