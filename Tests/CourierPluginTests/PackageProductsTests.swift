import CourierTestSupport
import Foundation
import Testing

/// What a package that depends on Courier can use: the runtime, realtime (sockets, a product of
/// its own), the schema library, the tool and its plugins. The Archon client is Courier's own
/// example, for its tests and README.
@Suite("The package's products")
struct PackageProductsTests {
    @Test(.timeLimit(.minutes(2)))
    func usersGetTheToolAndTheRuntimeNotTheExample() async throws {
        // A scratch folder of its own: the running `swift test` holds the lock on `.build`.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-products-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try await runProcessApart(
            "/usr/bin/env", ["swift", "package", "--package-path", EndToEndPluginTests.courierRoot.path, "--scratch-path", scratch.path, "dump-package"])
        try #require(dump.status == 0, "\(dump.errors)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let products = try #require(package["products"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(
            products.sorted() == [
                "CourierBuildPlugin", "CourierCommandPlugin", "CourierDiffPlugin", "CourierRealtime", "CourierRuntime", "CourierSchema", "courier",
            ],
            "\(products)")
    }
}
