import CourierCodegen
import CourierSchema

/// Installed apps and realtime members: table subscriptions, broadcast channels, WebSocket
/// endpoints and the socket they travel on.
extension Comparison {
    mutating func compareRealtime() {
        if base.realtimePath != head.realtimePath, let path = base.realtimePath {
            report(
                .realtimeSocketChanged, at: head.location, "realtime",
                "the realtime socket moved from \(path) to \(head.realtimePath ?? "nowhere"); installed apps still connect to \(path).")
        }
        let headMembers = Dictionary(head.groups.flatMap(\.realtime).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let baseNames = Set(base.groups.flatMap(\.realtime).map(\.name))
        for member in base.groups.flatMap(\.realtime) {
            guard let other = headMembers[member.name] else {
                let anchor = base.groups.first { $0.realtime.contains { $0.name == member.name } }.flatMap { headGroups[$0.name]?.location } ?? head.location
                report(
                    .realtimeMemberRemoved, at: anchor, member.name, endpoints: [member.name], removedFrom: member.location,
                    "`\(member.name)` (\(Self.describe(member))) is gone; installed apps that follow it get an error.")
                report(.methodRemoved, at: anchor, member.name, removedFrom: member.location, "`\(member.name)(…)` is gone; code that calls it no longer compiles.")
                continue
            }
            compare(member, other)
        }
        for member in head.groups.flatMap(\.realtime) where !baseNames.contains(member.name) {
            report(.realtimeMemberAdded, at: member.location, member.name, "`\(member.name)` (\(Self.describe(member))) is new.")
        }
    }

    /// Swift source: each realtime method's arguments and result, and a broadcast channel's
    /// message cases.
    mutating func compareSwiftRealtime() {
        let headMembers = Dictionary(head.groups.flatMap(\.realtime).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for member in base.groups.flatMap(\.realtime) {
            guard let other = headMembers[member.name] else { continue }
            let (old, oldMessages) = SwiftSurface.method(of: member)
            let (new, newMessages) = SwiftSurface.method(of: other)
            if old.result != new.result {
                report(
                    .methodResultChanged, at: other.location, old.name,
                    "`\(old.name)` now returns `\(new.result)` instead of `\(old.result)`; code that uses the result may no longer compile.")
            }
            compareArguments(
                old.arguments, new.arguments, owner: old.name, at: other.location, added: .argumentAdded, addedWithDefault: .argumentAddedWithDefault,
                removed: .argumentRemoved, typeChanged: .argumentTypeChanged, defaultRemoved: .argumentDefaultRemoved, reordered: .argumentsReordered,
                locations: [:])
            guard case .broadcast(let before) = member.kind, case .broadcast(let after) = other.kind, let oldMessages, oldMessages == newMessages else { continue }
            let newCases = Set(after.events.map(\.name)), oldCases = Set(before.events.map(\.name))
            for event in before.events where !newCases.contains(event.name) {
                report(
                    .enumCaseRemoved, at: other.location, "\(oldMessages).\(event.name)",
                    "`\(oldMessages).\(event.name)` is gone; code that makes or matches it no longer compiles.")
            }
            for event in after.events where !oldCases.contains(event.name) {
                report(
                    .enumCaseAdded, at: event.location, "\(oldMessages).\(event.name)",
                    "`\(oldMessages)` has a new case `\(event.name)`; a `switch` without `default` no longer compiles.")
            }
        }
    }

    /// `CHANGES tasks`, `BROADCAST "room:{id}"`, `WEBSOCKET /socket`.
    static func describe(_ member: RealtimeEndpoint) -> String {
        switch member.kind {
        case .tableChanges(let table): "CHANGES \(table.schema == "public" ? table.table : "\(table.schema).\(table.table)")"
        case .broadcast(let channel): "BROADCAST \"\(channel.topic.template)\""
        case .webSocket(let socket): "WEBSOCKET \(socket.path.template)"
        }
    }

    private mutating func compare(_ old: RealtimeEndpoint, _ new: RealtimeEndpoint) {
        let name = old.name
        if Self.describe(old) != Self.describe(new) {
            report(
                .realtimeTargetChanged, at: new.location, name, endpoints: [name],
                "`\(name)` changed from \(Self.describe(old)) to \(Self.describe(new)); installed apps still follow the old one.")
            return
        }
        switch (old.kind, new.kind) {
        case (.tableChanges(let before), .tableChanges(let after)):
            if before.filter?.wireName != after.filter?.wireName {
                report(
                    .realtimeFilterChanged, at: new.location, name, endpoints: [name],
                    "`\(name)` filters on \(after.filter.map { "`\($0.wireName)`" } ?? "nothing") instead of \(before.filter.map { "`\($0.wireName)`" } ?? "nothing"); installed apps still ask for the old filter.")
            }
            typeChanged(name, "row", before.row, after.row, at: new.location)
            if let oldRow = before.old, let newRow = after.old { typeChanged(name, "old row", oldRow, newRow, at: new.location) }
        case (.broadcast(let before), .broadcast(let after)):
            let events = Dictionary(after.events.map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })
            for event in before.events {
                guard let other = events[event.wireName] else {
                    report(
                        .broadcastEventRemoved, at: new.location, "\(name).\(event.wireName)", endpoints: [name],
                        "`\(name)` no longer has the event `\(event.wireName)`: installed apps still send it, and this version reads it as `unknown`.")
                    continue
                }
                typeChanged(name, "event `\(event.wireName)`", event.type, other.type, at: other.location)
            }
            let known = Set(before.events.map(\.wireName))
            for event in after.events where !known.contains(event.wireName) {
                report(
                    .broadcastEventAdded, at: event.location, "\(name).\(event.wireName)",
                    "`\(name)` has a new event `\(event.wireName)`; installed apps read it as `unknown`.")
            }
        case (.webSocket(let before), .webSocket(let after)):
            typeChanged(name, "received message", before.receives, after.receives, at: new.location)
            if let sent = before.sends, let now = after.sends { typeChanged(name, "sent message", sent, now, at: new.location) }
        default:
            break
        }
    }

    /// A type of a realtime member that became another type (a change inside a model is the
    /// models' rules').
    private mutating func typeChanged(_ name: String, _ what: String, _ old: TypeRef, _ new: TypeRef, at location: SourceLocation) {
        guard old != new else { return }
        report(
            .realtimeTypeChanged, at: location, name, endpoints: [name],
            "the \(what) of `\(name)` changed from \(Self.describe(old)) to \(Self.describe(new)); installed apps decode or send the old one.")
    }
}
