extension Checker {
    /// Endpoint names become methods on one protocol, together with the `…Pages` and
    /// `…Updates` companions, so all of them must be unique across the module.
    func checkEndpointNames(_ groups: [Group]) {
        var names: [String: (location: SourceLocation, origin: String)] = [:]
        func claim(_ name: String, at location: SourceLocation, origin: String) {
            if let first = names[name] {
                let message =
                    origin == first.origin && origin == "endpoint"
                    ? "duplicate endpoint '\(name)'"
                    : "method '\(name)' of the \(origin) clashes with the method of the \(first.origin)"
                log.error(
                    location, message, hint: "endpoint names are shared by every group of the API",
                    notes: [.init(location: first.location, message: "'\(name)' is first declared here")])
            } else {
                names[name] = (location, origin)
            }
        }
        for endpoint in groups.flatMap(\.endpoints) {
            claim(endpoint.name, at: endpoint.location, origin: "endpoint")
        }
        for member in groups.flatMap(\.realtime) {
            claim(member.name, at: member.location, origin: "realtime member")
        }
        for endpoint in groups.flatMap(\.endpoints) {
            if endpoint.hasPageSequence {
                claim(endpoint.name + "Pages", at: endpoint.location, origin: "page sequence of '\(endpoint.name)'")
            }
            if endpoint.poll != nil {
                claim(endpoint.name + "Updates", at: endpoint.location, origin: "polling of '\(endpoint.name)'")
            }
        }
    }

    /// Two endpoints with one method and path would be indistinguishable on the server, unless
    /// both send bodies of different content (JSON, a form, multipart, or distinct media types):
    /// the server tells them apart by `Content-Type`.
    func checkRoutes(_ groups: [Group]) {
        var routes: [String: [Endpoint]] = [:]
        for endpoint in groups.flatMap(\.endpoints) {
            let key = endpoint.method.rawValue + " " + endpoint.path.routeKey
            let clash = routes[key, default: []].first { first in
                guard let firstBody = first.body, let body = endpoint.body else { return true }
                return firstBody.contentKind == body.contentKind
            }
            if let first = clash {
                log.error(
                    endpoint.location,
                    "endpoints '\(first.name)' and '\(endpoint.name)' have the same method and path: \(endpoint.method.rawValue) \(endpoint.path.template)",
                    hint: "remove one of them or change its path; one route can take bodies of different content types",
                    notes: [.init(location: first.location, message: "'\(first.name)' is declared here")])
            } else {
                routes[key, default: []].append(endpoint)
            }
        }
    }
}
