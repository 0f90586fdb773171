/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// Reads a resource.
    case get = "GET"
    /// Creates a resource or starts an action; not retried unless marked idempotent.
    case post = "POST"
    /// Replaces a resource.
    case put = "PUT"
    /// Changes part of a resource; not retried unless marked idempotent.
    case patch = "PATCH"
    /// Removes a resource.
    case delete = "DELETE"
    /// Reads a resource's headers only.
    case head = "HEAD"
    /// Asks what a resource allows.
    case options = "OPTIONS"

    /// Whether repeating the request is safe by definition (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options: return true
        case .post, .patch: return false
        }
    }
}
