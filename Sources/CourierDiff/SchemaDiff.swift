import CourierSchema

/// Compares two compiled schemas, the base (what installed apps and existing code were built
/// from) and the head (the change under review), and reports what the change breaks.
public enum SchemaDiff {
    /// Every finding of both profiles: installed apps first, then Swift source; within each,
    /// errors first, then by location.
    public static func compare(base: API, head: API) -> [Finding] {
        var comparison = Comparison(base: base, head: head)
        comparison.compareAPIBlock()
        comparison.compareEndpoints()
        comparison.compareRealtime()
        comparison.compareTypesOnTheWire()
        comparison.compareSwiftTypes()
        comparison.compareSwiftAPIBlock()
        comparison.compareSwiftMethods()
        comparison.compareSwiftRealtime()
        return comparison.findings.sorted { lhs, rhs in
            let left = (DiffProfile.allCases.firstIndex(of: lhs.rule.profile)!, -DiffLevel.allCases.firstIndex(of: lhs.rule.level)!)
            let right = (DiffProfile.allCases.firstIndex(of: rhs.rule.profile)!, -DiffLevel.allCases.firstIndex(of: rhs.rule.level)!)
            if left != right { return left < right }
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            return (lhs.rule.id, lhs.subject) < (rhs.rule.id, rhs.subject)
        }
    }
}

/// The state of one comparison: both schemas, the base's type usage, and the findings so far.
struct Comparison {
    let base: API
    let head: API
    /// Which base endpoints read and write each named type.
    let usage: TypeUsage
    /// The head's endpoints by name, and by method and route.
    let headEndpoints: [String: Endpoint]
    private let headRoutes: [String: [Endpoint]]
    /// The group each base endpoint is in.
    private let baseGroupOfEndpoint: [String: String]
    /// The head's groups, models, enums and unions by name; an alias's name finds its target.
    let headGroups: [String: Group]
    let headModels: [String: Model]
    let headEnums: [String: EnumType]
    let headUnions: [String: Union]
    private(set) var findings: [Finding] = []

    init(base: API, head: API) {
        self.base = base
        self.head = head
        usage = TypeUsage(base)
        func byName<T>(_ items: [T], _ name: (T) -> String) -> [String: T] {
            Dictionary(items.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        let endpoints = head.endpoints
        headEndpoints = byName(endpoints, \.name)
        headRoutes = Dictionary(grouping: endpoints) { "\($0.method.rawValue) \($0.path.routeKey)" }
        baseGroupOfEndpoint = Dictionary(
            base.groups.flatMap { group in group.endpoints.map { ($0.name, group.name) } }, uniquingKeysWith: { first, _ in first })
        headGroups = byName(head.groups, \.name)
        var models = byName(head.models, \.name)
        var enums = byName(head.enums, \.name)
        var unions = byName(head.unions, \.name)
        // A type that became another name for one of the same shape is compared with it.
        for alias in head.aliases {
            switch alias.target {
            case .model(let name): models[alias.name] = models[alias.name] ?? models[name]
            case .enumeration(let name): enums[alias.name] = enums[alias.name] ?? enums[name]
            case .union(let name): unions[alias.name] = unions[alias.name] ?? unions[name]
            default: break
            }
        }
        headModels = models
        headEnums = enums
        headUnions = unions
    }

    mutating func report(
        _ rule: DiffRule, at location: SourceLocation, _ subject: String, endpoints: [String] = [], removedFrom: SourceLocation? = nil, _ message: String
    ) {
        findings.append(Finding(rule: rule, location: location, removedFrom: removedFrom, message: message, subject: subject, endpoints: endpoints))
    }

    /// Where a removed base endpoint is anchored in the head: its group, else the api block.
    func headAnchor(forEndpoint name: String) -> SourceLocation {
        baseGroupOfEndpoint[name].flatMap { headGroups[$0]?.location } ?? head.location
    }

    /// Whether an app may leave the value out: it is optional.
    static func mayBeOmitted(_ type: TypeRef) -> Bool { type.isOptional }

    /// Whether a reader needs the value present: not optional and no default.
    static func isRequired(_ type: TypeRef, default value: Literal?) -> Bool { !type.isOptional && value == nil }

    /// The head endpoint that a base endpoint became: the one of the same name, else the one
    /// on the same method and route (a rename).
    func headEndpoint(for endpoint: Endpoint) -> Endpoint? {
        if let same = headEndpoints[endpoint.name] { return same }
        return headRoutes["\(endpoint.method.rawValue) \(endpoint.path.routeKey)"]?.first { baseGroupOfEndpoint[$0.name] == nil }
    }

    /// A type's name and its kind, for messages.
    static func describe(_ type: TypeRef) -> String { "`\(type)`" }
}
