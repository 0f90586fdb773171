import Foundation

extension Checker {
    /// Resolves a type as written. Envelopes (`Data<T>`, `Page<T>`) are refused here: they are
    /// read only right after `returns`. `File`, and a union with a `File` variant, are accepted
    /// only where `allowFile` says so.
    /// Returns nil after reporting an error.
    func resolve(_ syntax: TypeSyntax, allowFile: Bool = false, nestedPart: TypeSyntax? = nil) -> TypeRef? {
        switch syntax.kind {
        case .optional(let wrapped):
            return resolve(wrapped, allowFile: allowFile, nestedPart: nestedPart).map(TypeRef.optional)
        case .array(let element):
            // A part is a file or a list of files: `[[File]]` and `[File?]` are not parts.
            let isPart = if case .named = element.kind { true } else { false }
            return resolve(element, allowFile: allowFile && isPart, nestedPart: allowFile && !isPart ? syntax : nestedPart).map(TypeRef.array)
        case .dictionary(let key, let value):
            let keyType = resolve(key)
            let valueType = resolve(value)
            guard let keyType, let valueType else { return nil }
            guard keyType == .scalar(.string) else {
                log.error(
                    key.location, "dictionary keys must be String, not '\(keyType)'",
                    hint: "JSON object keys are always strings")
                return nil
            }
            return .dictionary(valueType)
        case .named(let name, let arguments):
            if name.text == "Data" || name.text == "Page" || name.text == "Response" {
                log.error(
                    name.location, "'\(name.text)<T>' is only allowed right after 'returns'",
                    hint: "an envelope describes a whole response; use a model for nested values")
                return nil
            }
            if name.text == "Text" {
                log.error(
                    name.location, "'Text' is only allowed right after 'returns' or 'body'",
                    hint: "it is a whole text body; use String for text inside JSON")
                return nil
            }
            if name.text == "Nullable" {
                guard arguments.count == 1 else {
                    log.error(name.location, "'Nullable' takes one type argument", hint: "write Nullable<String>")
                    return nil
                }
                guard let wrapped = resolve(arguments[0]) else { return nil }
                switch wrapped {
                case .optional, .nullable:
                    log.error(
                        arguments[0].location, "'Nullable<\(wrapped)>' says null twice",
                        hint: "write Nullable<\(wrapped.unwrappedNullable)>, and '?' after it when the key may be absent")
                    return nil
                default:
                    return .nullable(wrapped)
                }
            }
            if !arguments.isEmpty {
                log.error(
                    arguments[0].location, "type '\(name.text)' takes no type arguments",
                    hint: "only Nullable<T>, Data<T>, Page<T> and Response<T> are generic")
                return nil
            }
            if let nestedPart, name.text == "File" || multipartPartUnionNames.contains(name.text) {
                log.error(
                    nestedPart.location, "a multipart part is a file or a list of files, not a list of lists or of optionals",
                    hint: "write [\(name.text)] for several files under one name")
                return nil
            }
            if name.text == "File" {
                guard allowFile else {
                    log.error(
                        name.location, "'File' is only allowed in a multipart body",
                        hint: "use Bytes for binary data inside JSON")
                    return nil
                }
                return .file
            }
            if let scalar = TypeRef.Scalar(rawValue: name.text) { return .scalar(scalar) }
            switch symbols[name.text]?.kind {
            case .model: return .model(name.text)
            case .enumeration: return .enumeration(name.text)
            case .union:
                if !allowFile, multipartPartUnionNames.contains(name.text) {
                    log.error(
                        name.location, "'\(name.text)' has a File variant and is only allowed in a multipart body",
                        hint: "such a union is one part of a multipart body, a file or a value in its place; use Bytes for binary data inside JSON")
                    return nil
                }
                return .union(name.text)
            case .alias: return resolveAlias(named: name.text)
            case nil:
                let candidates = Array(symbols.keys) + TypeRef.Scalar.allCases.map(\.rawValue)
                log.error(
                    name.location, "unknown type '\(name.text)'\(Suggestion.didYouMean(name.text, in: candidates))")
                return nil
            }
        }
    }

    /// Whether a written type names a text value (`String`, `Date`, an enum), before types are
    /// resolved: what the variants of a union that parameters can send are.
    func isTextValueSyntax(_ type: TypeSyntax) -> Bool {
        guard case .named(let name, let arguments) = type.kind, arguments.isEmpty else { return false }
        if let scalar = TypeRef.Scalar(rawValue: name.text) { return TypeRef.scalar(scalar).isTextValue }
        if symbols[name.text]?.kind == .alias, let target = aliasSyntax[name.text]?.target, !aliasesInProgress.contains(name.text) {
            aliasesInProgress.append(name.text)
            defer { aliasesInProgress.removeLast() }
            return isTextValueSyntax(target)
        }
        return symbols[name.text]?.kind == .enumeration
    }

    /// Whether a parameter sends a type as one text value or a list of them: an array of text
    /// values, or an untagged union whose variants are text values and arrays of them.
    func isTextList(_ type: TypeRef) -> Bool {
        switch type {
        case .array(let element): return element.isTextValue
        case .union(let name): return textListUnionNames.contains(name)
        default: return false
        }
    }

    /// Checks a default value against its type and returns it as a literal.
    func literal(_ value: ValueSyntax, for type: TypeRef) -> Literal? {
        func mismatch(_ expected: String) -> Literal? {
            log.error(
                value.location, "default value \(Checker.spelling(of: value)) does not fit type '\(type)'",
                hint: expected)
            return nil
        }
        switch type {
        case .optional(let wrapped):
            if case .identifier(let word) = value.kind, word == "nil" || word == "null" { return .null }
            return literal(value, for: wrapped)
        case .array(let element):
            guard case .list(let items) = value.kind else { return mismatch("write a list such as [] or [a, b]") }
            var literals: [Literal] = []
            for item in items {
                guard let itemLiteral = literal(item, for: element) else { return nil }
                literals.append(itemLiteral)
            }
            return .array(literals)
        case .dictionary:
            guard case .emptyDictionary = value.kind else { return mismatch("a dictionary's only default is [:]") }
            return .emptyDictionary
        case .enumeration(let name):
            guard case .identifier(let caseName) = value.kind else {
                return mismatch("write one of the enum's case names, such as \(enumCaseNames[name]?.first ?? "caseName")")
            }
            let cases = enumCaseNames[name] ?? []
            guard cases.contains(caseName) else {
                log.error(
                    value.location,
                    "enum '\(name)' has no case '\(caseName)'\(Suggestion.didYouMean(caseName, in: cases))")
                return nil
            }
            return .enumCase(caseName)
        case .scalar(let scalar):
            return scalarLiteral(value, scalar: scalar, mismatch: mismatch)
        case .model, .union, .file, .nullable:
            log.error(
                value.location, "a default value is not supported for type '\(type)'",
                hint: "make the field optional instead")
            return nil
        }
    }

    private func scalarLiteral(
        _ value: ValueSyntax, scalar: TypeRef.Scalar, mismatch: (String) -> Literal?
    ) -> Literal? {
        switch (scalar, value.kind) {
        case (.string, .string(let text)):
            return .string(text)
        case (.bool, .identifier(let word)) where word == "true" || word == "false":
            return .bool(word == "true")
        case (.int, .integer(let number, _)), (.int64, .integer(let number, _)):
            guard let number else { return mismatch("the number does not fit in 64 bits") }
            return .integer(number)
        case (.uint64, .integer(let number, _)):
            guard let number, number >= 0 else { return mismatch("a default of UInt64 is a whole number from 0 to 2^63 - 1") }
            return .integer(number)
        case (.int32, .integer(let number, _)):
            guard let number, let small = Int32(exactly: number) else {
                return mismatch("the number does not fit in Int32")
            }
            return .integer(Int64(small))
        case (.double, .integer(let number, let text)), (.float, .integer(let number, let text)):
            return .double(number.map(Double.init) ?? Double(text) ?? 0)
        case (.double, .decimal(let number, _)), (.float, .decimal(let number, _)):
            guard number.isFinite else { return mismatch("the number is beyond the range of a Double") }
            return .double(number)
        case (.uuid, .string(let text)):
            guard UUID(uuidString: text) != nil else { return mismatch("write a UUID such as \"3F2504E0-4F89-11D3-9A0C-0305E82C3301\"") }
            return .string(text)
        case (.url, .string(let text)):
            guard URL(string: text) != nil, !text.isEmpty else { return mismatch("write a valid URL in quotes") }
            return .string(text)
        case (.json, .string(let text)): return .string(text)
        case (.json, .integer(let number?, _)): return .integer(number)
        case (.json, .decimal(let number, _)) where number.isFinite: return .double(number)
        case (.json, .identifier(let word)) where word == "true" || word == "false": return .bool(word == "true")
        case (.json, .identifier(let word)) where word == "null" || word == "nil": return .null
        case (.json, .emptyDictionary): return .emptyDictionary
        case (.json, .list(let items)) where items.isEmpty: return .array([])
        case (.date, _), (.bytes, _):
            log.error(
                value.location, "a default value is not supported for type '\(scalar.rawValue)'",
                hint: "make the field optional instead")
            return nil
        default:
            let examples: [TypeRef.Scalar: String] = [
                .string: "write text in double quotes", .bool: "write true or false",
                .int: "write a whole number", .int32: "write a whole number", .int64: "write a whole number", .uint64: "write a whole number",
                .double: "write a number such as 2.5", .float: "write a number such as 2.5",
                .uuid: "write a UUID in double quotes", .url: "write a URL in double quotes",
                .json: "write a string, number, true, false, null, [] or [:]",
            ]
            return mismatch(examples[scalar] ?? "")
        }
    }

    /// How a value is shown in messages.
    static func spelling(of value: ValueSyntax) -> String {
        switch value.kind {
        case .string(let text): return "\"\(text)\""
        case .integer(_, let text): return text
        case .decimal(_, let text): return text
        case .duration(_, let text): return text
        case .identifier(let word): return "'\(word)'"
        case .list: return "list"
        case .emptyDictionary: return "[:]"
        case .membership(let name, _): return "'\(name.text) in […]'"
        }
    }
}
