import Foundation

/// Where an attribute is written.
enum AttributeSite: String {
    case api = "the api block", model = "a model", enumeration = "an enum"
    case enumCase = "an enum case", union = "a union", variant = "a union variant"
    case group = "a group", endpoint = "an endpoint", field = "a field"
    case parameter = "a parameter", pathParameter = "a path parameter", alias = "an alias"
    case realtime = "a realtime member"
}

extension Checker {
    /// Which attributes each site accepts.
    static let attributeSites: [String: [AttributeSite]] = [
        "public": [.endpoint, .group, .realtime],
        "auth": [.endpoint, .group, .realtime],
        "idempotent": [.endpoint],
        "retries": [.endpoint],
        "timeout": [.endpoint],
        "deadline": [.endpoint],
        "poll": [.endpoint],
        "frozen": [.enumeration],
        "wire": [.field, .parameter],
        "message": [.field],
        "writesNull": [.field],
        "otherKeys": [.field],
        "prefix": [.parameter],
        "style": [.parameter, .field],
        "deprecated": [
            .realtime, .model, .enumeration, .enumCase, .union, .variant, .endpoint, .field, .parameter,
            .pathParameter, .alias,
        ],
    ]

    /// Checks names, placement and repetition; returns the valid attributes by name.
    func attributes(_ syntax: [AttributeSyntax], at site: AttributeSite) -> [String: AttributeSyntax] {
        var result: [String: AttributeSyntax] = [:]
        for attribute in syntax {
            let name = attribute.name.text
            guard let sites = Checker.attributeSites[name] else {
                let suggestion = Suggestion.didYouMean(name, in: Checker.attributeSites.keys)
                    .replacingOccurrences(of: "mean '", with: "mean '@")
                log.error(
                    attribute.location, "unknown attribute '@\(name)'\(suggestion)",
                    hint: suggestion.isEmpty
                        ? "known attributes: " + Checker.attributeSites.keys.sorted().map { "@\($0)" }.joined(separator: ", ")
                        : nil)
                continue
            }
            guard sites.contains(site) else {
                let places = sites.map(\.rawValue).joined(separator: ", ")
                log.error(
                    attribute.location, "'@\(name)' cannot be applied to \(site.rawValue)",
                    hint: "'@\(name)' applies to \(places)")
                continue
            }
            if let first = result[name] {
                log.error(
                    attribute.location, "duplicate attribute '@\(name)'",
                    notes: [.init(location: first.location, message: "first given here")])
                continue
            }
            result[name] = attribute
        }
        return result
    }

    /// Reads `@deprecated` or `@deprecated("why")`.
    func deprecation(_ attributes: [String: AttributeSyntax]) -> Deprecation? {
        guard let attribute = attributes["deprecated"] else { return nil }
        guard let arguments = attribute.arguments, !arguments.isEmpty else { return Deprecation(message: nil) }
        if arguments.count == 1, arguments[0].label == nil, case .string(let message) = arguments[0].value.kind {
            return Deprecation(message: message)
        }
        log.error(
            attribute.location, "'@deprecated' takes one string argument",
            hint: "write @deprecated(\"use displayTitle\")")
        return Deprecation(message: nil)
    }

    /// Reads `@wire("name")`.
    func wireName(_ attributes: [String: AttributeSyntax]) -> String? {
        guard let attribute = attributes["wire"] else { return nil }
        if let arguments = attribute.arguments, arguments.count == 1, arguments[0].label == nil,
            case .string(let name) = arguments[0].value.kind
        {
            if name.isEmpty {
                log.error(arguments[0].value.location, "wire name cannot be empty")
                return nil
            }
            return name
        }
        log.error(attribute.location, "'@wire' takes one string argument", hint: "write @wire(\"wire_name\")")
        return nil
    }

    /// Reports arguments given to an attribute that takes none; returns whether it is present.
    func flag(_ name: String, in attributes: [String: AttributeSyntax]) -> Bool {
        guard let attribute = attributes[name] else { return false }
        if let arguments = attribute.arguments, !arguments.isEmpty {
            log.error(attribute.location, "'@\(name)' takes no arguments", hint: "write @\(name)")
        }
        return true
    }

    /// The single unlabelled argument of an attribute, or nil after reporting it.
    func singleArgument(of attribute: AttributeSyntax, example: String) -> ValueSyntax? {
        guard let arguments = attribute.arguments, arguments.count == 1, arguments[0].label == nil else {
            log.error(
                attribute.location, "'@\(attribute.name.text)' takes one argument",
                hint: "write \(example)")
            return nil
        }
        return arguments[0].value
    }
}
