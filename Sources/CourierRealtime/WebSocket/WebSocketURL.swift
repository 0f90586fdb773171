import Foundation

extension URL {
    /// This HTTP URL as a WebSocket URL: `https` becomes `wss`, anything else `ws`.
    var asWebSocketURL: URL? {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return nil }
        let scheme = components.scheme?.lowercased()
        components.scheme = scheme == "https" || scheme == "wss" ? "wss" : "ws"
        return components.url
    }
}
