import Foundation
import Testing

@testable import CourierRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// A task that URLSession would never report on: it records what it is asked and answers
    /// nothing. (`URLSessionTask.init()` is deprecated on Apple platforms, so the double is
    /// written for Linux, where the stack is known to lose such reports.)
    final class SilentDataTask: URLSessionDataTask, @unchecked Sendable {
        private let lock = NSLock()
        private var resumed: CheckedContinuation<Void, Never>?
        private var cancelled: CheckedContinuation<Void, Never>?
        private var resumeCount = 0
        private var cancelCount = 0
        private var cancelledInline = false
        /// When set, `cancel()` waits for it, as `URLSessionTask.cancel()` waits for a busy work
        /// queue; a cancel made on the cancelling thread then holds that thread up.
        let gate: DispatchSemaphore?

        init(gate: DispatchSemaphore? = nil) {
            self.gate = gate
            super.init()
        }

        override func resume() {
            let waiting = lock.withLock {
                resumeCount += 1
                defer { resumed = nil }
                return resumed
            }
            waiting?.resume()
        }

        override func cancel() {
            let heldUp = gate.map { $0.wait(timeout: .now() + 10) == .timedOut } ?? false
            let waiting = lock.withLock {
                cancelledInline = cancelledInline || heldUp
                cancelCount += 1
                defer { cancelled = nil }
                return cancelled
            }
            waiting?.resume()
        }

        /// How often `resume()` and `cancel()` were called.
        var calls: (resumes: Int, cancels: Int) { lock.withLock { (resumeCount, cancelCount) } }

        /// Whether a `cancel()` ran before the gate opened: on the thread that cancelled.
        var wasCancelledInline: Bool { lock.withLock { cancelledInline } }

        /// Returns once the task has been resumed.
        func waitForResume() async { await wait(until: { $0.resumeCount > 0 }, storingIn: \.resumed) }

        /// Returns once the task has been cancelled.
        func waitForCancel() async { await wait(until: { $0.cancelCount > 0 }, storingIn: \.cancelled) }

        /// Returns at once when `happened`, else once `resume()` or `cancel()` resumes the
        /// continuation kept at `slot`.
        private func wait(
            until happened: (SilentDataTask) -> Bool, storingIn slot: ReferenceWritableKeyPath<SilentDataTask, CheckedContinuation<Void, Never>?>
        ) async {
            await withCheckedContinuation { continuation in
                let done = lock.withLock {
                    if happened(self) { return true }
                    self[keyPath: slot] = continuation
                    return false
                }
                if done { continuation.resume() }
            }
        }
    }

    /// A cancelled or timed-out request ends by itself, whether or not URLSession reports its
    /// task: a report lost on Linux once hung a test run for an hour and a half.
    @Suite("An exchange ends without URLSession's report")
    struct ExchangeEndingTests {
        static func request(timeout: TimeInterval = 60) -> HTTPRequest {
            HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:9/never")!, timeout: timeout)
        }

        @Test func aCancelledRequestEndsAtOnceAndItsTaskIsCancelled() async throws {
            let exchange = Exchange(request: Self.request(), body: nil)
            let task = SilentDataTask()
            let call = Task { try await withCheckedThrowingContinuation { exchange.start(task, whole: $0) } }
            await task.waitForResume()
            exchange.cancel()
            let ended = try #require(await result(of: call, within: 30), "the call waits for a report that never comes")
            #expect(throws: TransportError.cancelled) { try ended.get() }
            await task.waitForCancel()
            #expect(task.calls.cancels == 1)
        }

        @Test func theTaskIsCancelledOffTheThreadThatCancels() async throws {
            let gate = DispatchSemaphore(value: 0)
            let exchange = Exchange(request: Self.request(), body: nil)
            let task = SilentDataTask(gate: gate)
            let call = Task { try await withCheckedThrowingContinuation { exchange.start(task, whole: $0) } }
            await task.waitForResume()
            exchange.cancel()
            gate.signal()
            await task.waitForCancel()
            #expect(!task.wasCancelledInline, "URLSessionTask.cancel() ran inside Exchange.cancel(), on a thread that may hold a task's lock")
            _ = await call.result
        }

        @Test func aRequestCancelledBeforeItStartsNeverGoesOut() async throws {
            let exchange = Exchange(request: Self.request(), body: nil)
            let task = SilentDataTask()
            exchange.cancel()
            let call = Task { try await withCheckedThrowingContinuation { exchange.start(task, whole: $0) } }
            let ended = try #require(await result(of: call, within: 30), "the call waits for a report that never comes")
            #expect(throws: TransportError.cancelled) { try ended.get() }
            await task.waitForCancel()
            #expect(task.calls.resumes == 0)
        }

        @Test func aStreamThatTimesOutEndsItsHeadAndBody() async throws {
            let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let exchange = Exchange(request: Self.request(timeout: 0.05), body: continuation)
            let task = SilentDataTask()
            let head = Task { try await withCheckedThrowingContinuation { exchange.start(task, head: $0) } }
            let ended = try #require(await result(of: head, within: 30), "the head waits for a report that never comes")
            #expect(throws: TransportError.timedOut) { try ended.get() }
            await #expect(throws: TransportError.timedOut) { for try await _ in body {} }
            await task.waitForCancel()
        }

        @Test func aReportAfterTheEndChangesNothing() async throws {
            let exchange = Exchange(request: Self.request(), body: nil)
            let task = SilentDataTask()
            let call = Task { try await withCheckedThrowingContinuation { exchange.start(task, whole: $0) } }
            await task.waitForResume()
            exchange.cancel()
            // URLSession's late report of the cancelled task, and a stray response head.
            exchange.receive(head: .init(status: 200, headers: [:]))
            exchange.complete(error: nil)
            let ended = try #require(await result(of: call, within: 30))
            #expect(throws: TransportError.cancelled) { try ended.get() }
        }

        /// URLSession reports a task's completion while its `state` still reads `running`; a
        /// cancel sent after that report costs a handoff and a wait for the session's work queue
        /// on every request, for nothing.
        @Test func aTaskThatURLSessionReportedCompleteIsNotCancelled() async throws {
            let exchange = Exchange(request: Self.request(), body: nil)
            let task = SilentDataTask()
            let call = Task { try await withCheckedThrowingContinuation { exchange.start(task, whole: $0) } }
            await task.waitForResume()
            exchange.receive(head: .init(status: 200, headers: [:]))
            exchange.receive(data: Data("done".utf8))
            exchange.complete(error: nil)
            let ended = try #require(await result(of: call, within: 30))
            #expect(try ended.get().body == Data("done".utf8))
            // A cancel would have been queued before the call resumed: let the queue run it.
            Exchange.cancellations.sync {}
            #expect(task.calls.cancels == 0)
        }
    }
#endif
