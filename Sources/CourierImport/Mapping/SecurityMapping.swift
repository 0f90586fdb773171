import CourierSchema

/// The description's security schemes as the schema's auth: the api block's default, its API
/// key, and what each operation says otherwise.
struct SecurityMapping {
    enum Scheme: Equatable {
        case bearer
        case basic
        case apiKey(placement: String, name: String)
        case unsupported(String)

        /// The schema's word for it in `auth` and `@auth(…)`.
        var authWord: String? {
            switch self {
            case .bearer: "bearer"
            case .basic: "basic"
            case .apiKey, .unsupported: nil
            }
        }
    }

    /// Schemes by name.
    let schemes: [String: Scheme]
    /// The api block's `auth` word.
    let defaultAuth: String
    /// The api block's `apikey` line, if any.
    let apiKey: (placement: String, name: String)?

    init(root: DocumentNode, at location: DocumentLocation, mapper: SchemaMapper) {
        var schemes: [String: Scheme] = [:]
        let schemesLocation = location.appending("components").appending("securitySchemes")
        for (name, written) in root["components"]?["securitySchemes"]?.object?.members ?? [] {
            // A scheme may be a `$ref` to one written elsewhere.
            let node = (try? mapper.files.resolve(written, at: schemesLocation.appending(name)))?.node ?? written
            switch (node["type"]?.string, node["scheme"]?.string?.lowercased(), node["in"]?.string) {
            case ("http", "bearer"?, _), ("oauth2", _, _), ("openIdConnect", _, _): schemes[name] = .bearer
            case ("http", "basic"?, _): schemes[name] = .basic
            case ("apiKey", _, let place?) where place == "header" || place == "query":
                let keyName = node["name"]?.string ?? name
                guard place == "header" ? HeaderName.isValid(keyName) : !keyName.isEmpty else {
                    mapper.warn(
                        schemesLocation.appending(name), "security scheme",
                        "the API key '\(name)' is named '\(keyName)', which no \(place) can carry; requests do not send it")
                    schemes[name] = .unsupported(name)
                    continue
                }
                schemes[name] = .apiKey(placement: place, name: keyName)
            default:
                let described = [node["type"]?.string, node["scheme"]?.string, node["in"]?.string].compactMap { $0 }.joined(separator: " ")
                mapper.warn(schemesLocation.appending(name), "security scheme", "the security scheme '\(name)' (\(described)) is not supported; requests do not send it")
                schemes[name] = .unsupported(name)
            }
        }
        self.schemes = schemes
        let global = Self.schemes(in: root["security"], of: schemes)
        defaultAuth = global.compactMap(\.authWord).first ?? "none"
        var key: (placement: String, name: String)?
        for scheme in global {
            if case .apiKey(let placement, let name) = scheme { key = (placement, name) }
        }
        if key == nil {
            // An API key that only some operations use is still the client's to send.
            for scheme in schemes.keys.sorted().compactMap({ schemes[$0] }) {
                if case .apiKey(let placement, let name) = scheme {
                    key = (placement, name)
                    break
                }
            }
        }
        apiKey = key
    }

    /// The schemes of the first requirement of a `security` list.
    private static func schemes(in security: DocumentNode?, of schemes: [String: Scheme]) -> [Scheme] {
        guard let requirement = security?.array?.first?.object else { return [] }
        return requirement.keys.compactMap { schemes[$0] }
    }

    /// The attribute an operation needs for its `security`, nil when it authenticates as the
    /// api block says.
    func attribute(for security: DocumentNode?, at location: DocumentLocation, mapper: SchemaMapper) -> String? {
        guard let requirements = security?.array else { return nil }
        // An empty requirement makes authentication optional: send credentials when there are some.
        if requirements.isEmpty || requirements.allSatisfy({ $0.object?.isEmpty == true }) {
            return defaultAuth == "none" ? nil : "@public"
        }
        let word = Self.schemes(in: security, of: schemes).compactMap(\.authWord).first ?? "none"
        guard word != defaultAuth else { return nil }
        return word == "none" ? "@public" : "@auth(\(word))"
    }
}
