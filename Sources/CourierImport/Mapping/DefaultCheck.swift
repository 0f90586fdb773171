import Foundation

extension SchemaMapper {
    /// The `default` of a property or parameter schema, unless the schema itself refuses it.
    /// Okta writes `default: P30D` beside a `pattern` that only `P` matches: a client that
    /// filled in such a default would send a value the server's own description rejects, so it
    /// is left out, with a warning, and the field becomes optional instead.
    func checkedDefault(of schema: DocumentNode, at location: DocumentLocation, naming subject: String) -> DocumentNode? {
        guard let value = schema["default"] else { return nil }
        guard let (resolved, _) = try? files.resolve(schema, at: location), let reason = Self.refusal(of: value, by: resolved) else { return value }
        warn(
            location.appending("default"), "default",
            "the default \(Self.display(value)) of \(subject) \(reason); it is left out, and the value is optional")
        return nil
    }

    /// Why `schema` refuses `value`, for the constraints a default can break: `pattern`, the
    /// length of text, the bounds of a number and `enum`. nil when it does not.
    static func refusal(of value: DocumentNode, by schema: DocumentNode) -> String? {
        if let cases = schema["enum"]?.array, value != .null, !cases.contains(where: { same($0, value) }) {
            return "is not one of its enum's values"
        }
        if let constant = schema["const"], !same(constant, value) {
            return "is not its constant \(display(constant))"
        }
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let minimum = whole(schema["minLength"]), length < minimum { return "is shorter than its minLength of \(minimum)" }
            if let maximum = whole(schema["maxLength"]), length > maximum { return "is longer than its maxLength of \(maximum)" }
            if let pattern = schema["pattern"]?.string, let expression = try? NSRegularExpression(pattern: pattern),
                expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
            {
                return "does not match its pattern '\(pattern)'"
            }
        case .number(let text):
            guard let amount = Double(text) else { return nil }
            // YAML's `.inf` and numbers past a Double's range: JSON has no such number to send.
            if !amount.isFinite { return "is not a finite number" }
            if let minimum = number(schema["minimum"]), amount < minimum { return "is below its minimum of \(Self.trimmed(minimum))" }
            if let maximum = number(schema["maximum"]), amount > maximum { return "is above its maximum of \(Self.trimmed(maximum))" }
        default:
            break
        }
        return nil
    }

    /// A number as written, as a `Double`.
    private static func number(_ node: DocumentNode?) -> Double? {
        guard case .number(let text)? = node else { return nil }
        return Double(text)
    }

    /// A whole number as written, as an `Int`.
    private static func whole(_ node: DocumentNode?) -> Int? { number(node).flatMap { Int(exactly: $0) } }

    /// Whether an enum's value is the default: numbers by value (`1` is `1.0`), the rest as written.
    private static func same(_ value: DocumentNode, _ other: DocumentNode) -> Bool {
        if let left = number(value), let right = number(other) { return left == right }
        return value == other
    }

    private static func trimmed(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
