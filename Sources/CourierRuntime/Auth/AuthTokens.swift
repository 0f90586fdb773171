import Foundation

/// The tokens of a signed-in Supabase Auth session.
public struct AuthTokens: Codable, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The JWT sent as the bearer token.
    public var accessToken: String
    /// The single-use token that gets the next session.
    public var refreshToken: String
    /// When the access token expires.
    public var expiresAt: Date
    /// The signed-in user's id, when the server sent it.
    public var userID: String?

    /// Creates tokens.
    public init(accessToken: String, refreshToken: String, expiresAt: Date, userID: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
    }

    /// Creates tokens that expire `expiresIn` seconds after `now`, as a token response says;
    /// the lifetime is clamped between none and `maximumLifetime`.
    public init(accessToken: String, refreshToken: String, expiresIn: TimeInterval, userID: String? = nil, now: Date = Date()) {
        let lifetime = expiresIn.isNaN ? 0 : min(max(0, expiresIn), AuthTokens.maximumLifetime)
        self.init(accessToken: accessToken, refreshToken: refreshToken, expiresAt: now.addingTimeInterval(lifetime), userID: userID)
    }

    /// The longest an access token is taken to live: a year. A server's `expires_in` or
    /// `expires_at` beyond it (or before now) is clamped, so no absurd number reaches a date
    /// calculation.
    public static let maximumLifetime: TimeInterval = 365 * 86_400

    /// Never shows the tokens themselves.
    public var description: String {
        "AuthTokens(user: \(userID ?? "unknown"), expiresAt: \(ISO8601.string(from: expiresAt)), tokens: \(Redaction.placeholder))"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// The user and expiry; the tokens redacted.
    public var customMirror: Mirror {
        Redaction.mirror(of: self, ["accessToken": Redaction.placeholder, "refreshToken": Redaction.placeholder, "expiresAt": expiresAt, "userID": userID as Any])
    }
}

/// The body of a token response: Supabase Auth's, or OAuth 2.0's (RFC 6749 §5.1).
struct TokenResponse: Decodable {
    struct User: Decodable { let id: String }

    let accessToken: String
    let refreshToken: String?
    let expiresIn: Double?
    let expiresAt: Double?
    let user: User?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in"
        case expiresAt = "expires_at", user
    }

    /// The tokens, expiring per `expires_at` or `expires_in` (an hour when neither is given);
    /// nil when there is no refresh token, new or previous.
    func tokens(now: Date, previousRefreshToken: String? = nil) -> AuthTokens? {
        guard let refresh = refreshToken ?? previousRefreshToken else { return nil }
        let lifetime = expiresAt.map { $0 - now.timeIntervalSince1970 } ?? expiresIn ?? 3600
        return AuthTokens(accessToken: accessToken, refreshToken: refresh, expiresIn: lifetime, userID: user?.id, now: now)
    }
}
