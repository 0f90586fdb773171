import Foundation

/// A place in an API description: a file and a JSON pointer into it.
public struct DocumentLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: URL
    /// The pointer's tokens, unescaped.
    public var tokens: [String]

    /// The pointer as JSON Pointer text (RFC 6901): `#/paths/~1pets/get`.
    public var pointer: String {
        "#" + tokens.map { "/" + JSONPointer.escaped($0) }.joined()
    }

    /// The pointer.
    public var description: String { pointer }

    /// The file's name, and the pointer unless it is the whole file: `droplet.yml`,
    /// `parameters.yml#/droplet_id`.
    public var fileAndPointer: String {
        file.lastPathComponent + (tokens.isEmpty ? "" : pointer)
    }

    /// The location one step deeper.
    public func appending(_ token: String) -> DocumentLocation {
        DocumentLocation(file: file, tokens: tokens + [token])
    }

    /// The location `index` steps deeper in an array.
    public func appending(_ index: Int) -> DocumentLocation { appending(String(index)) }
}

/// The files of one API description, read once each, and the `$ref`s between them.
public final class DescriptionFiles {
    private var documents: [URL: DocumentNode] = [:]
    private var anchorsByFile: [URL: [String: [String]]] = [:]
    /// The first file: the description itself.
    public let root: URL

    /// Reads the description at `url`.
    public init(root url: URL) throws {
        root = url.standardizedFileURL
        _ = try document(at: root)
    }

    /// A description whose root file holds `contents` instead of what is on disk at `url`
    /// (the fuzzer's input); the files it refers to are read from disk.
    init(root url: URL, contents: [UInt8]) throws {
        root = url.standardizedFileURL
        documents[root] = try Self.parse(contents, at: root)
    }

    /// The description's top-level object.
    public var rootNode: DocumentNode { documents[root] ?? .null }

    /// Puts `node` in place of the root document as read (a Swagger 2.0 document by its 3.0
    /// form).
    func replaceRoot(with node: DocumentNode) { documents[root] = node }

    /// The whole file at `url`, read on first use: JSON, or YAML when it does not start with
    /// `{` or `[`.
    public func document(at url: URL) throws -> DocumentNode {
        // Locations hold standardized URLs already: standardizing one again costs more than
        // the lookup.
        if let document = documents[url] { return document }
        let key = url.standardizedFileURL
        if let document = documents[key] { return document }
        let data: Data
        do {
            data = try Data(contentsOf: key)
        } catch {
            throw ImportError("cannot read \(key.path): \(error.localizedDescription)")
        }
        let node = try Self.parse([UInt8](data), at: key)
        documents[key] = node
        return node
    }

    /// A file's bytes as a tree: JSON, or YAML when it does not start with `{` or `[`.
    private static func parse(_ bytes: [UInt8], at key: URL) throws -> DocumentNode {
        let firstSignificant = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        let node: DocumentNode
        do {
            if firstSignificant == UInt8(ascii: "{") || firstSignificant == UInt8(ascii: "[") {
                node = try JSONReader.read(bytes)
            } else {
                node = try YAMLReader.read(bytes)
            }
        } catch {
            throw ImportError("\(key.path):\(error.description)")
        }
        return node
    }

    /// The node at a location.
    public func node(at location: DocumentLocation) throws -> DocumentNode {
        var node = try document(at: location.file)
        for token in location.tokens {
            switch node {
            case .object(let object):
                guard let next = object[token] else { throw ImportError("\(location.pointer) does not exist in \(location.file.lastPathComponent)") }
                node = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else {
                    throw ImportError("\(location.pointer) does not exist in \(location.file.lastPathComponent)")
                }
                node = elements[index]
            default:
                throw ImportError("\(location.pointer) does not exist in \(location.file.lastPathComponent)")
            }
        }
        return node
    }

    /// Follows `$ref`s from `node` at `location` until a node that is not a reference; the
    /// result says where it was found.
    public func resolve(_ node: DocumentNode, at location: DocumentLocation) throws -> (node: DocumentNode, location: DocumentLocation) {
        var current = (node: node, location: location)
        var seen: Set<DocumentLocation> = []
        while let reference = current.node["$ref"]?.string {
            let target = try self.location(of: reference, from: current.location)
            guard seen.insert(target).inserted else { throw ImportError("\(location.pointer): the $ref '\(reference)' refers to itself") }
            current = (try self.node(at: target), target)
        }
        return current
    }

    /// Where a `$ref` points: a file relative to the referring one, and a percent-encoded
    /// JSON pointer after `#`.
    public func location(of reference: String, from origin: DocumentLocation) throws -> DocumentLocation {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        let file: URL
        if filePart.isEmpty {
            file = origin.file
        } else {
            guard !filePart.contains("://") else {
                throw ImportError("\(origin.pointer): the $ref '\(reference)' points to the network; Courier reads local files only")
            }
            let path = JSONPointer.percentDecoded(filePart)
            file = URL(fileURLWithPath: path, relativeTo: origin.file.deletingLastPathComponent()).standardizedFileURL
        }
        let decoded = JSONPointer.percentDecoded(fragment)
        if let tokens = JSONPointer.tokens(of: decoded) { return DocumentLocation(file: file, tokens: tokens) }
        // A plain name after `#` is a JSON Schema anchor (`$anchor: size`, or `$id: "#size"`).
        guard let tokens = try anchors(in: file)[decoded] else {
            throw ImportError("\(origin.pointer): the $ref '\(reference)' is neither a JSON pointer nor an anchor of \(file.lastPathComponent)")
        }
        return DocumentLocation(file: file, tokens: tokens)
    }

    /// The anchors a file declares, by name: where each `$anchor: name`, or `$id: "#name"` as
    /// earlier drafts of JSON Schema write it, stands. The first of two with one name counts.
    private func anchors(in file: URL) throws -> [String: [String]] {
        if let known = anchorsByFile[file] { return known }
        var found: [String: [String]] = [:]
        var pending: [(node: DocumentNode, tokens: [String])] = [(try document(at: file), [])]
        while let (node, tokens) = pending.popLast() {
            switch node {
            case .object(let object):
                if let name = object["$anchor"]?.string, found[name] == nil { found[name] = tokens }
                if let id = object["$id"]?.string, id.hasPrefix("#"), id.count > 1, found[String(id.dropFirst())] == nil {
                    found[String(id.dropFirst())] = tokens
                }
                for (key, value) in object.members.reversed() { pending.append((value, tokens + [key])) }
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() { pending.append((element, tokens + [String(index)])) }
            default:
                break
            }
        }
        anchorsByFile[file] = found
        return found
    }
}

/// An import that cannot go on, with what to do.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
