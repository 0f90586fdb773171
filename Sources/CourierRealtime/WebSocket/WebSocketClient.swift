import Foundation

/// A client WebSocket connection, whichever implementation carries it: Courier's own
/// (`WebSocketConnection`, RFC 6455 over its own TCP, the one that works on Linux) or
/// URLSession's (`URLSessionWebSocketConnection`, the platform's own on Apple platforms).
/// `WebSocketOptions.implementation` chooses; `connectWebSocket(to:options:)` connects.
public protocol WebSocketClient: AnyObject, Sendable {
    /// The messages received, in order; see `WebSocketMessages` for how it ends.
    var messages: WebSocketMessages { get }
    /// The subprotocol the server agreed to, if any.
    var subprotocol: String? { get }
    /// Sends a message.
    func send(_ message: WebSocketMessage) async throws(WebSocketError)
    /// Queues a message behind those sent before, without waiting for it to go out.
    func enqueue(_ message: WebSocketMessage)
    /// Sends a ping (at most 125 bytes of payload).
    func ping(_ payload: [UInt8]) async throws(WebSocketError)
    /// Closes with the closing handshake; `messages` then ends without an error.
    func close(_ code: WebSocketCloseCode, reason: String) async
    /// Drops the connection at once; `messages` ends with `connectionLost`.
    func abort(_ reason: String)
}

extension WebSocketClient {
    /// Closes normally.
    public func close() async { await close(.normalClosure, reason: "") }
}

extension WebSocketConnection: WebSocketClient {}

/// Which WebSocket client carries a connection.
public enum WebSocketImplementation: String, Sendable, Hashable, CaseIterable {
    /// Courier's own RFC 6455 client over its own TCP (TLS through OpenSSL on Linux). It works
    /// on every platform for `ws://`, and on Linux for `wss://`.
    case courier
    /// URLSession's `URLSessionWebSocketTask`: the platform's own on Apple platforms, with its
    /// TLS, proxies and trust store. On Linux, Foundation's is built without WebSocket support,
    /// and connecting fails with `WebSocketError.unsupported`.
    case urlSession

    /// The platform's choice: URLSession's on Apple platforms, Courier's on Linux.
    public static var platformDefault: WebSocketImplementation {
        #if canImport(Darwin)
        .urlSession
        #else
        .courier
        #endif
    }

    /// The implementations that work on this platform.
    public static var available: [WebSocketImplementation] {
        #if canImport(Darwin)
        [.courier, .urlSession]
        #else
        [.courier]
        #endif
    }
}

/// Connects to a `ws://` or `wss://` URL with the implementation the options choose.
public func connectWebSocket(to url: URL, options: WebSocketOptions = WebSocketOptions()) async throws(WebSocketError) -> any WebSocketClient {
    switch options.implementation {
    case .courier: return try await WebSocketConnection.connect(to: url, options: options)
    case .urlSession: return try await URLSessionWebSocketConnection.connect(to: url, options: options)
    }
}
