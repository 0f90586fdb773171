/// Which requests may travel on a kept-alive connection.
///
/// When a server closes a reused connection without answering (its keep-alive timeout and the
/// request crossed), libcurl, under `URLSession` on Linux, sends the request again on a new
/// connection, unseen by the client, whatever its method; and it re-sends a request body empty,
/// so such a request hangs until its timeout. The server may well have acted on the first copy.
/// So on Linux a request that is not idempotent, or that has a body, never goes out on a reused
/// connection: each gets a connection of its own, and one that dies fails as a network error,
/// which the client's retry policy judges. On loopback this costs a POST about 0.4 ms
/// (`Benchmarks/README.md`); over TLS, a handshake.
///
/// Apple's `URLSession` repeats only idempotent requests this way (Technical Q&A QA1941), and
/// keeps their bodies: there every request uses kept-alive connections.
///
/// An idempotent request without a body may still be repeated by the stack as described, which
/// RFC 9110 §9.2.2 allows; the retry policy does not count that repeat.
enum ConnectionUse {
    /// Whether `request` is sent on a connection that no other request has used or will use.
    static func needsOwnConnection(_ request: HTTPRequest) -> Bool {
        #if canImport(FoundationNetworking)
            return !request.isIdempotent || request.body != nil
        #else
            return false
        #endif
    }
}
