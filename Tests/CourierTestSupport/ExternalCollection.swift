import Foundation
import Testing

/// A collection written by other people that some tests read where it lies, never copied into
/// the repository: the published OpenAPI descriptions and the parsers' conformance suites.
///
/// They are found in the folder named by `COURIER_SHARED` (which holds `openapi/` and
/// `conformance/`), else in `../shared` beside the repository, as CI lays it out. A clone on its
/// own has neither: the tests that need one are skipped with `.requires(_:)`, which says which
/// folder is missing and how to supply it.
public enum ExternalCollection: String, CaseIterable, Sendable {
    /// Real API descriptions: OpenAPI 3.0, 3.1 and Swagger 2.0, JSON and YAML, some packed.
    case openAPI = "openapi"
    /// The YAML test suite and JSONTestSuite.
    case conformance = "conformance"

    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder that holds the collections: `$COURIER_SHARED`, else `../shared`.
    public static var sharedFolder: URL {
        if let named = ProcessInfo.processInfo.environment["COURIER_SHARED"], !named.isEmpty {
            return URL(fileURLWithPath: named, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// Where this collection is read from.
    public var folder: URL { Self.sharedFolder.appendingPathComponent(rawValue) }

    /// Whether the collection's folder is there.
    public var isPresent: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Why a test that needs the collection was skipped, and how to run it.
    public var absence: String {
        "\(folder.path) is missing: the \(self == .openAPI ? "published OpenAPI descriptions" : "parsers' conformance suites") are not in this "
            + "repository; set COURIER_SHARED to a folder that holds \(rawValue)/, or put shared/ beside the clone"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `collection` is present; elsewhere it is skipped, with the
    /// folder that is missing and how to supply it as the reason.
    public static func requires(_ collection: ExternalCollection) -> Self {
        .enabled(if: collection.isPresent, Comment(rawValue: collection.absence))
    }
}
