import CourierRuntime
import Foundation

// The socket's connection: connecting and reconnecting, heartbeats, and routing what arrives.

extension RealtimeSocket {
    func startIfNeeded() {
        guard runner == nil, !channels.isEmpty else { return }
        runner = Task { [weak self] in await self?.run() }
    }

    func stop(reason: String) async {
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
    func run() async {
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
    func serve(_ connection: any WebSocketClient) async -> WebSocketError {
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
    func beat(_ connection: any WebSocketClient) {
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

    func route(_ message: PhoenixMessage) {
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
}
