import CourierRuntime

/// Which changes of a table a subscription receives.
public enum TableEvent: String, Sendable, Hashable, CaseIterable {
    /// Inserted rows.
    case insert = "INSERT"
    /// Updated rows.
    case update = "UPDATE"
    /// Deleted rows.
    case delete = "DELETE"
}

/// A filter the server applies to a table's changes, in PostgREST's form (`column=op.value`);
/// only changes of rows that pass reach the app. Supabase Realtime filters on one column.
public struct TableFilter: Sendable, Hashable, CustomStringConvertible {
    /// The filter as the server reads it, such as `id=eq.42`.
    public var description: String

    /// A filter written by hand, such as `status=in.(running,created)`.
    public init(_ text: String) {
        description = text
    }

    /// Rows whose `column` equals `value`.
    public static func equal(_ column: String, _ value: some WireValueConvertible) -> TableFilter {
        TableFilter("\(column)=eq.\(value.wireValue)")
    }

    /// Rows whose `column` differs from `value`.
    public static func notEqual(_ column: String, _ value: some WireValueConvertible) -> TableFilter {
        TableFilter("\(column)=neq.\(value.wireValue)")
    }

    /// Rows whose `column` is less than `value`.
    public static func lessThan(_ column: String, _ value: some WireValueConvertible) -> TableFilter {
        TableFilter("\(column)=lt.\(value.wireValue)")
    }

    /// Rows whose `column` is greater than `value`.
    public static func greaterThan(_ column: String, _ value: some WireValueConvertible) -> TableFilter {
        TableFilter("\(column)=gt.\(value.wireValue)")
    }

    /// Rows whose `column` is one of `values`.
    public static func isIn(_ column: String, _ values: [some WireValueConvertible]) -> TableFilter {
        TableFilter("\(column)=in.(\(values.map(\.wireValue).joined(separator: ",")))")
    }
}
