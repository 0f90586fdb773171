/// `{"data": T}`: one value in the typed envelope.
public struct DataResponse<T> {
    /// The value.
    public var data: T

    /// Creates an envelope.
    public init(data: T) { self.data = data }
}

extension DataResponse: Decodable where T: Decodable {}
extension DataResponse: Encodable where T: Encodable {}
extension DataResponse: Sendable where T: Sendable {}
extension DataResponse: Equatable where T: Equatable {}
extension DataResponse: Hashable where T: Hashable {}

/// `{"data": [T], "cursor": String?}`: one page; pass `cursor` to get the next, nil at the end.
public struct PaginatedResponse<T> {
    /// The page's items.
    public var data: [T]
    /// Where the next page starts; nil on the last page.
    public var cursor: String?

    /// Creates a page.
    public init(data: [T], cursor: String? = nil) {
        self.data = data
        self.cursor = cursor
    }
}

extension PaginatedResponse: Decodable where T: Decodable {}
extension PaginatedResponse: Encodable where T: Encodable {}
extension PaginatedResponse: Sendable where T: Sendable {}
extension PaginatedResponse: Equatable where T: Equatable {}
extension PaginatedResponse: Hashable where T: Hashable {}

/// A response with no content: an empty body, `{}` or `{"data": null}` all decode to it.
public struct EmptyResponse: Codable, Sendable, Hashable {
    /// Creates the empty response.
    public init() {}

    /// Accepts any body, or none.
    public init(from decoder: any Decoder) throws {}

    /// Encodes an empty JSON object.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: EmptyKeys.self)
    }

    private enum EmptyKeys: CodingKey {}
}
