import Foundation
import Testing

@testable import CourierRuntime

/// The queue URLSession calls the transport's delegate on.
@Suite("The delegate queue")
struct DelegateQueueTests {
    #if canImport(FoundationNetworking)
        /// On Linux a callback runs at once, on the thread that raised it (URLSession's own
        /// work queue), instead of as an operation scheduled on another thread.
        @Test func aCallbackRunsAtOnceOnTheThreadThatRaisedIt() {
            let queue = DelegateQueue(label: "test")
            let raisingThread = pthread_self()
            let ran = Flag()
            queue.addOperation {
                ran.set(pthread_equal(pthread_self(), raisingThread) != 0)
            }
            #expect(ran.value == true)
        }
    #endif

    /// An answer that may wait for the queue the callback runs on is given off that thread: one
    /// given in place would wait for itself. The answer here waits for its caller to return.
    @Test func anAnswerIsGivenOffTheCallbacksThread() async {
        let callerReturned = DispatchSemaphore(value: 0)
        let waitedFor = Flag()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DelegateQueue.answer {
                // Given in place, this wait could only end by running out.
                waitedFor.set(callerReturned.wait(timeout: .now() + 10) == .success)
                continuation.resume()
            }
            callerReturned.signal()
        }
        #expect(waitedFor.value == true, "the answer ran inside the callback that gave it")
    }
}

/// A value set once from another thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool?

    func set(_ value: Bool) { lock.withLock { stored = value } }
    var value: Bool? { lock.withLock { stored } }
}
