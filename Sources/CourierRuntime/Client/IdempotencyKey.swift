import Foundation

/// The idempotency key of a call: one for the whole call, so the server can tell its retries
/// from new calls; with it, the call is as safe to repeat as an idempotent one.
enum IdempotencyKey {
    /// `request` with its key in `header`, when it is not idempotent: the call's own key
    /// (`RequestOptions.idempotencyKey`), or a fresh lowercase UUID. A key the call already
    /// sets in its headers is left as it is.
    static func assign(to request: APIRequest, header: String?, options: RequestOptions?) -> APIRequest {
        guard let header, !request.isIdempotent else { return request }
        var request = request
        let given = request.headers[header] != nil || options?.additionalHeaders.keys.contains { $0.lowercased() == header.lowercased() } == true
        if !given { request.headers[header] = options?.idempotencyKey ?? UUID().uuidString.lowercased() }
        request.isIdempotent = true
        return request
    }
}
