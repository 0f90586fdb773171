import Dispatch
import Foundation
import Testing

@testable import CourierRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// One timer watches every exchange's timeout (`ProgressWatchdog`): a sooner deadline must
    /// re-arm it, progress must move a deadline later, and an exchange that has ended must not
    /// stay in its keeping.
    @Suite("The progress watchdog")
    struct ProgressWatchdogTests {
        static func request(timeout: TimeInterval) -> HTTPRequest {
            HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:9/never")!, timeout: timeout)
        }

        /// Whether `watchdog` watches an exchange within a bounded number of turns of the executor
        /// (the call that starts it runs in a task of its own).
        static func watching(_ watchdog: ProgressWatchdog) async -> Bool {
            for _ in 0..<100_000 {
                if watchdog.watchedCount > 0 { return true }
                await Task.yield()
            }
            return false
        }

        /// Starts an exchange on a task that never answers; the returned call ends when the
        /// exchange does.
        static func start(_ exchange: Exchange) -> Task<HTTPResponse, any Error> {
            Task { try await withCheckedThrowingContinuation { exchange.start(SilentDataTask(), whole: $0) } }
        }

        @Test func aSoonerDeadlineIsKeptWhileALaterOneIsArmed() async throws {
            let watchdog = ProgressWatchdog()
            let patient = Exchange(request: Self.request(timeout: 600), body: nil, watchdog: watchdog)
            let patientCall = Self.start(patient)
            try #require(await Self.watching(watchdog), "the exchange was never watched")
            let hasty = Exchange(request: Self.request(timeout: 0.05), body: nil, watchdog: watchdog)
            let ended = try #require(
                await result(of: Self.start(hasty), within: 30), "a 0.05 s timeout waited for the timer armed for 600 s")
            #expect(throws: TransportError.timedOut) { try ended.get() }
            #expect(!patient.hasEnded)
            patient.cancel()
            _ = await patientCall.result
            #expect(watchdog.watchedCount == 0)
        }

        @Test func progressMovesTheDeadlineLater() async throws {
            let watchdog = ProgressWatchdog()
            let exchange = Exchange(request: Self.request(timeout: 10), body: nil, watchdog: watchdog)
            let call = Self.start(exchange)
            try #require(await Self.watching(watchdog), "the exchange was never watched")
            let first = try #require(exchange.endIfIdle(at: .now()))
            exchange.receive(data: Data("x".utf8))
            let second = try #require(exchange.endIfIdle(at: .now()))
            #expect(second > first, "body bytes did not count as progress")
            // Just before the deadline the exchange goes on; at it, it ends as timed out.
            #expect(exchange.endIfIdle(at: DispatchTime(uptimeNanoseconds: second.uptimeNanoseconds - 1)) == second)
            #expect(exchange.endIfIdle(at: second) == nil)
            let ended = try #require(await result(of: call, within: 30))
            #expect(throws: TransportError.timedOut) { try ended.get() }
        }

        @Test func anExchangeThatEndedBeforeItWasWatchedIsLetGo() async throws {
            let watchdog = ProgressWatchdog()
            let ended = Exchange(request: Self.request(timeout: 600), body: nil, watchdog: watchdog)
            let endedCall = Self.start(ended)
            try #require(await Self.watching(watchdog), "the exchange was never watched")
            ended.cancel()
            _ = await endedCall.result
            #expect(watchdog.watchedCount == 0, "an exchange that ended stays watched")
            // The race: the exchange ends between reading its deadline and being watched.
            watchdog.watch(ended, deadline: .now() + 600)
            let timing = Exchange(request: Self.request(timeout: 0.05), body: nil, watchdog: watchdog)
            _ = try #require(await result(of: Self.start(timing), within: 30))
            #expect(watchdog.watchedCount == 0, "the timer's round kept an exchange that had ended")
        }
    }
#endif
