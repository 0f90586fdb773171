import Foundation

// The targets reach the readers' internals, which only a build for testing can see: a debug
// build, or the fuzz build (Scripts/fuzz). A release build of the package has no targets.
#if DEBUG || FUZZING
@testable import CourierImport
@testable import CourierRealtime
@testable import CourierRuntime
@testable import CourierSchema

/// Every fuzz target, by name.
let fuzzTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "schema", summary: "the schema lexer, parser and checker; formatting is idempotent and keeps the declarations",
        seeds: ["Schema/Archon", "Tests/CourierFixtures", "Tests/HTTPBinClient"],
        check: checkSchema),
    FuzzTarget(name: "yaml", summary: "the YAML reader", seeds: ["../shared/openapi/oai"], check: { _ = try? YAMLReader.read($0) }),
    FuzzTarget(name: "json", summary: "the JSON reader", seeds: ["../shared/openapi/oai"], check: { _ = try? JSONReader.read($0) }),
    FuzzTarget(
        name: "import", summary: "the whole import of a description; what it writes always compiles, or it says why not",
        seeds: ["../shared/openapi/oai"], check: checkImport),
    FuzzTarget(
        name: "sse", summary: "the server-sent events parser; the events do not depend on how the bytes are chunked",
        seeds: ["Tests/CourierRuntimeTests/Fixtures"], check: checkServerSentEvents),
    FuzzTarget(
        name: "jsonlines", summary: "the JSON Lines parser; the lines do not depend on how the bytes are chunked",
        seeds: ["Tests/CourierRuntimeTests/Fixtures"], check: checkJSONLines),
    FuzzTarget(
        name: "websocket", summary: "WebSocket frames as a server sends them; the messages do not depend on how the bytes are chunked",
        seeds: [], check: checkWebSocketFrames),
    FuzzTarget(
        name: "phoenix", summary: "Phoenix channel messages as Supabase Realtime sends them; what decodes encodes to the same message",
        seeds: [], check: checkPhoenixMessage),
    FuzzTarget(
        name: "headers", summary: "Retry-After, ISO 8601 dates and media types as servers and schemas write them",
        seeds: ["Tests/CourierRuntimeTests/Fixtures"], check: checkHeaderValues),
]

/// Splits `bytes` in two at a place the input's first byte chooses, so that the same input
/// always splits the same way.
func split(_ bytes: [UInt8]) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    return (bytes[..<cut], bytes[cut...])
}

@Sendable func checkSchema(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let compilation = SchemaCompiler.compile([SourceFile(path: "fuzz.api", text: text)])
    guard let formatted = try? SchemaFormatter.format(SourceFile(path: "fuzz.api", text: text)) else { return }
    let again = try? SchemaFormatter.format(SourceFile(path: "fuzz.api", text: formatted))
    FuzzTarget.require(again == formatted, "formatting a formatted file changed it")
    let reformatted = SchemaCompiler.compile([SourceFile(path: "fuzz.api", text: formatted)])
    FuzzTarget.require(
        reformatted.api?.endpoints.map(\.name) == compilation.api?.endpoints.map(\.name)
            && reformatted.api?.models.map(\.name) == compilation.api?.models.map(\.name),
        "formatting changed what the schema declares")
}

/// Where the import's description says it is: a folder of its own, empty, so that a `$ref` to
/// another file finds nothing.
let importFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fuzz-import-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: importFolder) }
    return folder
}()

@Sendable func checkImport(_ bytes: [UInt8]) {
    do {
        let files = try DescriptionFiles(root: importFolder.appendingPathComponent("description"), contents: bytes)
        _ = try OpenAPIImporter.run(files: files)
    } catch let error as ImportError {
        // A description Courier cannot import is refused with a reason; a schema the import
        // wrote that does not compile is a bug.
        FuzzTarget.require(!error.description.contains("which is a bug in courier import"), error.description)
    } catch {
        FuzzTarget.require(false, "the import threw \(type(of: error)), not an ImportError: \(error)")
    }
}

@Sendable func checkServerSentEvents(_ bytes: [UInt8]) {
    var whole = ServerSentEventParser()
    let all = try? whole.consume(bytes)
    var parts = ServerSentEventParser()
    let (first, second) = split(bytes)
    let pieces = (try? parts.consume(first)).flatMap { head in (try? parts.consume(second)).map { head + $0 } }
    FuzzTarget.require(all == pieces, "the events depend on where the bytes were split")
    FuzzTarget.require(whole.currentLastEventID == parts.currentLastEventID, "the last event id depends on the split")
}

@Sendable func checkJSONLines(_ bytes: [UInt8]) {
    func lines(_ chunks: [ArraySlice<UInt8>]) -> [String]? {
        var parser = JSONLinesParser(maxLineBytes: 4096)
        var result: [String] = []
        for chunk in chunks {
            guard let lines = try? parser.consume(chunk) else { return nil }
            result += lines.map { "\($0.number):" + String(decoding: $0.text, as: UTF8.self) }
        }
        if let last = parser.finish() { result.append("\(last.number):" + String(decoding: last.text, as: UTF8.self)) }
        return result
    }
    let (first, second) = split(bytes)
    FuzzTarget.require(lines([bytes[...]]) == lines([first, second]), "the lines depend on where the bytes were split")
}

@Sendable func checkWebSocketFrames(_ bytes: [UInt8]) {
    /// The events the client makes of the chunks, and the error that ended them, as text.
    func events(_ chunks: [ArraySlice<UInt8>]) -> [String] {
        var reader = WebSocketFrameReader(maxPayload: 4096)
        var assembler = WebSocketMessageAssembler(maxMessageSize: 8192)
        var events: [String] = []
        do throws(WebSocketError) {
            for chunk in chunks {
                reader.append(chunk)
                while let frame = try reader.next() {
                    FuzzTarget.require(!frame.opcode.isControl || frame.payload.count <= 125, "a control frame of \(frame.payload.count) bytes")
                    if let event = try assembler.take(frame) { events.append("\(event)") }
                }
            }
        } catch {
            events.append("error: \(error)")
        }
        return events
    }
    let (first, second) = split(bytes)
    FuzzTarget.require(events([bytes[...]]) == events([first, second]), "the messages depend on where the bytes were split")
}

@Sendable func checkPhoenixMessage(_ bytes: [UInt8]) {
    guard let message = try? PhoenixMessage.decode(String(decoding: bytes, as: UTF8.self)) else { return }
    let again = try? PhoenixMessage.decode(message.text)
    FuzzTarget.require(again == message, "a decoded message does not survive encoding: \(message)")
}

@Sendable func checkHeaderValues(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    if let delay = RetryPolicy.retryAfter(text, now: now) {
        FuzzTarget.require(delay >= 0 && delay <= RetryPolicy.retryAfterLimit, "Retry-After gave \(delay) s")
    }
    if let date = ISO8601.date(from: text) {
        FuzzTarget.require(date.timeIntervalSince1970.isFinite, "a date that is not finite")
        _ = ISO8601.string(from: date)
    }
    _ = MediaType.isValid(text)
    let essence = ResponseMediaTypeCheck.essence(of: text)
    FuzzTarget.require(ResponseMediaTypeCheck.matches(essence, essence), "a media type does not match itself")
}
#else
/// A release build has no targets: see above.
let fuzzTargets: [FuzzTarget] = []
#endif
