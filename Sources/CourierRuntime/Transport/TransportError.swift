import Foundation

/// Why a request failed below HTTP. It says whether the request may have reached the server,
/// which decides whether a non-idempotent request may be retried.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection was made (refused, unknown host, offline): the request surely never left.
    case cannotConnect(String)
    /// The connection failed after the request may have been sent.
    case connectionLost(String)
    /// No progress for longer than the request's timeout.
    case timedOut
    /// The request was cancelled.
    case cancelled
    /// The server's answer was not a valid HTTP response.
    case invalidResponse(String)
    /// TLS failed: a certificate problem, a protocol mismatch (`wrong version number`, plain HTTP
    /// on an https port). Trying again would fail the same way, so it is never retried.
    case insecureConnection(String)
    /// The URL cannot be loaded (malformed, or a scheme URLSession does not speak); never retried.
    case badURL(String)

    /// Whether trying again may help: not for TLS failures, bad URLs or cancellation.
    public var isRetryable: Bool {
        switch self {
        case .insecureConnection, .badURL, .cancelled: return false
        default: return true
        }
    }

    /// Whether the server may have received (and acted on) the request.
    public var requestMayHaveReachedServer: Bool {
        if case .cannotConnect = self { return false }
        return true
    }

    /// What went wrong on the connection, for people.
    public var description: String {
        switch self {
        case .cannotConnect(let reason): return "could not connect: \(reason)"
        case .connectionLost(let reason): return "the connection was lost: \(reason)"
        case .timedOut: return "the request timed out"
        case .cancelled: return "the request was cancelled"
        case .invalidResponse(let reason): return "invalid response: \(reason)"
        case .insecureConnection(let reason): return "the secure connection failed: \(reason)"
        case .badURL(let reason): return "the URL cannot be loaded: \(reason)"
        }
    }

    /// Whether libcurl's text describes a TLS failure.
    static func isTLSFailure(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["ssl", "tls", "certificate", "wrong version number", "handshake"].contains { lowered.contains($0) }
    }

    /// Classifies a Foundation URL loading error.
    public init(_ error: any Error) {
        if let transport = error as? TransportError {
            self = transport
            return
        }
        guard let urlError = error as? URLError else {
            self = .connectionLost(String(describing: error))
            return
        }
        switch urlError.code {
        case .cancelled:
            self = .cancelled
        case .timedOut:
            self = .timedOut
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
            .appTransportSecurityRequiresSecureConnection:
            self = .insecureConnection(urlError.localizedDescription)
        case .unsupportedURL, .badURL:
            self = .badURL(urlError.localizedDescription)
        case _ where Self.isTLSFailure(urlError.localizedDescription):
            // Linux reports TLS failures as code -1 with libcurl's text.
            self = .insecureConnection(urlError.localizedDescription)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            self = .cannotConnect(urlError.localizedDescription)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            self = .invalidResponse(urlError.localizedDescription)
        default:
            self = .connectionLost(urlError.localizedDescription)
        }
    }
}
