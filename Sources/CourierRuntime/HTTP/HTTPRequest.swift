import Foundation

/// One HTTP request as a transport sends it.
public struct HTTPRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method.
    public var method: HTTPMethod
    /// The full URL with its query.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// Seconds without progress after which the request fails with `timedOut`.
    public var timeout: TimeInterval
    /// Called as the body is sent; see `RequestOptions.uploadProgress`.
    public var uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// Whether sending the request twice does no more than sending it once. `URLSessionTransport`
    /// sends one that is not idempotent on a connection of its own where the platform's HTTP
    /// stack would otherwise repeat it unseen (`ConnectionUse`).
    public var isIdempotent: Bool

    /// Creates a request; `isIdempotent` defaults to what the method says.
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, timeout: TimeInterval = 60,
        uploadProgress: (@Sendable (UploadProgress) -> Void)? = nil, isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.uploadProgress = uploadProgress
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }

    /// `METHOD url` with secrets in the query redacted; the form used in error messages.
    public var description: String { "\(method.rawValue) \(Redaction.redactedURL(url))" }

    /// The request with its headers, secrets redacted; the body by size only.
    public var debugDescription: String { "\(description) \(headers) (\(body?.count ?? 0) bytes)" }

    /// What `dump` shows: the redacted URL and headers and the body's size, never its bytes.
    public var customMirror: Mirror {
        Redaction.mirror(of: self, ["method": method, "url": Redaction.redactedURL(url), "headers": headers, "bodyBytes": body?.count ?? 0, "timeout": timeout])
    }
}

/// How much of a request body has been sent.
public struct UploadProgress: Sendable, Hashable {
    /// Bytes sent so far.
    public var sentBytes: Int64
    /// Bytes in the whole body.
    public var totalBytes: Int64
    /// The fraction sent, from 0 to 1.
    public var fractionCompleted: Double { totalBytes > 0 ? Double(sentBytes) / Double(totalBytes) : 1 }

    /// Creates a progress report.
    public init(sentBytes: Int64, totalBytes: Int64) {
        self.sentBytes = sentBytes
        self.totalBytes = totalBytes
    }
}
