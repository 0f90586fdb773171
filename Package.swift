// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "CourierRuntime", targets: ["CourierRuntime"]),
        .library(name: "CourierSchema", targets: ["CourierSchema"]),
        .executable(name: "courier", targets: ["courier"]),
    ],
    targets: [
        .target(name: "CourierSchema"),
        .target(name: "CourierRuntime"),
        .executableTarget(name: "courier", dependencies: ["CourierSchema"]),
        .testTarget(name: "CourierSchemaTests", dependencies: ["CourierSchema"]),
        .testTarget(name: "CourierRuntimeTests", dependencies: ["CourierRuntime"], exclude: ["Fixtures"]),
        .executableTarget(name: "SchemaBenchmark", dependencies: ["CourierSchema"], path: "Benchmarks/SchemaBenchmark"),
    ],
    swiftLanguageModes: [.v6]
)
