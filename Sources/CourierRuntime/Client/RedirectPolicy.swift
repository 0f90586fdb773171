import Foundation

/// Which redirects a client follows, one step of its pipeline (`APIClient.Configuration`): the
/// transport returns a 3xx response as it came, and the client sends the next request as a hop
/// of the same attempt, which its interceptors prepare like any other (`AttemptReason.redirect`).
///
/// Whatever the policy, a redirect from `https` to `http` is never followed, a call follows at
/// most ten in a row, and 307 and 308 keep the method and the body (301 and 302 turn a POST into
/// a GET, and 303 anything but HEAD, as browsers and RFC 9110 do). A redirect that is not
/// followed is the call's response, which the client reports as `APIError.unexpectedStatus`.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follow redirects to the same origin with every header; to another origin, follow
    /// without `Authorization`, API keys, cookies or any header whose name marks a secret (see
    /// `Redaction`). The default, as Alamofire and browsers do.
    case followStrippingCredentialsAcrossOrigins
    /// Follow redirects to the same origin only.
    case sameOriginOnly
    /// Follow no redirect.
    case never

    /// The most redirects one attempt follows in a row.
    static let maxRedirects = 10

    /// The statuses that redirect to their `Location`.
    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send after `response` to `request`, when the response is a redirect this
    /// policy follows: to its `Location`, resolved against the request's URL. nil otherwise.
    func next(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard Self.redirectStatuses.contains(response.status), let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        return redirect(request, status: response.status, to: target)
    }

    /// The request to send for a redirect of `original` to `target` with `status`, or nil to
    /// stop and return the redirect response.
    func redirect(_ original: HTTPRequest, status: Int, to target: URL) -> HTTPRequest? {
        let from = original.url
        if from.scheme?.lowercased() == "https", target.scheme?.lowercased() != "https" { return nil }
        let sameOrigin = Self.origin(of: from) == Self.origin(of: target)
        switch self {
        case .never: return nil
        case .sameOriginOnly where !sameOrigin: return nil
        default: break
        }
        var next = original
        next.url = target
        let keepsMethod = status == 307 || status == 308
        if !keepsMethod, (status == 303 && original.method != .head) || ((status == 301 || status == 302) && original.method == .post) {
            next.method = .get
            next.isIdempotent = true
            next.body = nil
            next.headers["Content-Type"] = nil
            next.headers["Content-Length"] = nil
        }
        if !sameOrigin {
            for field in original.headers where Redaction.isSensitiveHeader(field.name) { next.headers[field.name] = nil }
        }
        return next
    }

    /// Scheme, host and port: what must match for two URLs to share credentials.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
