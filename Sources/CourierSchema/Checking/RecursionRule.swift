/// Finds models that contain themselves.
///
/// A cycle made only of required model fields describes a value of infinite size: an error. A
/// cycle that passes through an optional field or a union is valid JSON, but a Swift struct
/// cannot store itself inline, so such fields are marked `isIndirect` (boxed by the generated
/// code) and such unions `isRecursive` (generated `indirect`). Arrays and dictionaries store
/// their elements out of line and break cycles by themselves.
enum RecursionRule {
    private struct Edge {
        let target: Int
        /// The field the edge comes from; nil for a union's variant.
        let field: (model: Int, index: Int)?
        let isRequired: Bool
    }

    static func apply(models: inout [Model], unions: inout [Union], log: inout DiagnosticLog) {
        var nodeIndex: [String: Int] = [:]
        for (index, model) in models.enumerated() where nodeIndex[model.name] == nil { nodeIndex[model.name] = index }
        for (index, union) in unions.enumerated() where nodeIndex[union.name] == nil {
            nodeIndex[union.name] = models.count + index
        }
        let nodeCount = models.count + unions.count
        var edges = [[Edge]](repeating: [], count: nodeCount)
        for (modelIndex, model) in models.enumerated() {
            for (fieldIndex, field) in model.fields.enumerated() {
                let target: String
                switch field.type.unwrapped {
                case .model(let name), .union(let name): target = name
                default: continue
                }
                guard let targetIndex = nodeIndex[target] else { continue }
                let isRequired = !field.type.isOptional && targetIndex < models.count
                edges[modelIndex].append(Edge(target: targetIndex, field: (modelIndex, fieldIndex), isRequired: isRequired))
            }
        }
        for (unionIndex, union) in unions.enumerated() {
            for variant in union.variants {
                // A variant held in an array or dictionary breaks the cycle by itself.
                let target: String
                switch variant.type {
                case .model(let name), .union(let name): target = name
                default: continue
                }
                guard let target = nodeIndex[target] else { continue }
                edges[models.count + unionIndex].append(Edge(target: target, field: nil, isRequired: false))
            }
        }

        // Cycles of required fields only: infinite values.
        let requiredEdges = edges.map { $0.filter(\.isRequired).map(\.target) }
        for component in stronglyConnectedComponents(requiredEdges) where isCycle(component, requiredEdges) {
            guard let start = component.min() else { continue }
            let cycle = path(from: start, to: start, within: Set(component), edges: requiredEdges)
            let names = cycle.map { models[$0].name }
            guard let fieldIndex = edges[start].first(where: { $0.isRequired && $0.target == cycle[1] })?.field?.index
            else { continue }
            let field = models[start].fields[fieldIndex]
            log.error(
                field.location,
                "model '\(models[start].name)' contains itself through required fields: " + names.joined(separator: " → "),
                hint: "make one of the fields on this cycle optional or an array")
        }

        // Other cycles: box what Swift cannot store inline.
        let allEdges = edges.map { $0.map(\.target) }
        for component in stronglyConnectedComponents(allEdges) where isCycle(component, allEdges) {
            let members = Set(component)
            for node in component {
                if node >= models.count {
                    unions[node - models.count].isRecursive = true
                    continue
                }
                // Optional model fields are boxed; a field holding a union needs no box, since
                // the union itself is generated `indirect`.
                for edge in edges[node] where members.contains(edge.target) && !edge.isRequired && edge.target < models.count {
                    if let field = edge.field { models[field.model].fields[field.index].isIndirect = true }
                }
            }
        }
    }

    private static func isCycle(_ component: [Int], _ edges: [[Int]]) -> Bool {
        component.count > 1 || edges[component[0]].contains(component[0])
    }

    /// A shortest path from `start` back to `goal` through `nodes`, both ends included.
    private static func path(from start: Int, to goal: Int, within nodes: Set<Int>, edges: [[Int]]) -> [Int] {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in edges[node] where nodes.contains(next) {
                if next == goal {
                    var path = [goal, node]
                    var current = node
                    while current != start, let back = previous[current] {
                        path.append(back)
                        current = back
                    }
                    return path.reversed()
                }
                if previous[next] == nil, next != start {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }

    /// Tarjan's algorithm without recursion, so a long chain of models cannot exhaust the stack.
    static func stronglyConnectedComponents(_ edges: [[Int]]) -> [[Int]] {
        let count = edges.count
        var nextIndex = 0
        var indices = [Int](repeating: -1, count: count)
        var lowLinks = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        for root in 0..<count where indices[root] == -1 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            indices[root] = nextIndex
            lowLinks[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = work.last {
                if edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let target = edges[node][edge]
                    if indices[target] == -1 {
                        indices[target] = nextIndex
                        lowLinks[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack[target] = true
                        work.append((target, 0))
                    } else if onStack[target] {
                        lowLinks[node] = min(lowLinks[node], indices[target])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { lowLinks[parent.node] = min(lowLinks[parent.node], lowLinks[node]) }
                if lowLinks[node] == indices[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }
}
