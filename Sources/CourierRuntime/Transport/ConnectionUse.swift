import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which requests may travel on a kept-alive connection, and how their bodies go.
///
/// When a server closes a reused connection without answering (its keep-alive timeout and the
/// request crossed), libcurl, under `URLSession` on Linux, sends the request again on a new
/// connection, unseen by the client, whatever its method. The server may well have acted on the
/// first copy. So on Linux a request that is not idempotent never goes out on a reused
/// connection: each gets a connection of its own, and one that dies fails as a network error,
/// which the client's retry policy judges. On loopback this costs a POST about 0.4 ms
/// (`Benchmarks/README.md`); over TLS, a handshake.
///
/// An idempotent request (GET, PUT, DELETE, `@idempotent`, or a call with an idempotency key,
/// whose repeat the API itself makes harmless) uses kept-alive connections. libcurl re-sends a
/// body it was given whole as nothing, though, so that the repeat hangs until its timeout: such a
/// request's body goes as a stream that URLSession asks for again
/// (`urlSession(_:task:needNewBodyStream:)`), and the repeat carries every byte. Its length is
/// still declared (`Content-Length`, not chunked, which some servers refuse).
///
/// Apple's `URLSession` repeats only idempotent requests this way (Technical Q&A QA1941), and
/// keeps their bodies: there every request uses kept-alive connections and bodies go whole.
///
/// An idempotent request may be repeated by the stack as described, which RFC 9110 §9.2.2
/// allows; the retry policy does not count that repeat.
enum ConnectionUse {
    /// Whether `request` is sent on a connection that no other request has used or will use.
    static func needsOwnConnection(_ request: HTTPRequest) -> Bool {
        #if canImport(FoundationNetworking)
            return !request.isIdempotent
        #else
            return false
        #endif
    }

    /// The body of `request` as a stream the stack can ask for again, when it travels on a
    /// kept-alive connection where a repeat would otherwise lose it.
    static func rewindableBody(of request: HTTPRequest) -> Data? {
        #if canImport(FoundationNetworking)
            guard request.isIdempotent, let body = request.body, !body.isEmpty else { return nil }
            return body
        #else
            return nil
        #endif
    }

    /// Makes `urlRequest` send `body` as a stream of known length. libcurl chooses chunked
    /// encoding for a stream unless the request names a transfer coding itself; a blank
    /// `Transfer-Encoding` is one it names without sending, so the declared length goes alone.
    static func sendAsStream(_ body: Data, in urlRequest: inout URLRequest) {
        urlRequest.httpBodyStream = InputStream(data: body)
        urlRequest.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
        urlRequest.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
    }
}
