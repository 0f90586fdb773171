import CourierTestSupport
import Foundation
import Testing

@testable import CourierRuntime

/// Failures keep their place: a number that does not fit names its key, and failures that
/// cannot get better by trying again are not retried.
@Suite("Errors keep their place")
struct ErrorPlaceTests {
    struct Counts: Decodable {
        let count: Int
        let big: Int64
        let nested: Nested

        struct Nested: Decodable { let limit: Int? }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            count = try container.read(Int.self, at: "count")
            big = try container.read(Int64.self, at: "big")
            nested = try container.read(Nested.self, at: "nested")
        }
    }

    @Test func aNumberThatDoesNotFitNamesItsKey() throws {
        let cases = [
            (#"{"count": 1.5, "big": 1, "nested": {}}"#, "count"),
            (#"{"count": 1, "big": 9223372036854775808, "nested": {}}"#, "big"),
            (#"{"count": 1E400, "big": 1, "nested": {}}"#, "count"),
        ]
        for (text, key) in cases {
            do {
                _ = try ResponseDecoding.decode(Counts.self, from: Data(text.utf8), dateStyle: .iso8601)
                Issue.record("\(text) decoded")
            } catch let error as APIError {
                #expect(error.description.contains("at \(key)"), "\(error)")
            }
        }
    }

    @Test func tlsFailuresAreNotRetried() async throws {
        let linux = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "SSL certificate problem: self-signed certificate"])
        let versions = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "error:0A00010B:SSL routines::wrong version number"])
        for error in [URLError(.serverCertificateUntrusted), URLError(.secureConnectionFailed), linux, versions, URLError(.badURL)] {
            let transportError = TransportError(error)
            #expect(!transportError.isRetryable, "\(error) is \(transportError)")
            let transport = ScriptedTransport([.failure(transportError)])
            let clock = RecordingClock()
            let failure = await apiError { try await makeClient(transport, clock: clock).send(APIRequest(method: .get, path: "/x")) }
            guard case .networkError? = failure else { Issue.record("got \(String(describing: failure))"); continue }
            #expect(transport.requests.count == 1, "\(error) was retried")
            #expect(clock.sleeps.isEmpty)
        }
        #expect(TransportError(URLError(.networkConnectionLost)).isRetryable)
    }
}

@Suite("JSONValue keeps numbers exactly")
struct JSONValueNumberTests {
    @Test func integersBeyondInt64SurviveARoundTrip() throws {
        let text = "[9223372036854775807,9223372036854775808,18446744073709551615,18446744073709551616,-9223372036854775809,123456789012345678901234567890,1.5,1e300]"
        let values = try JSONDecoder().decode([JSONValue].self, from: Data(text.utf8))
        #expect(values[0] == .integer(.max))
        #expect(values[3] == .largeInteger(Decimal(string: "18446744073709551616")!))
        #expect(values[6] == .number(1.5))
        let written = String(decoding: try WireJSONEncoder().encode(values), as: UTF8.self)
        #expect(written == "[9223372036854775807,9223372036854775808,18446744073709551615,18446744073709551616,-9223372036854775809,123456789012345678901234567890,1.5,1e+300]")
    }
}
