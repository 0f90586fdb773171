import Foundation

/// Where the client gets its bearer token.
public enum Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// No token: only public endpoints work.
    case none
    /// A fixed token. A 401 cannot be repaired; `onUnauthorized` is called.
    case token(String)
    /// A closure called whenever a token is needed, and again after a 401; it may refresh.
    case provider(@Sendable () async throws -> String?)
    /// A signed-in Supabase Auth session that refreshes itself.
    case session(AuthSession)

    /// The kind of credentials; a token never prints.
    public var description: String {
        switch self {
        case .none: return "Credentials.none"
        case .token: return "Credentials.token(\(Redaction.placeholder))"
        case .provider: return "Credentials.provider"
        case .session: return "Credentials.session"
        }
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// The kind only, for `dump` and the debugger.
    public var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .enum) }

    /// The token to send now; nil when there is none.
    func currentToken() async throws -> String? {
        switch self {
        case .none: return nil
        case .token(let token): return token
        case .provider(let provider): return try await provider()
        case .session(let session): return try await session.validAccessToken()
        }
    }

    /// Called after a 401 for a request sent with `failedToken`.
    func refresh(after failedToken: String?) async -> RefreshOutcome {
        switch self {
        case .none, .token: return .rejected
        case .provider(let provider):
            do {
                guard let fresh = try await provider(), fresh != failedToken else { return .rejected }
                return .refreshed(fresh)
            } catch {
                return .failed(error)
            }
        case .session(let session):
            return await session.refresh(after: failedToken)
        }
    }
}

/// What came of trying to replace a rejected token.
enum RefreshOutcome: Sendable {
    /// Another token is available: replay the request with it.
    case refreshed(String)
    /// The credentials are no longer valid: the user must sign in again.
    case rejected
    /// Refreshing failed for another reason (the network); the session is kept.
    case failed(any Error)
}

/// Thrown when refreshing ahead of expiry was refused: the session that held `token` is over.
struct CredentialsRejected: Error {
    let token: String
}

/// Calls the app's `onUnauthorized` hook once per rejected token, however many requests fail
/// with it at the same time. It keeps a hash of each token (seeded per process), not the token.
final class UnauthorizedNotifier: @unchecked Sendable {
    private let lock = NSLock()
    private var notifiedTokens: Set<Int> = []
    private let hook: (@Sendable () async -> Void)?

    init(hook: (@Sendable () async -> Void)?) {
        self.hook = hook
    }

    func notify(rejectedToken: String?) async {
        let isFirst = lock.withLock { notifiedTokens.insert((rejectedToken ?? "").hashValue).inserted }
        if isFirst { await hook?() }
    }
}
