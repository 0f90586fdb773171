/// Why a WebSocket connection could not be opened, or ended. Each says what happened and what
/// to do.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not a `ws://` or `wss://` URL with a host.
    case invalidURL(String)
    /// The server answered the opening handshake with another status than 101: the status
    /// and the start of its body (a 401 or 403 says the credentials were refused).
    case handshakeRefused(status: Int, body: String)
    /// The server's answer to the opening handshake broke RFC 6455 §4.1: it is not a
    /// WebSocket server, or a proxy in between changed the answer.
    case invalidHandshake(String)
    /// The peer broke the protocol; the connection was closed with `code`.
    case protocolViolation(WebSocketCloseCode, String)
    /// The peer closed the connection, with its code and reason.
    case closed(WebSocketCloseCode, reason: String)
    /// The connection ended without a closing handshake: the network, or the peer went away.
    case connectionLost(String)
    /// The TLS connection to the host could not be made securely: its certificate is not
    /// trusted or not for that host, or the handshake failed.
    case tlsFailed(String, String)
    /// Nothing arrived in time: the connection is taken for dead.
    case timedOut(String)
    /// This platform or build cannot do what was asked (such as `wss://` without TLS).
    case unsupported(String)

    /// What happened, and what to do.
    public var description: String {
        switch self {
        case .invalidURL(let url):
            return "'\(url)' is not a WebSocket URL: use ws://host/path or wss://host/path"
        case .handshakeRefused(let status, let body):
            let hint = status == 401 || status == 403 ? "; the credentials were refused: sign in again" : ""
            return "the server refused the WebSocket upgrade with HTTP \(status)\(hint)\(body.isEmpty ? "" : ": \(body)")"
        case .invalidHandshake(let reason):
            return "the server's answer to the WebSocket upgrade is not valid (\(reason)); is this a WebSocket endpoint, behind a proxy that lets WebSockets through?"
        case .protocolViolation(let code, let reason):
            return "the server broke the WebSocket protocol (\(reason)); the connection was closed with \(code)"
        case .closed(let code, let reason):
            return "the server closed the WebSocket connection with \(code)\(reason.isEmpty ? "" : ": \(reason)")"
        case .connectionLost(let reason):
            return "the WebSocket connection was lost (\(reason))"
        case .tlsFailed(let host, let reason):
            return "no secure connection to \(host) could be made: \(reason); check the server's certificate, or add the authority that signed it to the trusted certificates"
        case .timedOut(let what):
            return "the WebSocket connection timed out: \(what)"
        case .unsupported(let what):
            return "not supported here: \(what)"
        }
    }
}
