import Foundation

/// A transport that runs interceptors around every request it sends, for requests that do not
/// come from an `APIClient`: give one to an `AuthSession` or a `RefreshStrategy`, and the
/// session's sign-in, refresh and sign-out requests are signed, traced and measured like the
/// client's. Each request is one attempt whose reason is `direct`, named `METHOD path`.
public struct InterceptingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let chain: InterceptorChain

    /// Wraps `base`; `clock` times the attempts.
    public init(_ base: any HTTPTransport, interceptors: [any RequestInterceptor], clock: any APIClock = SystemClock()) {
        self.base = base
        self.chain = InterceptorChain(interceptors: interceptors, clock: clock)
    }

    /// Sends the request through the interceptors and the base transport.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await intercepted(request, status: { ($0.status, $0.headers) }) { try await base.send($0) }
    }

    /// Streams the response through the interceptors and the base transport; the attempt ends
    /// when the response head arrives.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await intercepted(request, status: { ($0.status, $0.headers) }) { try await base.stream($0) }
    }

    /// Sends `request` as one attempt through the interceptors.
    private func intercepted<Response>(
        _ request: HTTPRequest, status: (Response) -> (Int, HTTPHeaders), send: (HTTPRequest) async throws -> Response
    ) async throws -> Response {
        let attempt = Attempt(endpoint: "\(request.method.rawValue) \(request.url.path)", number: 1, reason: .direct, elapsed: 0)
        let (prepared, record) = try await chain.prepare(request, for: attempt)
        do {
            let response = try await send(prepared)
            let (code, headers) = status(response)
            await chain.finish(record, status: code, headers: headers)
            return response
        } catch {
            await chain.finish(record, error: error)
            throw error
        }
    }
}
