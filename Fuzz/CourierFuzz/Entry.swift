import Foundation

/// The target a run uses: `COURIER_FUZZ_TARGET`, which `Scripts/fuzz` sets.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["COURIER_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("set COURIER_FUZZ_TARGET to one of: \(fuzzTargets.map(\.name).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

#if FUZZING
    /// libFuzzer's entry point: one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        selectedTarget.check(Array(UnsafeBufferPointer(start: data, count: count)))
        return 0
    }
#else
    /// Without libFuzzer: runs the selected target on each file given (a crash input, say), or
    /// with `--list`, names the targets.
    @main
    enum ReplayFuzzInputs {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "--list" {
                for target in fuzzTargets { print("\(target.name)  \(target.summary)") }
                return
            }
            for path in arguments {
                selectedTarget.check(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                print("\(path): the \(selectedTarget.name) target holds")
            }
        }
    }
#endif
