import Foundation

/// What a WebSocket connection sends with its upgrade request, and the limits it keeps.
public struct WebSocketOptions: Sendable {
    /// Headers of the upgrade request besides the protocol's own (credentials, `Origin`).
    public var headers: [(name: String, value: String)]
    /// Subprotocols offered, most preferred first.
    public var protocols: [String]
    /// The largest message taken, its fragments together; a larger one fails the connection
    /// with 1009 (message too big).
    public var maxMessageSize: Int
    /// How many received messages wait for the consumer before the connection stops reading
    /// from the network until it takes some.
    public var inboxLimit: Int
    /// How long connecting and the opening handshake may take.
    public var connectTimeout: TimeInterval
    /// How long closing waits for the server's close frame before it drops the connection.
    public var closeTimeout: TimeInterval
    /// A PEM file of certificate authorities to trust for `wss://` besides the system's: a
    /// private authority, or a test server's. Never a way to trust any certificate.
    /// With Courier's own client on Linux only: URLSession's uses the system's trust store.
    public var trustedCertificates: URL?
    /// Which client carries the connection; the platform's choice by default (URLSession's on
    /// Apple platforms, Courier's on Linux).
    public var implementation: WebSocketImplementation

    /// Options; the defaults suit a channel of small JSON messages.
    public init(
        headers: [(name: String, value: String)] = [], protocols: [String] = [], maxMessageSize: Int = 8 << 20, inboxLimit: Int = 256,
        connectTimeout: TimeInterval = 10, closeTimeout: TimeInterval = 5, trustedCertificates: URL? = nil,
        implementation: WebSocketImplementation = .platformDefault
    ) {
        self.trustedCertificates = trustedCertificates
        self.implementation = implementation
        self.headers = headers
        self.protocols = protocols
        self.maxMessageSize = maxMessageSize
        self.inboxLimit = inboxLimit
        self.connectTimeout = connectTimeout
        self.closeTimeout = closeTimeout
    }
}
