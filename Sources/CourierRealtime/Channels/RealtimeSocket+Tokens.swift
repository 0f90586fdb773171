import CourierRuntime
import Foundation

// The access token: asked for, sent to the channels, renewed when the server refuses it.

extension RealtimeSocket {
    /// Asks the provider for the token: a new one goes to every joined channel; an ended
    /// session ends every subscription; a passing failure (the network) keeps the token.
    func askForToken() async {
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
    func sessionEnded() async {
        guard !channels.isEmpty else { return }
        for channel in channels.values { channel.finish(RealtimeError.tokenRefused("the session ended; sign in again")) }
        channels.removeAll()
        await stop(reason: "the session ended")
    }

    /// A channel whose token the server refused or expired joins again with a newer token
    /// from the provider (saying `.reconnected`: what was sent meanwhile is lost); without one,
    /// the subscription ends with `RealtimeError.tokenRefused`.
    func renewToken(of channel: ChannelSubscription, refused: String?, error: RealtimeError) async {
        if tokenProvider != nil, accessToken == refused { await askForToken() }
        guard channels[channel.topic] === channel else { return }
        guard tokenProvider != nil, accessToken != refused, let connection else {
            refuse(channel, error)
            return
        }
        join(channel, on: connection)
    }

    /// The server refused the channel or ended it: a refused or expired token is renewed,
    /// anything else ends the subscription.
    func refused(_ channel: ChannelSubscription, reason: String) {
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

    func refuse(_ channel: ChannelSubscription, _ error: RealtimeError) {
        channels[channel.topic] = nil
        channel.finish(error)
    }
}
