import Foundation

/// The client's side of the opening handshake (RFC 6455 §4.1): the upgrade request, and the
/// checks of the server's answer.
struct WebSocketHandshake {
    /// The request's `Sec-WebSocket-Key`: 16 random bytes in base64.
    let key: String
    /// The subprotocols offered, most preferred first.
    let protocols: [String]

    /// A handshake with a fresh key.
    init(protocols: [String] = [], key: String? = nil) {
        var random = SystemRandomNumberGenerator()
        self.key = key ?? Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }).base64EncodedString()
        self.protocols = protocols
    }

    /// The `Sec-WebSocket-Accept` the server must answer with: base64 of the SHA-1 of the key
    /// and the protocol's GUID (§1.3).
    var expectedAccept: String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The request's bytes: `GET` the URL's path and query on `host`, with `headers` (the
    /// credentials, an `Origin`) after the protocol's own.
    func request(url: URL, headers: [(String, String)]) throws(WebSocketError) -> [UInt8] {
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        let defaultPort = url.scheme?.lowercased() == "wss" ? 443 : 80
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
        var lines = [
            "GET \(target) HTTP/1.1", "Host: \(hostHeader)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        if !protocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))") }
        for (name, value) in headers {
            // Scalars, not characters: "\r\n" is one character, equal to neither.
            guard !name.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == ":" }),
                !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
            else {
                throw .invalidURL("a header of the upgrade request holds a line break: \(name)")
            }
            lines.append("\(name): \(value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The server's answer, checked (§4.1, "the client MUST fail the connection"): the agreed
    /// subprotocol, if any.
    func check(_ head: HTTPResponseHead) throws(WebSocketError) -> String? {
        guard head.status == 101 else { throw .handshakeRefused(status: head.status, body: "") }
        guard head["upgrade"]?.lowercased() == "websocket" else {
            throw .invalidHandshake("the answer's Upgrade is \(head["upgrade"].map { "'\($0)'" } ?? "missing"), not 'websocket'")
        }
        let connection = head["connection"]?.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        guard connection.contains("upgrade") else { throw .invalidHandshake("the answer's Connection does not say 'Upgrade'") }
        guard head["sec-websocket-accept"] == expectedAccept else {
            throw .invalidHandshake("its Sec-WebSocket-Accept does not answer the key sent")
        }
        if let extensions = head["sec-websocket-extensions"], !extensions.isEmpty {
            throw .invalidHandshake("it agreed to extensions the client did not offer (\(extensions))")
        }
        guard let chosen = head["sec-websocket-protocol"] else { return nil }
        guard protocols.contains(chosen) else { throw .invalidHandshake("it chose the subprotocol '\(chosen)', which the client did not offer") }
        return chosen
    }
}

/// The status line and headers of an HTTP/1.1 response, as read before the connection turns
/// into a WebSocket.
struct HTTPResponseHead: Sendable {
    let status: Int
    /// Header names in lower case; a repeated header's values joined with ", ".
    let headers: [String: String]

    /// The header's value, by name in lower case.
    subscript(name: String) -> String? { headers[name] }

    /// The head at the start of `bytes` and how many bytes it took; nil while it is not whole.
    /// Throws when it is not an HTTP/1.1 response, or longer than `limit`.
    static func parse(_ bytes: [UInt8], limit: Int = 16_384) throws(WebSocketError) -> (HTTPResponseHead, Int)? {
        let end: Int? = bytes.count < 4 ? nil : (3..<bytes.count).first { bytes[$0 - 3] == 13 && bytes[$0 - 2] == 10 && bytes[$0 - 1] == 13 && bytes[$0] == 10 }
        guard let end else {
            if bytes.count > limit { throw .invalidHandshake("the answer's head is longer than \(limit) bytes") }
            return nil
        }
        let text = String(decoding: bytes[..<(end - 3)], as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw .invalidHandshake("the answer does not start with an HTTP/1.1 status line")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .invalidHandshake("a header line has no colon") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return (HTTPResponseHead(status: status, headers: headers), end + 1)
    }
}
