import Foundation

/// Keeps secrets out of descriptions, logs and error messages. One rule decides what is
/// secret: a header, query or field name that contains `auth`, `token`, `key`, `secret`,
/// `signature`, `password`, `passwd`, `cookie`, `session`, `credential` or `jwt`, or that is
/// `sig` or `code` (Azure's SAS signature, OAuth's authorization code). URLs lose their user
/// info. The rule errs on the side of hiding: `X-Keyword` is hidden too.
public enum Redaction {
    /// What a secret is replaced with.
    public static let placeholder = "<redacted>"

    private static let secretWords = ["auth", "token", "key", "secret", "signature", "password", "passwd", "cookie", "session", "credential", "jwt"]
    private static let secretNames: Set<String> = ["sig", "code"]

    /// Whether a header, query item or field of this name holds a secret.
    public static func isSensitiveName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNames.contains(lowered) || secretWords.contains { lowered.contains($0) }
    }

    /// Header names whose values are secrets: the rule of `isSensitiveName`.
    public static func isSensitiveHeader(_ name: String) -> Bool {
        isSensitiveName(name)
    }

    /// The URL without its user info and with secret query values replaced.
    public static func redactedURL(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return placeholder }
        let hadUserInfo = components.user != nil || components.password != nil
        components.user = nil
        components.password = nil
        if let items = components.queryItems, !items.isEmpty {
            components.queryItems = items.map { isSensitiveName($0.name) ? URLQueryItem(name: $0.name, value: placeholder) : $0 }
        }
        guard var text = components.string else { return placeholder }
        if hadUserInfo, let schemeEnd = text.range(of: "://") {
            text.insert(contentsOf: placeholder + "@", at: schemeEnd.upperBound)
        }
        return text
    }

    /// Name-value pairs with secret values replaced, for descriptions.
    static func redacted(_ pairs: [(name: String, value: String)]) -> [(name: String, value: String)] {
        pairs.map { ($0.name, isSensitiveName($0.name) ? placeholder : $0.value) }
    }

    /// A mirror that shows only what is given, for types that hold secrets: `dump` and the
    /// debugger's summary use it instead of the stored properties.
    static func mirror(of subject: Any, _ children: KeyValuePairs<String, Any>) -> Mirror {
        Mirror(subject, children: children, displayStyle: .struct)
    }
}
