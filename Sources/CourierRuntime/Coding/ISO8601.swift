import Foundation

/// Reads and writes ISO 8601 timestamps as APIs send them: `2026-11-29T14:00:22Z`,
/// `…22.123456+00:00` (PostgreSQL, PostgREST), `…22.1Z`, a space instead of `T`, offsets
/// written `+01`, `+0100` or `+01:00`. Written form: UTC, `Z`, fractional seconds only when
/// present, to the microsecond.
public enum ISO8601 {
    /// Parses a timestamp; nil when the text is not one.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(Array($0)) }
    }

    private static func parse(_ bytes: [UInt8]) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), expect("Tt "),
            let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), offsetHours <= 23 else { return nil }
            var offsetMinutes = 0
            if index < bytes.count {
                _ = expect(":")
                guard let minutes = digits(2), minutes <= 59 else { return nil }
                offsetMinutes = minutes
            }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the years that
    /// four digits can write.
    static let writableSeconds: Range<Double> = -62_135_596_800..<253_402_300_800

    /// Writes a timestamp in UTC. A date outside the years 1 to 9999 has no such form; it is
    /// described instead (encoding such a date is an error, see `writableString(from:)`).
    public static func string(from date: Date) -> String {
        writableString(from: date) ?? "\(date.timeIntervalSince1970) s from 1970 (outside the years 1 to 9999)"
    }

    /// The timestamp in UTC, or nil when its year, after rounding to the microsecond, is not
    /// between 1 and 9999.
    static func writableString(from date: Date) -> String? {
        let totalMicroseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard writableSeconds.contains(totalMicroseconds / 1_000_000) else { return nil }
        var seconds = Int((totalMicroseconds / 1_000_000).rounded(.down))
        var microseconds = Int(totalMicroseconds - Double(seconds) * 1_000_000)
        if microseconds < 0 {
            microseconds += 1_000_000
            seconds -= 1
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var result = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
        if microseconds > 0 {
            var fraction = pad(microseconds, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            result += "." + fraction
        }
        return result + "Z"
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
