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
    var accessToken: String?
    /// Asked for the access token before each connection and at each heartbeat, and again when
    /// the server refuses one; nil when the token is only set by `setAccessToken(_:)`.
    let tokenProvider: (@Sendable () async throws -> String?)?
    /// The session's token changes, sent to the channels as they happen (besides asking the
    /// provider at each heartbeat); nil without a session.
    let tokenUpdates: (@Sendable () async -> AsyncStream<String?>)?
    var channels: [String: ChannelSubscription] = [:]
    var nextReference = 0
    var connection: (any WebSocketClient)?
    var runner: Task<Void, Never>?
    /// The heartbeat sent whose reply has not come.
    var pendingHeartbeat: String?

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

    func leave(_ subscription: ChannelSubscription) async {
        guard channels[subscription.topic] === subscription else { return }
        channels[subscription.topic] = nil
        if let connection, subscription.isJoined {
            send(PhoenixMessage(topic: subscription.topic, event: "phx_leave", ref: makeReference(), joinRef: subscription.joinRef), on: connection)
        }
        if channels.isEmpty { await stop(reason: "no subscription is left") }
    }

    func join(_ subscription: ChannelSubscription, on connection: any WebSocketClient) {
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

    func joinTimedOut(_ subscription: ChannelSubscription, reference: String, connection: any WebSocketClient) {
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
}
