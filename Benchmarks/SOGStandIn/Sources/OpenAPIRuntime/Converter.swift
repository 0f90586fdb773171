// The converter's methods that generated clients call, with the real runtime's names and generic
// signatures. Their bodies do the least that type-checks: only the callers' compile is measured.
import Foundation
public import HTTPTypes

/// How a parameter is serialised.
public enum ParameterStyle: Sendable {
    /// `form`.
    case form
    /// `simple`.
    case simple
    /// `deepObject`.
    case deepObject
}

/// A parsed media type.
public struct OpenAPIMIMEType: Sendable, Hashable {
    /// The media type as received.
    public var rawValue: String
}

/// An error the stand-in throws where the real runtime would have worked.
struct StandInError: Error {}

@_spi(Generated) extension Converter {
    /// Sets the `Accept` header.
    public func setAcceptHeader<T: AcceptableProtocol>(
        in headerFields: inout HTTPFields,
        contentTypes: [AcceptHeaderContentType<T>]
    ) { headerFields[.accept] = contentTypes.map(\.contentType.rawValue).joined(separator: ", ") }

    /// Renders a path template.
    public func renderedPath(template: String, parameters: [any Encodable]) throws -> String { template }

    /// Sets a query item.
    public func setQueryItemAsURI<T: Encodable>(
        in request: inout HTTPRequest,
        style: ParameterStyle?,
        explode: Bool?,
        name: String,
        value: T?
    ) throws { if value != nil { request.path = (request.path ?? "") + name } }

    /// Sets an optional JSON request body.
    public func setOptionalRequestBodyAsJSON<T: Encodable>(
        _ value: T?,
        headerFields: inout HTTPFields,
        contentType: String
    ) throws -> HTTPBody? { throw StandInError() }

    /// Sets a required JSON request body.
    public func setRequiredRequestBodyAsJSON<T: Encodable>(
        _ value: T,
        headerFields: inout HTTPFields,
        contentType: String
    ) throws -> HTTPBody { throw StandInError() }

    /// Sets an optional form request body.
    public func setOptionalRequestBodyAsURLEncodedForm<T: Encodable>(
        _ value: T,
        headerFields: inout HTTPFields,
        contentType: String
    ) throws -> HTTPBody? { throw StandInError() }

    /// Sets a required form request body.
    public func setRequiredRequestBodyAsURLEncodedForm<T: Encodable>(
        _ value: T,
        headerFields: inout HTTPFields,
        contentType: String
    ) throws -> HTTPBody { throw StandInError() }

    /// Decodes a JSON response body.
    public func getResponseBodyAsJSON<T: Decodable, C>(
        _ type: T.Type,
        from data: HTTPBody?,
        transforming transform: (T) -> C
    ) async throws -> C {
        guard let data else { throw StandInError() }
        return transform(try JSONDecoder().decode(type, from: data.bytes))
    }

    /// The response's content type, if it has one.
    public func extractContentTypeIfPresent(in headerFields: HTTPFields) -> OpenAPIMIMEType? {
        headerFields[.contentType].map { OpenAPIMIMEType(rawValue: $0) }
    }

    /// The option that best matches the received content type.
    public func bestContentType(received: OpenAPIMIMEType?, options: [String]) throws -> String { options[0] }

    /// Sets a header field.
    public func setHeaderFieldAsURI<T: Encodable>(in headerFields: inout HTTPFields, name: String, value: T?) throws {
        throw StandInError()
    }

    /// Reads an optional header field.
    public func getOptionalHeaderFieldAsURI<T: Decodable>(
        in headerFields: HTTPFields,
        name: String,
        as type: T.Type
    ) throws -> T? { nil }

    /// Reads a required header field.
    public func getRequiredHeaderFieldAsURI<T: Decodable>(
        in headerFields: HTTPFields,
        name: String,
        as type: T.Type
    ) throws -> T { throw StandInError() }
}
