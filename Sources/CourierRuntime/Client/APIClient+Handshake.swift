import Foundation

extension APIClient {
    /// The bearer token a request of this client would carry now, refreshed first when it is
    /// about to expire; nil when the credentials have none. For a connection the client does
    /// not make itself, such as a realtime socket that sends the token to its channels. Throws
    /// `APIError.notAuthenticated` when the session has ended.
    public func accessToken() async throws -> String? {
        do {
            return try await credentials.currentToken()
        } catch let rejection as CredentialsRejected {
            await notifier.notify(rejectedToken: rejection.token)
            throw APIError.notAuthenticated()
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.networkError(error)
        }
    }

    /// The HTTP request this client would send for `request`: its URL, the client's and the
    /// request's headers, the API key and the bearer token (refreshed first when it is about to
    /// expire). For a protocol that opens with an HTTP request the client does not send itself,
    /// such as a WebSocket's opening handshake; interceptors do not see it.
    public func preparedRequest(for request: APIRequest, options: RequestOptions? = nil) async throws -> HTTPRequest {
        var authorization: String?
        switch request.auth {
        case .none:
            break
        case .bearer:
            guard let token = try await accessToken() else { throw APIError.notAuthenticated() }
            authorization = "Bearer \(token)"
        case .basic:
            guard let basic = configuration.basicCredentials else {
                throw APIError.invalidRequest("\(request.path) uses HTTP basic authentication, and the client has no basicCredentials")
            }
            authorization = basic.authorization
        }
        return try RequestBuilder.build(
            request, baseURL: baseURL, clientHeaders: headers, apiKey: configuration.apiKey, authorization: authorization,
            timeout: timeout, options: options, allowsInsecureHTTP: configuration.allowsInsecureHTTP)
    }
}
