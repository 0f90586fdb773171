import CourierLoopbackServer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks/Servers/bench_server.py`, run with the first `python3` on the PATH for the
/// network benchmarks. It stops when this object goes away.
final class BenchServer: Sendable {
    private let process: LoopbackServerProcess
    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { process.baseURL }

    private init(process: LoopbackServerProcess) {
        self.process = process
    }

    static func start() async throws -> BenchServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/bench_server.py")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let python = path.split(separator: ":").map({ "\($0)/python3" }).first(where: FileManager.default.isExecutableFile)
        else { throw BenchmarkError("the network benchmarks need python3 on the PATH") }
        return BenchServer(process: try await LoopbackServerProcess.start(python: python, script: script))
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The clock the benchmark server stamps events with (Python's `time.monotonic_ns()`), in
/// nanoseconds: `CLOCK_MONOTONIC` on Linux, `CLOCK_UPTIME_RAW` (mach absolute time) on Apple
/// platforms.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    #if canImport(Darwin)
        clock_gettime(CLOCK_UPTIME_RAW, &time)
    #else
        clock_gettime(CLOCK_MONOTONIC, &time)
    #endif
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// CPU time this process has used so far, user and system, in milliseconds.
func processCPUMilliseconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

/// Sorted samples in milliseconds, summarised.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
}
