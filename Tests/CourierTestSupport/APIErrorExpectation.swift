import CourierRuntime
import Testing

/// Runs a call that must fail with an `APIError` and returns it; records an issue when the call
/// succeeds or throws something else, so a test can never pass by not failing.
public func apiError(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> APIError? {
    do {
        try await body()
        Issue.record("expected an APIError, but the call succeeded", sourceLocation: sourceLocation)
    } catch let error as APIError {
        return error
    } catch {
        Issue.record("expected an APIError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
