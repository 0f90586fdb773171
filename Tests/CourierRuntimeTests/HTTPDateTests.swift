import Foundation
import Testing

@testable import CourierRuntime

/// `Retry-After` dates are read in the three forms RFC 9110 (section 5.6.7) allows, and nothing
/// else.
@Suite("HTTP dates")
struct HTTPDateTests {
    /// 1994-11-06T08:49:37Z, the moment of RFC 9110's examples.
    let rfcExample = Date(timeIntervalSince1970: 784_111_777)
    let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30

    @Test func theThreeFormsOfTheStandardsExampleNameOneMoment() {
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPDate.parse(text, now: now) == rfcExample, "\(text)")
        }
        #expect(HTTPDate.parse("Thu Nov 26 08:49:37 2026", now: now) == Date(timeIntervalSince1970: 1_795_682_977))
    }

    /// The dates a DateFormatter writes in the IMF-fixdate form read back to the same second,
    /// across leap years, month ends and centuries.
    @Test func imfFixdatesAgreeWithFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var seconds: Int64 = -2_208_988_800  // 1900-01-01
        var checked = 0
        while seconds < 4_102_444_800 {  // 2100-01-01
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let text = formatter.string(from: date)
            #expect(HTTPDate.parse(text, now: now) == date, "\(text)")
            seconds += 86_400 * 37 + 3_607
            checked += 1
        }
        #expect(checked > 1_900)
        for text in ["Tue, 29 Feb 2000 23:59:59 GMT", "Fri, 31 Dec 1999 00:00:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT"] {
            #expect(HTTPDate.parse(text, now: now).map(formatter.string(from:)) == text)
        }
    }

    /// RFC 9110: a two-digit year more than 50 years in the future is the most recent year in the
    /// past with those digits.
    @Test func anRFC850YearIsPlacedWithinFiftyYearsOfNow() {
        func year(_ twoDigits: String) -> Int? {
            HTTPDate.parse("Monday, 01-Jan-\(twoDigits) 00:00:00 GMT", now: now).map {
                ISO8601.civilFromDays(Int($0.timeIntervalSince1970 / 86_400)).year
            }
        }
        #expect(year("26") == 2026)
        #expect(year("76") == 2076)
        #expect(year("77") == 1977)
        #expect(year("99") == 1999)
        #expect(year("00") == 2000)
    }

    @Test func anythingElseIsNotADate() {
        let refused = [
            "", "Sun, 06 Nov 1994 08:49:37 gmt", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 +0000",
            "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT", "Sun,  06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT ",
            "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT", "Sun, 30 Feb 1994 08:49:37 GMT",
            "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
            "Sundae, 06-Nov-94 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT",
            "Sun Nov 6 08:49:37 1994", "Sun Nov 06 08:49:37 1994 GMT", "Sunday Nov  6 08:49:37 1994",
            "Sun, 06 Nov 1994 08:49:37 GMTX", "Sun, 06 Nov 1994 08:49:37 GMT\u{0}", "Sun, ０6 Nov 1994 08:49:37 GMT",
            // The fuzzer's finding: DateFormatter, which read these before, leaked on it on Linux.
            "3;t" + String(repeating: "\u{1A69A}", count: 9),
        ]
        for text in refused {
            #expect(HTTPDate.parse(text, now: now) == nil, "'\(text)' is not an HTTP date")
        }
    }

    @Test func aRetryAfterDateIsTheTimeUntilIt() {
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:50:07 GMT", now: rfcExample) == 30)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:07 GMT", now: rfcExample) == 0)
    }
}
