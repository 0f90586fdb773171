import CourierCodegen
import CourierSchema

// Swift source: the API's namespace and the endpoints' methods, with their argument labels.
extension Comparison {
    /// The factory's arguments and the api block's other declarations.
    mutating func compareSwiftAPIBlock() {
        let oldFactory = SwiftSurface.factory(of: base)
        let newFactory = SwiftSurface.factory(of: head)
        compareArguments(
            oldFactory.arguments, newFactory.arguments, owner: newFactory.name, at: head.location, added: .argumentAdded,
            addedWithDefault: .argumentAddedWithDefault, removed: .argumentRemoved, typeChanged: .argumentTypeChanged,
            defaultRemoved: .argumentDefaultRemoved, reordered: .argumentsReordered, locations: [:])
        if base.name != head.name {
            report(.apiMemberChanged, at: head.location, "api", "the API is now `\(head.name)`, so `\(base.name)API` and everything in it are gone.")
            return
        }
        let oldMembers = SwiftSurface.apiMembers(of: base)
        let newMembers = SwiftSurface.apiMembers(of: head)
        for (name, type) in oldMembers.sorted(by: { $0.key < $1.key }) where newMembers[name] != type {
            let now = newMembers[name].map { "is now `\($0)`, not `\(type)`" } ?? "is gone"
            report(.apiMemberChanged, at: head.location, name, "`\(name)` \(now); code that uses it no longer compiles.")
        }
    }

    mutating func compareSwiftMethods() {
        var newMethods: [String: (method: SwiftSurface.Method, endpoint: Endpoint)] = [:]
        for group in head.groups {
            for endpoint in group.endpoints {
                for method in SwiftSurface.methods(of: endpoint, in: group) { newMethods[method.name] = (method, endpoint) }
            }
        }
        for group in base.groups {
            for endpoint in group.endpoints {
                let renamedTo = headEndpoints[endpoint.name] == nil ? headEndpoint(for: endpoint)?.name : nil
                for method in SwiftSurface.methods(of: endpoint, in: group) {
                    let subject = method.name
                    guard let (newMethod, newEndpoint) = newMethods[method.name] else {
                        if let renamedTo {
                            report(
                                .methodRenamed, at: headEndpoints[renamedTo]?.location ?? head.location, subject,
                                removedFrom: endpoint.location,
                                "`\(method.name)` is now `\(method.name.replacingOccurrences(of: endpoint.name, with: renamedTo))`; calls to the old name no longer compile.")
                        } else {
                            report(.methodRemoved, at: headAnchor(forEndpoint: endpoint.name), subject, removedFrom: endpoint.location, "`\(method.name)(…)` is gone; calls to it no longer compile.")
                        }
                        continue
                    }
                    if method.result == "async throws", newMethod.result.hasPrefix("async throws -> ") {
                        report(
                            .methodResultAdded, at: newEndpoint.location, subject,
                            "`\(method.name)` now returns `\(newMethod.result.dropFirst("async throws -> ".count))`; calls that ignore it get an unused-result warning.")
                    } else if seenFromHead(method.result) != newMethod.result {
                        report(
                            .methodResultChanged, at: newEndpoint.location, subject,
                            "`\(method.name)` now returns `\(newMethod.result)` instead of `\(method.result)`; code that uses the result may no longer compile.")
                    }
                    if method.protocolName != newMethod.protocolName {
                        report(
                            .methodMoved, at: newEndpoint.location, subject,
                            "`\(method.name)` moved from `\(method.protocolName)` to `\(newMethod.protocolName)`; code that reaches it through `\(method.protocolName)` no longer compiles.")
                    }
                    let locations = Dictionary(newEndpoint.parameters.map { ($0.name, $0.location) }, uniquingKeysWith: { a, _ in a })
                    compareArguments(
                        method.arguments, newMethod.arguments, owner: method.name, at: newEndpoint.location, added: .argumentAdded,
                        addedWithDefault: .argumentAddedWithDefault, removed: .argumentRemoved, typeChanged: .argumentTypeChanged, defaultRemoved: .argumentDefaultRemoved,
                        reordered: .argumentsReordered, locations: locations)
                    if endpoint.deprecation == nil, newEndpoint.deprecation != nil, method.name == SwiftSurface.methods(of: endpoint, in: group).first?.name {
                        report(.declarationDeprecated, at: newEndpoint.location, subject, "`\(method.name)` is deprecated; calls to it get a warning.")
                    }
                }
            }
        }
    }

    /// Argument lists of a method or initialiser, compared by label: labels gone, labels new
    /// without a default, types changed, defaults lost, and order changed.
    mutating func compareArguments(
        _ old: [SwiftSurface.Argument], _ new: [SwiftSurface.Argument], owner: String, at location: SourceLocation,
        added: DiffRule, addedWithDefault: DiffRule, removed: DiffRule?, typeChanged: DiffRule?, defaultRemoved: DiffRule, reordered: DiffRule,
        locations: [String: SourceLocation]
    ) {
        let oldLabels = old.map(\.label)
        let newLabels = new.map(\.label)
        for argument in old where !newLabels.contains(argument.label) {
            if let removed {
                report(removed, at: location, "\(owner)(\(argument.label):)", "`\(owner)` no longer takes `\(argument.label):`; calls that pass it no longer compile.")
            }
        }
        for argument in new where !oldLabels.contains(argument.label) {
            if argument.hasDefault {
                report(
                    addedWithDefault, at: locations[argument.label] ?? location, "\(owner)(\(argument.label):)",
                    "`\(owner)` takes the new argument `\(argument.label):` with a default; calls compile, but a reference to it by its full name does not.")
            } else {
                report(
                    added, at: locations[argument.label] ?? location, "\(owner)(\(argument.label):)",
                    "`\(owner)` needs the new argument `\(argument.label): \(argument.type)`; calls without it no longer compile.")
            }
        }
        for argument in old {
            guard let newArgument = new.first(where: { $0.label == argument.label }) else { continue }
            let place = locations[argument.label] ?? location
            if let typeChanged, seenFromHead(argument.type) != newArgument.type {
                report(
                    typeChanged, at: place, "\(owner)(\(argument.label):)",
                    "`\(argument.label):` of `\(owner)` is `\(newArgument.type)`, not `\(argument.type)`; calls that pass it may no longer compile.")
            }
            if argument.hasDefault, !newArgument.hasDefault {
                report(
                    defaultRemoved, at: place, "\(owner)(\(argument.label):)",
                    "`\(argument.label):` of `\(owner)` no longer has a default; calls that leave it out no longer compile.")
            }
        }
        let common = oldLabels.filter(newLabels.contains)
        let commonInNewOrder = newLabels.filter(oldLabels.contains)
        if common != commonInNewOrder {
            report(
                reordered, at: location, owner,
                "the arguments of `\(owner)` are now in the order \(commonInNewOrder.map { "`\($0):`" }.joined(separator: ", ")); calls that pass them in the old order no longer compile.")
        }
    }
}
