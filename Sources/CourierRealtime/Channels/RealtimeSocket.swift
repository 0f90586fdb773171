import CourierRuntime
import Foundation

/// One WebSocket connection to a Phoenix-channels server (Supabase Realtime) that carries any
/// number of channel subscriptions. It connects when the first subscription starts and closes
/// when the last ends; it sends heartbeats and takes a missing reply for a dead connection;
/// it reconnects with capped exponential backoff and jitter, joins every channel again and
/// tells each subscription that it reconnected; it joins with the access token and sends a new
/// one to every joined channel.
public actor RealtimeSocket {
    let url: URL
    let options: RealtimeOptions
    private var accessToken: String?
    /// Asked for the access token before each connection and at each heartbeat, and again when
    /// the server refuses one; nil when the token is only set by `setAccessToken(_:)`.
    private let tokenProvider: (@Sendable () async throws -> String?)?
    /// The session's token changes, sent to the channels as they happen (besides asking the
    /// provider at each heartbeat); nil without a session.
    private let tokenUpdates: (@Sendable () async -> AsyncStream<String?>)?
    private var channels: [String: ChannelSubscription] = [:]
    private var nextReference = 0
    private var connection: (any WebSocketClient)?
    private var runner: Task<Void, Never>?
    /// The heartbeat sent whose reply has not come.
    private var pendingHeartbeat: String?

    /// A socket for `url` (such as `wss://<project>.supabase.co/realtime/v1/websocket`); the
    /// API key and the protocol version are added to its query. `accessToken` is sent with
    /// every join; `setAccessToken(_:)` replaces it.
    public init(url: URL, apiKey: String?, accessToken: String? = nil, options: RealtimeOptions = RealtimeOptions()) {
        self.init(url: url, apiKey: apiKey, initialToken: accessToken, tokenProvider: nil, tokenUpdates: nil, options: options)
    }

    /// A socket whose access token comes from `accessToken`, asked before each connection, at
    /// each heartbeat (a new token goes to every joined channel, as Supabase's clients do) and
    /// when the server refuses or expires a token (the channel joins again with a new one).
    /// When it throws `APIError.notAuthenticated`, the session is over: every subscription ends
    /// with `RealtimeError.tokenRefused`.
    public init(
        url: URL, apiKey: String?, accessToken: @escaping @Sendable () async throws -> String?, options: RealtimeOptions = RealtimeOptions()
    ) {
        self.init(url: url, apiKey: apiKey, initialToken: nil, tokenProvider: accessToken, tokenUpdates: nil, options: options)
    }

    init(
        url: URL, apiKey: String?, initialToken: String?, tokenProvider: (@Sendable () async throws -> String?)?,
        tokenUpdates: (@Sendable () async -> AsyncStream<String?>)?, options: RealtimeOptions
    ) {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var query = components?.queryItems ?? []
        if let apiKey { query.append(URLQueryItem(name: "apikey", value: apiKey)) }
        query.append(URLQueryItem(name: "vsn", value: "1.0.0"))
        components?.queryItems = query
        self.url = components?.url ?? url
        self.accessToken = initialToken
        self.tokenProvider = tokenProvider
        self.tokenUpdates = tokenUpdates
        self.options = options
    }

    /// Subscribes to `topic` (such as `realtime:tasks`), joining with `config` (Supabase's
    /// `{"postgres_changes": [...], "broadcast": {...}}`). The sequence yields `.joined`, then
    /// what the server pushes, `.reconnected` after each reconnect; it ends with a
    /// `RealtimeError` when the server refuses the channel or the socket stops for good. Ending
    /// the iteration (or cancelling its task) leaves the channel.
    public func subscribe(_ topic: String, config: JSONValue = [:]) -> AsyncThrowingStream<ChannelEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ChannelEvent, any Error>.makeStream(bufferingPolicy: .bufferingOldest(options.bufferLimit))
        if let earlier = channels[topic] { earlier.finish(RealtimeError.closed) }
        let subscription = ChannelSubscription(topic: topic, config: config, continuation: continuation)
        channels[topic] = subscription
        continuation.onTermination = { [weak self] _ in
            Task { await self?.leave(subscription) }
        }
        if let connection { join(subscription, on: connection) }
        startIfNeeded()
        return stream
    }

    /// Replaces the access token: new joins use it, and every joined channel gets it now.
    public func setAccessToken(_ token: String?) async {
        accessToken = token
        guard let connection, let token else { return }
        for channel in channels.values where channel.isJoined {
            channel.token = token
            send(PhoenixMessage(topic: channel.topic, event: "access_token", payload: ["access_token": .string(token)], ref: makeReference(), joinRef: channel.joinRef), on: connection)
        }
    }

    /// Sends `payload` as a broadcast `event` on a joined channel.
    public func broadcast(_ topic: String, event: String, payload: JSONValue) async throws(RealtimeError) {
        guard let connection, let channel = channels[topic], channel.isJoined else {
            throw .joinRefused(topic: topic, reason: "the channel is not joined")
        }
        let message = PhoenixMessage(
            topic: topic, event: "broadcast", payload: ["type": "broadcast", "event": .string(event), "payload": payload], ref: makeReference(),
            joinRef: channel.joinRef)
        do {
            try await connection.send(.text(message.text))
        } catch {
            throw .socket(error)
        }
    }

    /// Closes every subscription and the connection.
    public func disconnect() async {
        for channel in channels.values { channel.finish(nil) }
        channels.removeAll()
        await stop(reason: "disconnected by the app")
    }

    /// How many channels are subscribed.
    public var subscriptionCount: Int { channels.count }

    // MARK: - Channels

    private func leave(_ subscription: ChannelSubscription) async {
        guard channels[subscription.topic] === subscription else { return }
        channels[subscription.topic] = nil
        if let connection, subscription.isJoined {
            send(PhoenixMessage(topic: subscription.topic, event: "phx_leave", ref: makeReference(), joinRef: subscription.joinRef), on: connection)
        }
        if channels.isEmpty { await stop(reason: "no subscription is left") }
    }

    private func join(_ subscription: ChannelSubscription, on connection: any WebSocketClient) {
        guard channels[subscription.topic] === subscription else { return }
        let reference = makeReference()
        subscription.joinRef = reference
        subscription.isJoined = false
        var payload: [String: JSONValue] = ["config": subscription.config]
        subscription.token = accessToken
        if let accessToken { payload["access_token"] = .string(accessToken) }
        send(PhoenixMessage(topic: subscription.topic, event: "phx_join", payload: .object(payload), ref: reference, joinRef: reference), on: connection)
        let clock = options.clock, timeout = options.replyTimeout
        Task { [weak self] in
            try? await clock.sleep(for: timeout)
            await self?.joinTimedOut(subscription, reference: reference, connection: connection)
        }
    }

    private func joinTimedOut(_ subscription: ChannelSubscription, reference: String, connection: any WebSocketClient) {
        guard self.connection === connection, subscription.joinRef == reference, !subscription.isJoined, channels[subscription.topic] === subscription else { return }
        connection.abort("no reply to joining \(subscription.topic) within \(options.replyTimeout) s")
    }

    func makeReference() -> String {
        nextReference += 1
        return String(nextReference)
    }

    /// Queues a message on the connection, in order with those before it.
    func send(_ message: PhoenixMessage, on connection: any WebSocketClient) {
        connection.enqueue(.text(message.text))
    }

    // MARK: - The connection

    private func startIfNeeded() {
        guard runner == nil, !channels.isEmpty else { return }
        runner = Task { [weak self] in await self?.run() }
    }

    private func stop(reason: String) async {
        let runner = self.runner
        self.runner = nil
        runner?.cancel()
        if let connection {
            self.connection = nil
            await connection.close(.normalClosure, reason: "")
        }
        options.observer?(.closed(reason: reason))
    }

    /// Connects, serves the connection until it ends, and reconnects while subscriptions are
    /// left, until the server refuses for good.
    private func run() async {
        let listener = tokenUpdates.map { updates in
            Task { [weak self] in
                for await token in await updates() {
                    guard let self else { return }
                    if let token { await self.setAccessToken(token) } else { await self.sessionEnded() }
                }
            }
        }
        defer { listener?.cancel() }
        var attempt = 1
        while !Task.isCancelled, !channels.isEmpty {
            options.observer?(.connecting(attempt: attempt))
            let ending: WebSocketError
            do {
                let connection = try await connectWebSocket(to: url, options: options.webSocket)
                guard !Task.isCancelled else {
                    await connection.close()
                    return
                }
                attempt = 1
                ending = await serve(connection)
            } catch {
                ending = error
            }
            if Task.isCancelled { return }
            if let fatal = Self.fatal(ending) {
                for channel in channels.values { channel.finish(RealtimeError.socket(fatal)) }
                channels.removeAll()
                runner = nil
                options.observer?(.closed(reason: fatal.description))
                return
            }
            let delay = options.delay(beforeAttempt: attempt)
            options.observer?(.disconnected(reason: ending.description, retryIn: delay))
            attempt += 1
            do {
                try await options.clock.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    /// Whether an ending means reconnecting cannot help: the server refused the upgrade's
    /// credentials, or closed with a code that forbids retrying.
    static func fatal(_ error: WebSocketError) -> WebSocketError? {
        switch error {
        case .handshakeRefused(let status, _) where [400, 401, 403, 404].contains(status): return error
        case .closed(let code, _) where code.forbidsRetry: return error
        case .invalidURL, .unsupported, .tlsFailed: return error
        default: return nil
        }
    }

    /// Joins every channel, beats the heart and routes messages until the connection ends.
    private func serve(_ connection: any WebSocketClient) async -> WebSocketError {
        if tokenProvider != nil { await askForToken() }
        self.connection = connection
        pendingHeartbeat = nil
        options.observer?(.connected)
        for channel in channels.values { join(channel, on: connection) }
        let heartbeat = Task { [weak self, clock = options.clock, interval = options.heartbeatInterval] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                await self?.beat(connection)
            }
        }
        defer { heartbeat.cancel() }
        do {
            for try await message in connection.messages {
                guard case .text(let text) = message, let decoded = try? PhoenixMessage.decode(text) else { continue }
                route(decoded)
            }
            if self.connection === connection { self.connection = nil }
            return .connectionLost("the connection was closed")
        } catch {
            if self.connection === connection { self.connection = nil }
            return (error as? WebSocketError) ?? .connectionLost("\(error)")
        }
    }

    /// A heartbeat: when the last one's reply has not come, the connection is dead.
    private func beat(_ connection: any WebSocketClient) {
        guard self.connection === connection else { return }
        if pendingHeartbeat != nil {
            connection.abort("no reply to a heartbeat within \(options.heartbeatInterval) s")
            return
        }
        let reference = makeReference()
        pendingHeartbeat = reference
        send(PhoenixMessage(topic: "phoenix", event: "heartbeat", ref: reference), on: connection)
        if tokenProvider != nil { Task { await self.askForToken() } }
    }

    // MARK: - The access token

    /// Asks the provider for the token: a new one goes to every joined channel; an ended
    /// session ends every subscription; a passing failure (the network) keeps the token.
    private func askForToken() async {
        guard let tokenProvider else { return }
        do {
            let fresh = try await tokenProvider()
            if fresh != accessToken { await setAccessToken(fresh) }
        } catch APIError.notAuthenticated {
            await sessionEnded()
        } catch {
            // Kept: the token may still be good, and the next heartbeat asks again.
        }
    }

    /// The user signed out, or the session was refused: every subscription ends.
    private func sessionEnded() async {
        guard !channels.isEmpty else { return }
        for channel in channels.values { channel.finish(RealtimeError.tokenRefused("the session ended; sign in again")) }
        channels.removeAll()
        await stop(reason: "the session ended")
    }

    /// A channel whose token the server refused or expired joins again with a newer token
    /// from the provider (saying `.reconnected`: what was sent meanwhile is lost); without one,
    /// the subscription ends with `RealtimeError.tokenRefused`.
    private func renewToken(of channel: ChannelSubscription, refused: String?, error: RealtimeError) async {
        if tokenProvider != nil, accessToken == refused { await askForToken() }
        guard channels[channel.topic] === channel else { return }
        guard tokenProvider != nil, accessToken != refused, let connection else {
            refuse(channel, error)
            return
        }
        join(channel, on: connection)
    }

    private func route(_ message: PhoenixMessage) {
        if message.topic == "phoenix" {
            if message.event == "phx_reply", message.ref == pendingHeartbeat { pendingHeartbeat = nil }
            return
        }
        guard let channel = channels[message.topic] else { return }
        // A message of an earlier join of the channel (before a reconnect) is stale.
        if let joinRef = message.joinRef, joinRef != channel.joinRef { return }
        switch message.event {
        case "phx_reply" where message.ref == channel.joinRef && !channel.isJoined:
            if message.payload["status"]?.stringValue == "ok" {
                channel.isJoined = true
                channel.yield(channel.hasJoined ? .reconnected : .joined)
                channel.hasJoined = true
            } else {
                refused(channel, reason: message.payload["response"]?["reason"]?.stringValue ?? "\(message.payload["response"] ?? .null)")
            }
        case "system" where message.payload["status"]?.stringValue == "error":
            refused(channel, reason: message.payload["message"]?.stringValue ?? "an error")
        case "phx_close":
            refuse(channel, .joinRefused(topic: channel.topic, reason: "the server closed the channel"))
        case "phx_error":
            // The channel crashed on the server: join it again; the subscription hears
            // `.reconnected`, since what the server sent meanwhile is lost.
            if let connection, channel.isJoined { join(channel, on: connection) }
        case "phx_reply":
            break
        default:
            if !channel.yield(.message(message)) {
                channels[channel.topic] = nil
                if let connection { send(PhoenixMessage(topic: channel.topic, event: "phx_leave", ref: makeReference(), joinRef: channel.joinRef), on: connection) }
            }
        }
    }

    /// The server refused the channel or ended it: a refused or expired token is renewed,
    /// anything else ends the subscription.
    private func refused(_ channel: ChannelSubscription, reason: String) {
        let lowercased = reason.lowercased()
        guard lowercased.contains("token") || lowercased.contains("jwt") else {
            refuse(channel, .joinRefused(topic: channel.topic, reason: reason))
            return
        }
        // Not joined from now on: the server's phx_close for this join is stale.
        channel.isJoined = false
        channel.joinRef = nil
        Task { await renewToken(of: channel, refused: channel.token, error: .tokenRefused(reason)) }
    }

    private func refuse(_ channel: ChannelSubscription, _ error: RealtimeError) {
        channels[channel.topic] = nil
        channel.finish(error)
    }
}

/// A subscription's state: its join, and the app's end of the sequence.
final class ChannelSubscription: @unchecked Sendable {
    let topic: String
    let config: JSONValue
    private let continuation: AsyncThrowingStream<ChannelEvent, any Error>.Continuation
    /// Touched only on the socket's actor.
    var joinRef: String?
    var isJoined = false
    /// Whether the channel joined before: its next join is announced as `.reconnected`.
    var hasJoined = false
    /// The access token the channel last joined with or was sent.
    var token: String?

    init(topic: String, config: JSONValue, continuation: AsyncThrowingStream<ChannelEvent, any Error>.Continuation) {
        self.topic = topic
        self.config = config
        self.continuation = continuation
    }

    /// Yields an event; false when the consumer's buffer was full, which ends the subscription.
    @discardableResult
    func yield(_ event: ChannelEvent) -> Bool {
        if case .dropped = continuation.yield(event) {
            continuation.finish(throwing: RealtimeError.consumerTooSlow(dropped: 1))
            return false
        }
        return true
    }

    func finish(_ error: RealtimeError?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
