/// A field marked `@message`: its text is the message of an error response.
struct MessageMark {
    /// The model the field belongs to; nil for a form or multipart field.
    let model: String?
    let field: String
    let wireName: String
    let type: TypeRef
    let location: SourceLocation
}

// The error model's message fields.
extension Checker {
    /// Checks the `@message` marks: each is a text field of the api block's error model. Returns
    /// their wire keys in order, the keys an error's message is read from.
    func checkMessageMarks() -> [String] {
        var keys: [String] = []
        for mark in messageMarks {
            guard let model = mark.model, model == settings.errorModel else {
                log.error(
                    mark.location, "'@message' marks a field of the error model",
                    hint: settings.errorModel.map { "mark a String field of '\($0)', the model the api block names with 'error'" }
                        ?? "name the error model in the api block with 'error Model', and mark its String fields")
                continue
            }
            guard mark.type.unwrapped == .scalar(.string) else {
                log.error(
                    mark.location, "'@message' needs a String field, but '\(model).\(mark.field)' is '\(mark.type)'",
                    hint: "the message is text")
                continue
            }
            keys.append(mark.wireName)
        }
        return keys
    }
}
