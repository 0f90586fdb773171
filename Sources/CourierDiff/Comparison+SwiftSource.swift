import CourierCodegen
import CourierSchema

/// Swift source: code written against the base's generated client, rebuilt against the head's.
/// Compares the declarations the generator writes: types, properties, initialisers, cases and
/// methods with their argument labels.
extension Comparison {
    private enum Declared {
        case model(Model), enumeration(EnumType), union(Union)
        /// An alias of a type the schema does not declare by name, such as `[String]`.
        case otherType(TypeRef)

        var kind: String {
            switch self {
            case .model: "struct"
            case .enumeration: "enum"
            case .union: "enum (union)"
            case .otherType(let type): "typealias of `\(type)`"
            }
        }
    }

    /// Each type name of the schema with the declaration it names: an alias names its target's.
    private static func declarations(_ api: API) -> [String: Declared] {
        var result: [String: Declared] = [:]
        for model in api.models { result[model.name] = .model(model) }
        for enumType in api.enums { result[enumType.name] = .enumeration(enumType) }
        for union in api.unions { result[union.name] = .union(union) }
        for alias in api.aliases where result[alias.name] == nil {
            switch alias.target {
            case .model(let name), .enumeration(let name), .union(let name): result[alias.name] = result[name]
            default: result[alias.name] = .otherType(alias.target)
            }
        }
        return result
    }

    /// A new type with the same members as a removed one: most likely the same type, renamed.
    private static func likelyRename(of old: Declared, among candidates: [String: Declared]) -> String? {
        func members(_ declared: Declared) -> [String] {
            switch declared {
            case .model(let model): model.fields.map { "\($0.name) \($0.wireName) \($0.type)" }
            case .enumeration(let enumType): enumType.cases.map { "\($0.name) \($0.wireValue)" }
            case .union(let union): union.variants.map { "\($0.name) \($0.tagValue) \($0.type)" }
            case .otherType(let type): ["\(type)"]
            }
        }
        let wanted = members(old)
        guard !wanted.isEmpty else { return nil }
        return candidates.keys.sorted().first { members(candidates[$0]!) == wanted && candidates[$0]!.kind == old.kind }
    }

    private func location(of declared: Declared, named name: String, in api: API) -> SourceLocation {
        if let alias = api.alias(named: name) { return alias.location }
        switch declared {
        case .model(let model): return model.location
        case .enumeration(let enumType): return enumType.location
        case .union(let union): return union.location
        case .otherType: return api.location
        }
    }

    mutating func compareSwiftTypes() {
        let newTypes = Self.declarations(head)
        let oldTypes = Self.declarations(base)
        for name in oldTypes.keys.sorted() {
            let old = oldTypes[name]!
            guard let new = newTypes[name] else {
                let renamed = Self.likelyRename(of: old, among: newTypes.filter { oldTypes[$0.key] == nil }).map { " It looks renamed to `\($0)`." } ?? ""
                report(
                    .typeRemoved, at: head.location, name, removedFrom: location(of: old, named: name, in: base),
                    "the type `\(name)` is gone; code that names it no longer compiles.\(renamed)")
                continue
            }
            compareAliasing(of: name, now: new)
            switch (old, new) {
            case (.model(let old), .model(let new)): compareSwiftModel(old, new)
            case (.enumeration(let old), .enumeration(let new)): compareSwiftEnum(old, new)
            case (.union(let old), .union(let new)): compareSwiftUnion(old, new)
            case (.otherType(let old), .otherType(let new)) where old == new: break
            default:
                report(
                    .typeKindChanged, at: location(of: new, named: name, in: head), name,
                    "`\(name)` is now a \(new.kind), not a \(old.kind); code that uses it no longer compiles.")
            }
        }
    }

    /// A type that became another name for a declared type, or stopped being one: code that
    /// treats the two names as different types, or as the same one, no longer compiles.
    private mutating func compareAliasing(of name: String, now new: Declared) {
        switch (base.alias(named: name), head.alias(named: name)) {
        case (nil, let alias?) where alias.target.namesDeclaration:
            report(
                .typeBecameAlias, at: alias.location, name,
                "`\(name)` is now another name for `\(alias.target)`; code that extends both, or overloads a function on them, no longer compiles.")
        case (let alias?, nil) where alias.target.namesDeclaration:
            report(
                .aliasBecameType, at: location(of: new, named: name, in: head), name,
                "`\(name)` is now a type of its own, no longer another name for `\(alias.target)`; code that passes one where the other is expected no longer compiles.")
        default:
            break
        }
    }

    private mutating func compareSwiftModel(_ old: Model, _ new: Model) {
        if old.deprecation == nil, let _ = new.deprecation {
            report(.declarationDeprecated, at: new.location, old.name, "`\(old.name)` is deprecated; code that uses it gets a warning.")
        }
        for field in old.fields {
            let subject = "\(old.name).\(field.name)"
            guard let newField = new.fields.first(where: { $0.name == field.name }) else {
                let renamed = new.fields.first { $0.wireName == field.wireName }.map { " It is now `\($0.name)`." } ?? ""
                report(.propertyRemoved, at: new.location, subject, removedFrom: field.location, "`\(old.name).\(field.name)` is gone; code that uses it no longer compiles.\(renamed)")
                continue
            }
            let oldType = seenFromHead(SwiftSurface.typeName(field.type))
            let newType = SwiftSurface.typeName(newField.type)
            if oldType != newType {
                report(
                    .propertyTypeChanged, at: newField.location, subject,
                    "`\(old.name).\(field.name)` is `\(newType)`, not `\(oldType)`; code that uses it may no longer compile.")
            }
            if field.deprecation == nil, newField.deprecation != nil {
                report(.declarationDeprecated, at: newField.location, subject, "`\(subject)` is deprecated; code that uses it gets a warning.")
            }
        }
        compareArguments(
            SwiftSurface.initializerArguments(of: old), SwiftSurface.initializerArguments(of: new), owner: "\(old.name).init",
            at: new.location, added: .initializerArgumentAdded, addedWithDefault: .initializerArgumentAddedWithDefault, removed: nil,
            typeChanged: nil, defaultRemoved: .initializerDefaultRemoved,
            reordered: .initializerArgumentsReordered, locations: Dictionary(new.fields.map { ($0.name, $0.location) }, uniquingKeysWith: { a, _ in a }))
    }

    private mutating func compareSwiftEnum(_ old: EnumType, _ new: EnumType) {
        let name = old.name
        if old.isInteger != new.isInteger {
            report(
                .typeKindChanged, at: new.location, name,
                "`\(name)` now has \(new.isInteger ? "Int" : "String") raw values, not \(old.isInteger ? "Int" : "String"); code that uses `rawValue` no longer compiles.")
        }
        if !old.isFrozen, new.isFrozen {
            report(
                .enumUnknownCaseRemoved, at: new.location, "\(name).unknown",
                "`\(name)` is @frozen, so its `unknown` case is gone; switches that handle it no longer compile.")
        }
        if old.isFrozen, !new.isFrozen {
            report(
                .enumUnknownCaseAdded, at: new.location, "\(name).unknown",
                "`\(name)` is no longer @frozen and gains an `unknown` case; switches that list every case without `default` no longer compile.")
        }
        if old.deprecation == nil, new.deprecation != nil {
            report(.declarationDeprecated, at: new.location, name, "`\(name)` is deprecated; code that uses it gets a warning.")
        }
        compareCases(
            old.cases.map { ($0.name, $0.location, $0.deprecation != nil) }, new.cases.map { ($0.name, $0.location, $0.deprecation != nil) },
            owner: name, ownerLocation: new.location, added: new.isFrozen ? .frozenEnumCaseAdded : .enumCaseAdded, isFrozen: new.isFrozen)
    }

    private mutating func compareSwiftUnion(_ old: Union, _ new: Union) {
        let name = old.name
        if old.deprecation == nil, new.deprecation != nil {
            report(.declarationDeprecated, at: new.location, name, "`\(name)` is deprecated; code that uses it gets a warning.")
        }
        compareCases(
            old.variants.map { ($0.name, $0.location, $0.deprecation != nil) }, new.variants.map { ($0.name, $0.location, $0.deprecation != nil) },
            owner: name, ownerLocation: new.location, added: .enumCaseAdded, isFrozen: false)
        for variant in old.variants {
            guard let newVariant = new.variants.first(where: { $0.name == variant.name }) else { continue }
            let oldType = SwiftSurface.typeName(variant.type)
            let newType = SwiftSurface.typeName(newVariant.type)
            if oldType != newType {
                report(
                    .propertyTypeChanged, at: newVariant.location, "\(name).\(variant.name)",
                    "the case `\(name).\(variant.name)` carries `\(newType)`, not `\(oldType)`; code that matches it may no longer compile.")
            }
        }
    }

    private mutating func compareCases(
        _ old: [(name: String, location: SourceLocation, isDeprecated: Bool)], _ new: [(name: String, location: SourceLocation, isDeprecated: Bool)],
        owner: String, ownerLocation: SourceLocation, added: DiffRule, isFrozen: Bool
    ) {
        let newNames = Set(new.map(\.name))
        let oldNames = Set(old.map(\.name))
        for item in old where !newNames.contains(item.name) {
            report(.enumCaseRemoved, at: ownerLocation, "\(owner).\(item.name)", removedFrom: item.location, "the case `\(owner).\(item.name)` is gone; code that names it no longer compiles.")
        }
        for item in new where !oldNames.contains(item.name) {
            let why =
                isFrozen
                ? "switches over this @frozen enum no longer compile until they handle it."
                : "switches that list every case without `default` no longer compile until they handle it."
            report(added, at: item.location, "\(owner).\(item.name)", "`\(owner)` has the new case `\(item.name)`; \(why)")
        }
        for item in new where item.isDeprecated && old.contains(where: { $0.name == item.name && !$0.isDeprecated }) {
            report(.declarationDeprecated, at: item.location, "\(owner).\(item.name)", "`\(owner).\(item.name)` is deprecated; code that uses it gets a warning.")
        }
    }
}

extension Comparison {
    /// A Swift type of the base as code written against it reads in the head: each name of
    /// a base type that the head makes an alias of a declared type is that type, since the two
    /// names are one type there (`[DailyUsage]` is `[UsageRecord]` after `alias DailyUsage = UsageRecord`).
    func seenFromHead(_ swiftType: String) -> String {
        guard !head.aliases.isEmpty else { return swiftType }
        var result = ""
        var word = ""
        func flush() {
            if let alias = head.alias(named: word), alias.target.namesDeclaration, base.alias(named: word) == nil {
                result += "\(alias.target)"
            } else {
                result += word
            }
            word = ""
        }
        for character in swiftType {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

extension TypeRef {
    /// Whether the type is a model, enum or union declared in the schema.
    fileprivate var namesDeclaration: Bool {
        switch self {
        case .model, .enumeration, .union: true
        default: false
        }
    }
}
