import CourierSchema

/// A group's typed test double, `<Group>APIMock`: each endpoint answers with a closure the test
/// sets, and every call is recorded with its arguments, so that a test of a view model says
/// "when `getTask` is called, return this task" without knowing paths or JSON.
struct MockGenerator {
    let protocolName: String

    var mockName: String { protocolName + "Mock" }

    func write(_ group: Group, to writer: inout SwiftWriter) {
        writer.docs([
            "A stand-in for `\(protocolName)` in tests and SwiftUI previews: each endpoint answers with its",
            "handler, and every call is recorded in `calls` with its arguments. An endpoint without a",
            "handler throws `APIError.invalidRequest`, naming the handler to set. Set the handlers before",
            "the calls. (`MockAPIClient` stubs the HTTP requests instead.)",
        ])
        writer.block("nonisolated public final class \(mockName): \(protocolName), @unchecked Sendable") { writer in
            writeCalls(group, to: &writer)
            writer.line()
            writer.docs(["The calls so far, in order."])
            writer.line("public var calls: [Call] { callLog.calls }")
            writer.docs(["What `…Updates` waits on between polls: no wait, unless the initialiser says otherwise."])
            writer.line("public let clock: any APIClock")
            writer.line("private let callLog = CallLog<Call>()")
            for endpoint in group.endpoints {
                writer.line()
                writer.docs(["Answers `\(endpoint.name)`."])
                writer.line("public var \(endpoint.name)Handler: (\(handlerType(endpoint)))?")
            }
            writer.line()
            writer.docs(["Creates a test double without handlers; set those of the endpoints the code under test calls."])
            writer.block("public init(clock: any APIClock = ImmediateClock())") { writer in
                writer.line("self.clock = clock")
            }
            for endpoint in group.endpoints {
                writer.line()
                writeAnswer(endpoint, to: &writer)
            }
        }
    }

    /// The `Call` enum: a case per endpoint, with the endpoint's arguments. Its cases are
    /// `indirect`, so that copying a call copies a reference rather than every argument, which
    /// keeps the compiler's copy and destroy code for the enum small (`Docs/CodeGeneration.md`).
    private func writeCalls(_ group: Group, to writer: inout SwiftWriter) {
        writer.docs(["A call of an endpoint, with its arguments."])
        let holdsArguments = group.endpoints.contains { !EndpointGenerator.arguments($0).isEmpty }
        writer.block("public \(holdsArguments ? "indirect " : "")enum Call: RecordedCall") { writer in
            for endpoint in group.endpoints {
                let arguments = EndpointGenerator.arguments(endpoint)
                writer.docs(["A call of `\(endpoint.name)`."])
                let values = arguments.map { "\(SwiftNames.identifier($0.label)): \($0.type)" }
                writer.line("case \(SwiftNames.identifier(endpoint.name))" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))"))
            }
        }
    }

    /// `@Sendable (_ id: UUID) async throws -> Task`, or a function returning the sequence.
    private func handlerType(_ endpoint: Endpoint) -> String {
        let arguments = EndpointGenerator.arguments(endpoint).map { "_ \(SwiftNames.argument($0.label)): \($0.type)" }
        let signature = EndpointGenerator.returnType(endpoint).signature
        return "@Sendable (\(arguments.joined(separator: ", ")))" + signature + (signature.contains("->") ? "" : " -> Void")
    }

    private func writeAnswer(_ endpoint: Endpoint, to writer: inout SwiftWriter) {
        let arguments = EndpointGenerator.arguments(endpoint)
        let name = SwiftNames.identifier(endpoint.name)
        let values = arguments.map { SwiftNames.argument($0.label) }
        let labelled = zip(arguments, values).map { "\($0.label): \($1)" }
        writer.docs(["Records the call and answers with `\(endpoint.name)Handler`."])
        if let deprecation = endpoint.deprecation { writer.line(SwiftNames.deprecatedAttribute(deprecation)) }
        Layout.signature(
            &writer, prefix: "public func \(name)(", parameters: EndpointGenerator.requirementParameters(endpoint),
            suffix: ")" + EndpointGenerator.returnType(endpoint).signature
        ) { writer in
            writer.line("callLog.record(.\(name)" + (labelled.isEmpty ? "" : "(\(labelled.joined(separator: ", ")))") + ")")
            let unanswered = "APIError.unanswered(\(SwiftNames.string(endpoint.name)), of: \(SwiftNames.string(mockName)))"
            let call = "handler(\(values.joined(separator: ", ")))"
            if EndpointGenerator.isAsync(endpoint) {
                writer.line("guard let handler = \(endpoint.name)Handler else { throw \(unanswered) }")
                writer.line("return try await \(call)")
            } else {
                writer.line("guard let handler = \(endpoint.name)Handler else { return AsyncThrowingStream { $0.finish(throwing: \(unanswered)) } }")
                writer.line("return \(call)")
            }
        }
    }
}
