import CourierRuntime
import Foundation

/// A WebSocket endpoint's connection whose messages are typed: `send(_:)` takes what the schema
/// says the client sends, and the sequence yields what the server sends, one JSON message each
/// (usually a tagged union, whose `unknown` case keeps a kind of message this version does not
/// know). The sequence ends when the connection closes normally, and throws when it fails or a
/// message is not JSON of the expected type. One consumer at a time.
public final class WebSocketSession<Outgoing: Encodable & Sendable, Incoming: Decodable & Sendable>: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = Incoming

    /// The connection underneath.
    public let connection: any WebSocketClient
    /// How the messages' dates are written.
    public let dates: DateCodingStyle

    /// A session over an open connection.
    public init(connection: any WebSocketClient, dates: DateCodingStyle = .iso8601) {
        self.connection = connection
        self.dates = dates
    }

    /// Opens the endpoint `request` describes with `client`'s base URL, headers, API key and
    /// bearer token (the `http` scheme becomes `ws`, `https` becomes `wss`).
    public static func open(
        _ request: APIRequest, client: APIClient, dates: DateCodingStyle = .iso8601, options: WebSocketOptions = WebSocketOptions()
    ) async throws -> WebSocketSession {
        let handshake = try await client.preparedRequest(for: request)
        guard let url = handshake.url.asWebSocketURL else { throw WebSocketError.invalidURL(handshake.url.absoluteString) }
        var options = options
        for field in handshake.headers where field.name.lowercased() != "accept" {
            options.headers.append((name: field.name, value: field.value))
        }
        return WebSocketSession(connection: try await connectWebSocket(to: url, options: options), dates: dates)
    }

    /// Sends a message as one JSON text message.
    public func send(_ message: Outgoing) async throws {
        let data: Data
        do {
            data = try JSONCoding.encoder(for: dates).encode(message)
        } catch {
            throw RealtimeError.undecodableMessage("a \(Outgoing.self) could not be encoded: \(error)")
        }
        try await connection.send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Closes the connection with the closing handshake.
    public func close(_ code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await connection.close(code, reason: reason)
    }

    /// An iterator over the server's messages.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(messages: connection.messages.makeAsyncIterator(), dates: dates) }

    /// Reads the messages one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var messages: WebSocketMessages.Iterator
        let dates: DateCodingStyle

        /// The next message; nil when the connection closed normally.
        public mutating func next() async throws -> Incoming? {
            guard let message = try await messages.next() else { return nil }
            let data: Data
            switch message {
            case .text(let text): data = Data(text.utf8)
            case .binary(let bytes): data = Data(bytes)
            }
            do {
                return try JSONCoding.decoder(for: dates).decode(Incoming.self, from: data)
            } catch {
                throw RealtimeError.undecodableMessage(
                    "a message is not a \(Incoming.self) (\(error)): \(String(decoding: data.prefix(300), as: UTF8.self))")
            }
        }
    }
}
