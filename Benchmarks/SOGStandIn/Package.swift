// swift-tools-version: 6.1
// A stand-in for the two libraries that swift-openapi-generator's output compiles against
// (OpenAPIRuntime and HTTPTypes): the declarations that output uses, with the same names and
// generic signatures, and bodies that do nothing. It exists so that the leading generator's
// output in ../shared/bench/sog can be compiled beside ours in one run (`Benchmarks/compile-beside-sog`).
// The real runtime's helpers are not `@inlinable`, so its callers compile the same way against
// either; see Benchmarks/README.md for what this leaves out.
import PackageDescription

let package = Package(
    name: "SOGStandIn",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "OpenAPIRuntime", targets: ["OpenAPIRuntime"]),
        .library(name: "HTTPTypes", targets: ["HTTPTypes"]),
    ],
    targets: [
        .target(name: "HTTPTypes"),
        .target(name: "OpenAPIRuntime", dependencies: ["HTTPTypes"]),
    ]
)
