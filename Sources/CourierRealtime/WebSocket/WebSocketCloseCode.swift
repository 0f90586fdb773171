/// The status code of a close frame (RFC 6455 §7.4), and what it means for reconnecting.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as sent.
    public let rawValue: UInt16

    /// A code.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the server is going down, or the client navigated away.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of data the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame had no code. Never sent.
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a close frame. Never sent.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a text message that is not UTF-8, or a payload its type does not allow.
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message that breaks the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message too large to take.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1010: the server did not agree to an extension the client needs.
    public static let mandatoryExtension = WebSocketCloseCode(rawValue: 1010)
    /// 1011: the server met a condition it did not expect.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)
    /// 1012: the server is restarting.
    public static let serviceRestart = WebSocketCloseCode(rawValue: 1012)
    /// 1013: the server is overloaded; try again later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// Whether a close frame may carry this code (§7.4.1, §7.4.2): 1000–1003 and 1007–1014 of
    /// the protocol's own, 3000–4999 of libraries and applications. 1005 and 1006 only stand
    /// for what happened; they are never sent.
    public var mayBeSent: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }

    /// Whether the code tells the client that trying again is useless as it is: a broken
    /// protocol, data or a policy the server refuses, a missing extension, or an application
    /// code of 4000–4999 (which applications use for "unauthorized", "forbidden" and the
    /// like). A reconnecting client stops on these and reports them.
    public var forbidsRetry: Bool {
        switch rawValue {
        case 1002, 1003, 1007, 1008, 1009, 1010, 4000...4999: return true
        default: return false
        }
    }

    /// The code and its meaning.
    public var description: String {
        let meaning: String
        switch rawValue {
        case 1000: meaning = "normal closure"
        case 1001: meaning = "going away"
        case 1002: meaning = "protocol error"
        case 1003: meaning = "unsupported data"
        case 1005: meaning = "no status received"
        case 1006: meaning = "abnormal closure"
        case 1007: meaning = "invalid payload"
        case 1008: meaning = "policy violation"
        case 1009: meaning = "message too big"
        case 1010: meaning = "mandatory extension"
        case 1011: meaning = "internal error"
        case 1012: meaning = "service restart"
        case 1013: meaning = "try again later"
        case 3000...3999: meaning = "a library's code"
        case 4000...4999: meaning = "the application's code"
        default: meaning = "not a code the protocol allows"
        }
        return "\(rawValue) (\(meaning))"
    }
}
