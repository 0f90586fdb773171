import Dispatch
import Foundation

/// The queue on which URLSession calls the transport's delegate.
///
/// swift-corelibs-foundation hands each callback (the response head, each piece of the body,
/// the completion) to the delegate queue as an `Operation`, which `OperationQueue` schedules and
/// runs on another thread: three handoffs per request, about a tenth of a loopback GET's CPU.
/// On Linux this queue runs each callback at once, on the session's own serial work queue that
/// raised it, as URLSession itself does for `data(for:)`; the order of the callbacks is kept.
/// The delegate's callbacks are short and never wait (a lock, a copy, a continuation resumed).
/// Whatever may wait for the work queue, such as answering an authentication challenge (to
/// decline it cancels the task, and `URLSessionTask.cancel()` waits for the work queue), goes
/// through `answer(_:)` instead, off that queue.
///
/// On Apple platforms it is an ordinary serial queue on a dispatch queue of its own.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    /// Where answers that may wait for the session's work queue are given.
    private static let answers = DispatchQueue(label: "Courier.URLSessionTransport.answers")

    /// The queue under this one, kept here: `OperationQueue` does not keep its underlying queue.
    private let dispatchQueue: DispatchQueue

    init(label: String) {
        dispatchQueue = DispatchQueue(label: label)
        super.init()
        maxConcurrentOperationCount = 1
        name = label
        // Where an operation is added as an `Operation`, a dispatch queue of its own runs it for
        // less than OperationQueue's own scheduling.
        underlyingQueue = dispatchQueue
    }

    #if canImport(FoundationNetworking)
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    #endif

    /// Runs `answer` off the thread of the callback that gives it.
    static func answer(_ answer: @escaping @Sendable () -> Void) {
        answers.async(execute: answer)
    }
}
