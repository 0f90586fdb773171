/// An endpoint as the importer writes it.
struct ImportedEndpoint: Sendable {
    struct Parameter: Sendable {
        var kind: String
        var name: String
        var type: ImportedType
        var wireName: String?
        var defaultValue: String?
        var style: String?
        var docs: [String]
        var isDeprecated: Bool
    }

    enum Body: Sendable {
        case json(ImportedType)
        case form([ImportedField])
        case multipart([ImportedField])
        case raw(isText: Bool, mediaType: String?)
    }

    var name: String
    var docs: [String]
    var method: String
    var path: String
    /// The path as the description writes it (its key under `paths`).
    var documentPath: String
    var attributes: [String]
    var parameters: [Parameter]
    var body: Body?
    /// What follows `returns`, or nil for no content.
    var returns: String?
    /// The group it belongs to (its first tag).
    var group: String

    /// The type names it mentions.
    var referencedNames: [String] {
        var names = parameters.flatMap(\.type.names)
        switch body {
        case .json(let type)?: names += type.names
        case .form(let fields)?, .multipart(let fields)?: names += fields.flatMap(\.type.names)
        case .raw?, nil: break
        }
        if let returns {
            names += returns.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        }
        return names
    }
}
