/// What a call does after a 401 with a bearer token: it asks the credentials for another token
/// and replays with it, at most `maxReplays` times. Only credentials that cannot give another
/// token end the session (and the app hears of it once); a token a refresh replaced is never
/// a reason, and a server that refuses even fresh tokens ends the call, not the session.
struct TokenReplay {
    /// How often one call replays after a 401.
    static let maxReplays = 2

    private(set) var replays = 0

    /// The token to replay with, or the error that ends the call.
    mutating func after401(
        sentWith token: String?, credentials: Credentials, notifier: UnauthorizedNotifier, response: HTTPErrorResponse
    ) async throws -> String {
        guard replays < Self.maxReplays else { throw APIError.notAuthenticated(response) }
        switch await credentials.refresh(after: token) {
        case .refreshed(let fresh):
            replays += 1
            return fresh
        case .failed(let error):
            throw APIError.refreshFailure(error)
        case .rejected:
            await notifier.notify(rejectedToken: token)
            throw APIError.notAuthenticated(response)
        }
    }
}
