import CourierSchema

/// The statement that adds a value to a multipart body: a file, files, text, a file-or-value
/// union, or a value sent as a JSON part. Multipart fields and the variants of a union with a
/// `File` variant are sent alike.
enum MultipartAppend {
    /// `form.append("name", file: value)` and the like, for a value of `type` (optional or not).
    static func statement(_ name: String, _ value: String, type: TypeRef, to form: String, api: API) -> String {
        let orEmpty = type.isOptional ? " ?? []" : ""
        switch type.unwrapped {
        case .file: return "\(form).append(\(name), file: \(value))"
        case .array(.file): return "\(form).append(\(name), files: \(value))"
        case .union(let union) where api.union(named: union)?.isMultipartPart == true:
            return "try \(form).append(\(name), part: \(value))"
        case .array(.union(let union)) where api.union(named: union)?.isMultipartPart == true:
            return "try \(form).append(\(name), parts: \(value))"
        case .array(let element) where element.isTextValue:
            return "for item in \(value)\(orEmpty) { \(form).append(\(name), item) }"
        case let type where type.isTextValue: return "\(form).append(\(name), \(value))"
        default: return "try \(form).append(\(name), json: \(value))"
        }
    }
}
