/// Keeps large values out of line.
///
/// A Swift struct copies, compares and destroys its stored values one by one, and a model stored
/// inline in another is copied as all of its own values, and theirs: the code the compiler
/// writes for a model grows with every value nested in it, not with its own fields. In Okta's
/// management API, whose user schema nests 30 attributes of 20 fields each three levels deep,
/// value witnesses (copy, assign, destroy) were 69% of the 8.7 million lines of LLVM IR of a
/// debug build; with this rule the IR is 5.9 million lines. A model that would hold
/// more than ``limit`` values inline keeps its largest model and union fields in `Indirect`
/// boxes, as a field on a cycle is kept: they read and write the same, and a copy of the model
/// copies one reference for each.
enum InlineSizeRule {
    /// The most values a model holds inline: past it, the fields that hold the most are boxed,
    /// the largest first, until the rest fit. A model of scalars only keeps them all.
    static let limit = 32

    /// Marks `isIndirect` the fields that keep each model within ``limit``.
    static func apply(models: inout [Model], unions: [Union]) {
        let modelIndex = Dictionary(models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let unionsByName = Dictionary(unions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var sizes: [String: Int] = [:]
        var met: Set<String> = []

        /// The values a type holds inline: one for a scalar, a reference or a box; a model's or
        /// union's own count otherwise (one for a model met again on a cycle, which a box
        /// breaks already).
        func size(of type: TypeRef) -> Int {
            switch type {
            case .optional(let wrapped), .nullable(let wrapped): return size(of: wrapped)
            case .model(let name), .union(let name): return sizes[name] ?? 1
            default: return 1
            }
        }
        func heldName(_ type: TypeRef) -> String? {
            switch type {
            case .optional(let wrapped), .nullable(let wrapped): return heldName(wrapped)
            case .model(let name), .union(let name): return name
            default: return nil
            }
        }

        // Each model and union after those it holds inline, walked without recursion so that a
        // long chain of models cannot exhaust the stack.
        for root in models.map(\.name) + unions.map(\.name) where !met.contains(root) {
            var stack: [(name: String, isCounted: Bool)] = [(root, false)]
            while let (name, isCounted) = stack.popLast() {
                if isCounted {
                    if let index = modelIndex[name] {
                        sizes[name] = boxLargestFields(of: &models[index], sizes: size)
                    } else if let union = unionsByName[name] {
                        // An enum holds one variant at a time, but copies by a switch over them
                        // all: its code grows with the sum. An `indirect` one holds a box.
                        sizes[name] = union.isRecursive ? 1 : union.variants.reduce(1) { $0 + size(of: $1.type) }
                    }
                    continue
                }
                guard met.insert(name).inserted else { continue }
                stack.append((name, true))
                let held: [TypeRef] =
                    if let index = modelIndex[name] { models[index].fields.filter { !$0.isIndirect }.map(\.type) }
                    else { unionsByName[name]?.variants.map(\.type) ?? [] }
                for type in held { if let inner = heldName(type), !met.contains(inner) { stack.append((inner, false)) } }
            }
        }
    }

    /// Boxes the fields of a model that hold the most, the largest first, until what is left
    /// inline fits; returns what is left.
    private static func boxLargestFields(of model: inout Model, sizes: (TypeRef) -> Int) -> Int {
        var inline = model.fields.map { $0.isIndirect ? 1 : sizes($0.type) }
        var total = inline.reduce(0, +)
        for fieldIndex in inline.indices.sorted(by: { (inline[$0], -$0) > (inline[$1], -$1) }) {
            guard total > limit, inline[fieldIndex] > 1 else { break }
            model.fields[fieldIndex].isIndirect = true
            total -= inline[fieldIndex] - 1
            inline[fieldIndex] = 1
        }
        return total
    }
}
