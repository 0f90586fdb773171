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

    /// Whether the server may have received (and acted on) the request.
    public var requestMayHaveReachedServer: Bool {
        if case .cannotConnect = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .cannotConnect(let reason): return "could not connect: \(reason)"
        case .connectionLost(let reason): return "the connection was lost: \(reason)"
        case .timedOut: return "the request timed out"
        case .cancelled: return "the request was cancelled"
        case .invalidResponse(let reason): return "invalid response: \(reason)"
        }
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
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .unsupportedURL, .badURL, .secureConnectionFailed, .serverCertificateUntrusted,
            .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
            .clientCertificateRejected, .appTransportSecurityRequiresSecureConnection:
            self = .cannotConnect(urlError.localizedDescription)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            self = .invalidResponse(urlError.localizedDescription)
        default:
            self = .connectionLost(urlError.localizedDescription)
        }
    }
}
