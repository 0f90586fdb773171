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
        let (prepared, record) = try await chain.prepare(request, for: attempt(for: request))
        do {
            let response = try await base.send(prepared)
            await chain.finish(record, status: response.status, headers: response.headers)
            return response
        } catch {
            await chain.finish(record, error: error)
            throw error
        }
    }

    /// Streams the response through the interceptors and the base transport; the attempt ends
    /// when the response head arrives.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let (prepared, record) = try await chain.prepare(request, for: attempt(for: request))
        do {
            let response = try await base.stream(prepared)
            await chain.finish(record, status: response.status, headers: response.headers)
            return response
        } catch {
            await chain.finish(record, error: error)
            throw error
        }
    }

    private func attempt(for request: HTTPRequest) -> Attempt {
        Attempt(endpoint: "\(request.method.rawValue) \(request.url.path)", number: 1, reason: .direct, elapsed: 0)
    }
}
