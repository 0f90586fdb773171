import Foundation

/// Settings for one call. They never change the client.
public struct RequestOptions: Sendable, CustomStringConvertible, CustomReflectable {
    /// Seconds without progress before the call fails; overrides the endpoint and client.
    public var timeout: TimeInterval?
    /// The most seconds the call may take in all, retries and their waits included; overrides
    /// the endpoint and client.
    public var deadline: TimeInterval?
    /// How many times to retry; overrides the endpoint and client. 0 turns retries off.
    public var maxRetries: Int?
    /// Extra header fields, added after the client's.
    public var additionalHeaders: [String: String]
    /// Extra query items, one per name, in name order.
    public var additionalQueryParameters: [String: String]
    /// Extra query items in the order given, after `additionalQueryParameters`; a name may
    /// repeat (`kind=a&kind=b`).
    public var additionalQueryItems: [QueryItem]
    /// Extra top-level keys merged into a JSON object body.
    public var additionalBodyParameters: [String: JSONValue]
    /// Called as the body is sent, for uploads; every report comes before the call returns. On
    /// Linux it runs on URLSession's own queue, so keep it short and never wait in it: hand the
    /// figures to your own actor or stream.
    public var uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// The idempotency key this call sends, where the API names a header for one
    /// (`Configuration.idempotencyKeyHeader`), instead of a fresh one. An app that keeps the key
    /// of an order across launches can send the same order again without it being made twice.
    public var idempotencyKey: String?

    /// Creates options; everything left out keeps the endpoint's and client's settings.
    public init(
        timeout: TimeInterval? = nil, maxRetries: Int? = nil, additionalHeaders: [String: String] = [:],
        additionalQueryParameters: [String: String] = [:], additionalBodyParameters: [String: JSONValue] = [:],
        uploadProgress: (@Sendable (UploadProgress) -> Void)? = nil, additionalQueryItems: [QueryItem] = [], idempotencyKey: String? = nil,
        deadline: TimeInterval? = nil
    ) {
        self.deadline = deadline
        self.idempotencyKey = idempotencyKey
        self.timeout = timeout
        self.maxRetries = maxRetries
        self.additionalHeaders = additionalHeaders
        self.additionalQueryParameters = additionalQueryParameters
        self.additionalQueryItems = additionalQueryItems
        self.additionalBodyParameters = additionalBodyParameters
        self.uploadProgress = uploadProgress
    }

    /// The options, with secret header and query values redacted.
    public var description: String {
        let headers = HTTPHeaders(additionalHeaders)
        let query = Redaction.redacted(
            additionalQueryParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                + additionalQueryItems.compactMap { item in item.value.map { (item.name, $0) } })
        return "RequestOptions(timeout: \(timeout.map { "\($0)" } ?? "default"), deadline: \(deadline.map { "\($0)" } ?? "default"), maxRetries: \(maxRetries.map(String.init) ?? "default"), "
            + "additionalHeaders: \(headers), additionalQueryParameters: \(query.map { "\($0.name)=\($0.value)" }), "
            + "additionalBodyParameters: \(additionalBodyParameters.keys.sorted()))"
    }

    /// What `dump` shows: secret values redacted, body parameters by name only.
    public var customMirror: Mirror {
        Redaction.mirror(of: self, [
            "timeout": timeout as Any, "deadline": deadline as Any, "maxRetries": maxRetries as Any, "additionalHeaders": HTTPHeaders(additionalHeaders),
            "additionalQueryParameters": Redaction.redacted(additionalQueryParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).map { "\($0.name)=\($0.value)" },
            "additionalBodyParameters": additionalBodyParameters.keys.sorted(),
        ])
    }
}
