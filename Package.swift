// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "CourierRuntime", targets: ["CourierRuntime"]),
        .library(name: "CourierSchema", targets: ["CourierSchema"]),
        .library(name: "CourierRealtime", targets: ["CourierRealtime"]),
        .executable(name: "courier", targets: ["courier"]),
        .plugin(name: "CourierBuildPlugin", targets: ["CourierBuildPlugin"]),
        .plugin(name: "CourierCommandPlugin", targets: ["CourierCommandPlugin"]),
        .plugin(name: "CourierDiffPlugin", targets: ["CourierDiffPlugin"]),
    ],
    targets: [
        .target(name: "CourierSchema"),
        .target(name: "CourierRuntime"),
        // Sockets: WebSocket (RFC 6455) and channels; its own product, so an app that never
        // subscribes never links it.
        .target(name: "CourierRealtime", dependencies: ["CourierRuntime"]),
        .target(name: "CourierCodegen", dependencies: ["CourierSchema"]),
        .target(name: "CourierImport", dependencies: ["CourierSchema"]),
        .target(name: "CourierDiff", dependencies: ["CourierSchema", "CourierCodegen"]),
        .executableTarget(name: "courier", dependencies: ["CourierSchema", "CourierCodegen", "CourierImport", "CourierDiff"]),
        .plugin(name: "CourierBuildPlugin", capability: .buildTool(), dependencies: ["courier"]),
        .plugin(
            name: "CourierCommandPlugin",
            capability: .command(
                intent: .custom(verb: "generate-api", description: "Write Generated/<Target>/ from each target's schema"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated Swift files to Generated/<Target>/")]),
            dependencies: ["courier"]),
        .plugin(
            name: "CourierDiffPlugin",
            capability: .command(intent: .custom(verb: "courier-diff", description: "Report what each target's schema change breaks, against a git revision")),
            dependencies: ["courier"]),
        .target(name: "Archon", dependencies: ["CourierRuntime", "CourierRealtime"], plugins: ["CourierBuildPlugin"]),
        // The fuzz targets (Scripts/fuzz); built normally, it replays inputs from files.
        .executableTarget(
            name: "CourierFuzz", dependencies: ["CourierSchema", "CourierImport", "CourierRuntime", "CourierRealtime"], path: "Fuzz/CourierFuzz"),
        .testTarget(name: "CourierSchemaTests", dependencies: ["CourierSchema", "CourierTestSupport"]),
        .testTarget(name: "CourierDiffTests", dependencies: ["CourierDiff", "CourierSchema", "CourierCodegen", "CourierTestSupport"]),
        .testTarget(
            name: "CourierImportTests", dependencies: ["CourierImport", "CourierSchema", "CourierCodegen", "CourierTestSupport"]),
        .target(name: "CourierFixtures", dependencies: ["CourierRuntime", "CourierRealtime"], path: "Tests/CourierFixtures", plugins: ["CourierBuildPlugin"]),
        .testTarget(
            name: "CourierCodegenTests", dependencies: ["CourierCodegen", "CourierSchema", "CourierRuntime", "CourierFixtures", "Archon"],
            exclude: ["Snapshots"]),
        .target(name: "CourierLoopbackServer", path: "Tests/CourierLoopbackServer"),
        .target(name: "HTTPBinClient", dependencies: ["CourierRuntime"], path: "Tests/HTTPBinClient", plugins: ["CourierBuildPlugin"]),
        .target(name: "CourierTestSupport", dependencies: ["CourierRuntime"], path: "Tests/CourierTestSupport"),
        .testTarget(
            name: "CourierRuntimeTests", dependencies: ["CourierRuntime", "CourierTestSupport", "CourierLoopbackServer"], exclude: ["Fixtures"]),
        .testTarget(name: "CourierRealtimeTests", dependencies: ["CourierRealtime", "CourierFixtures", "CourierTestSupport", "CourierLoopbackServer"]),
        .testTarget(name: "CourierPluginTests", dependencies: ["CourierLoopbackServer", "CourierImport", "CourierTestSupport"]),
        .testTarget(
            name: "CourierLiveTests", dependencies: ["Archon", "HTTPBinClient", "CourierRuntime", "CourierRealtime", "CourierTestSupport", "CourierLoopbackServer"]),
        .executableTarget(name: "SchemaBenchmark", dependencies: ["CourierSchema"], path: "Benchmarks/SchemaBenchmark"),
        .executableTarget(
            name: "RuntimeBenchmark", dependencies: ["Archon", "CourierRuntime", "CourierLoopbackServer"], path: "Benchmarks/RuntimeBenchmark"),
        .executableTarget(
            name: "CodegenBenchmark", dependencies: ["CourierSchema", "CourierCodegen"], path: "Benchmarks/CodegenBenchmark"),
        .executableTarget(name: "ImportBenchmark", dependencies: ["CourierImport"], path: "Benchmarks/ImportBenchmark"),
        .executableTarget(
            name: "RealtimeBenchmark", dependencies: ["CourierRealtime", "CourierRuntime", "CourierLoopbackServer"], path: "Benchmarks/RealtimeBenchmark"),
        .executableTarget(name: "FaultSoak", dependencies: ["CourierRuntime", "CourierLoopbackServer"], path: "Benchmarks/FaultSoak"),
    ],
    swiftLanguageModes: [.v6]
)
