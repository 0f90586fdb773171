import Foundation

/// Reads the three date forms RFC 9110 (section 5.6.7) allows in header fields, exactly as it
/// writes them (names and `GMT` are case-sensitive):
/// - `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate, what servers send today);
/// - `Sunday, 06-Nov-94 08:49:37 GMT` (the obsolete RFC 850 form, with a two-digit year);
/// - `Sun Nov  6 08:49:37 1994` (the obsolete asctime form).
///
/// The day name must be one, but is not checked against the date: the date decides. Written
/// without `DateFormatter`, which on Linux leaks memory on some inputs and builds a formatter per
/// attempt.
enum HTTPDate {
    private static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or nil when the text is none of the three forms. `now` places an RFC 850 date's
    /// two-digit year: within 50 years of now, as RFC 9110 requires.
    static func parse(_ text: String, now: Date) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        let dayName = reader.letters()
        let date: Date?
        if reader.take(",") {
            if shortDays.contains(dayName) {
                date = imfFixdate(&reader)
            } else if longDays.contains(dayName) {
                date = rfc850Date(&reader, now: now)
            } else {
                date = nil
            }
        } else if shortDays.contains(dayName) {
            date = asctimeDate(&reader)
        } else {
            date = nil
        }
        return reader.isAtEnd ? date : nil
    }

    /// `, 06 Nov 1994 08:49:37 GMT` after the day name and its comma.
    private static func imfFixdate(_ reader: inout Reader) -> Date? {
        guard reader.take(" "), let day = reader.digits(2), reader.take(" "), let month = month(&reader),
            reader.take(" "), let year = reader.digits(4), reader.take(" ")
        else { return nil }
        return timeOfDay(&reader, year: year, month: month, day: day, zoneFollows: true)
    }

    /// `, 06-Nov-94 08:49:37 GMT` after the day name and its comma.
    private static func rfc850Date(_ reader: inout Reader, now: Date) -> Date? {
        guard reader.take(" "), let day = reader.digits(2), reader.take("-"), let month = month(&reader),
            reader.take("-"), let shortYear = reader.digits(2), reader.take(" ")
        else { return nil }
        let thisYear = ISO8601.civilFromDays(Int((now.timeIntervalSince1970 / 86_400).rounded(.down))).year
        var year = thisYear - thisYear % 100 + shortYear
        if year > thisYear + 50 { year -= 100 } else if year <= thisYear - 50 { year += 100 }
        return timeOfDay(&reader, year: year, month: month, day: day, zoneFollows: true)
    }

    /// ` Nov  6 08:49:37 1994` after the day name.
    private static func asctimeDate(_ reader: inout Reader) -> Date? {
        guard reader.take(" "), let month = month(&reader), reader.take(" ") else { return nil }
        let day: Int?
        if reader.take(" ") { day = reader.digits(1) } else { day = reader.digits(2) }
        guard let day, reader.take(" ") else { return nil }
        return timeOfDay(&reader, year: nil, month: month, day: day, zoneFollows: false)
    }

    /// `08:49:37`, then ` GMT` or (for asctime, `year` nil) ` 1994`, and the moment they name.
    private static func timeOfDay(_ reader: inout Reader, year: Int?, month: Int, day: Int, zoneFollows: Bool) -> Date? {
        guard let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2), reader.take(":"),
            let second = reader.digits(2), hour <= 23, minute <= 59, second <= 60, reader.take(" ")
        else { return nil }
        let fullYear: Int
        if zoneFollows {
            guard let year, reader.letters() == "GMT" else { return nil }
            fullYear = year
        } else {
            guard let year = reader.digits(4) else { return nil }
            fullYear = year
        }
        guard (1...ISO8601.daysIn(month: month, year: fullYear)).contains(day) else { return nil }
        let days = ISO8601.daysFromCivil(year: fullYear, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A three-letter month name as a number from 1 to 12.
    private static func month(_ reader: inout Reader) -> Int? {
        months.firstIndex(of: reader.letters()).map { $0 + 1 }
    }

    /// Reads a header value's bytes from the front.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        /// The ASCII letters from here on (possibly none).
        mutating func letters() -> String {
            let start = index
            while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") {
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Exactly `count` decimal digits as a number, or nil.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// Whether the next byte is `character`; it is taken when it is.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
    }
}
