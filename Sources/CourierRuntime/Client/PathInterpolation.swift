extension String.StringInterpolation {
    /// Interpolates a value as one percent-encoded path segment: `"/tasks/\(path: id)"`.
    public mutating func appendInterpolation(path value: some WireValueConvertible) {
        appendLiteral(PathSegment.encode(value))
    }
}

extension HTTPHeaders {
    /// These headers plus the given fields; nil values are left out.
    public func merging(_ values: KeyValuePairs<String, (any WireValueConvertible)?>) -> HTTPHeaders {
        var result = self
        for (name, value) in values {
            if let value { result[name] = value.wireValue }
        }
        return result
    }
}
