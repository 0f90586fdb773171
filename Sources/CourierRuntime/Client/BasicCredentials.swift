import Foundation

/// A user name and password for HTTP basic authentication (RFC 7617), sent to the endpoints
/// whose schema says `basic`. The password never prints.
public struct BasicCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The user name; it cannot contain a colon.
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header's value: `Basic` and the UTF-8 of `username:password` in base64.
    public var authorization: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The user name, with the password redacted.
    public var description: String { "BasicCredentials(username: \(username), password: \(Redaction.placeholder))" }
    /// The user name, with the password redacted.
    public var debugDescription: String { description }
    /// A mirror that shows the user name and hides the password.
    public var customMirror: Mirror { Redaction.mirror(of: self, ["username": username, "password": Redaction.placeholder]) }
}

/// How a request proves who is calling.
public enum RequestAuth: String, Sendable, Hashable {
    /// No credentials: a public endpoint.
    case none
    /// `Authorization: Bearer <token>`, the token from the client's `Credentials`.
    case bearer
    /// `Authorization: Basic …`, from the client's `Configuration.basicCredentials`.
    case basic
}
