import Foundation

// Plain Codable structs as a user would write them for `.convertFromSnakeCase`: the baseline
// the generated models are measured against.

struct PlainTask: Codable, Equatable {
    let id: UUID
    let projectId: UUID
    let title: String
    let status: String
    let errorMessage: String?
    let events: [PlainEvent]
    let steps: [PlainStep]
    let createdAt: Date
    let updatedAt: Date?
}

struct PlainEvent: Codable, Equatable {
    let id: UUID
    let taskId: UUID
    let type: String
    let message: String
    let metadata: [String: String]?
    let createdAt: Date
}

struct PlainStep: Codable, Equatable {
    let id: UUID
    let name: String
    let status: String
    let position: Int
    let startedAt: Date?
    let completedAt: Date?
}

/// The usual way to read fractional-second ISO 8601 with Foundation.
func baselineDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let whole = ISO8601DateFormatter()
    nonisolated(unsafe) let formatters = (fractional, whole)
    decoder.dateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = formatters.0.date(from: text) ?? formatters.1.date(from: text) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad date \(text)"))
    }
    return decoder
}

func baselineEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    nonisolated(unsafe) let shared = formatter
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(shared.string(from: date))
    }
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}
