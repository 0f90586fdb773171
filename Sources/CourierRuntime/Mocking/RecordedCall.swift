import Foundation

/// A call that a generated test double records: an enum case named after its endpoint, whose
/// associated values are the call's arguments. Two calls are equal when they are of the same
/// endpoint and each argument equals the other's by its own `==`; hashing follows the same parts.
///
/// The comparison reads the cases by reflection instead of the `==` and `hash(into:)` that Swift
/// would derive for each `Call` enum. Derived code grows with every argument of every endpoint
/// (an endpoint of Twilio's takes 37) and was half of what `mocks typed` added to a build; the
/// calls of a test double are compared in tests, where speed does not matter.
///
/// Every argument type the generator writes is `Hashable` (models, enums, unions, text values
/// and collections of them). An argument that is not `Equatable` would make two calls unequal,
/// and one that is not `Hashable` would not be hashed.
public protocol RecordedCall: Hashable, Sendable {}

extension RecordedCall {
    /// Whether both are calls of the same endpoint with equal arguments.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let (left, right) = (CallParts(lhs), CallParts(rhs))
        return left.endpoint == right.endpoint && left.arguments.count == right.arguments.count
            && zip(left.arguments, right.arguments).allSatisfy(CallParts.equal)
    }

    /// Hashes the endpoint and the arguments.
    public func hash(into hasher: inout Hasher) {
        let parts = CallParts(self)
        hasher.combine(parts.endpoint)
        for argument in parts.arguments { CallParts.hash(argument, into: &hasher) }
    }
}

/// A recorded call taken apart: the case's name and its associated values, in order.
struct CallParts {
    let endpoint: String
    let arguments: [Any]

    init(_ call: Any) {
        let mirror = Mirror(reflecting: call)
        guard let payload = mirror.children.first, let name = payload.label else {
            // A case without arguments reflects no children; its description is its name.
            endpoint = String(describing: call)
            arguments = []
            return
        }
        endpoint = name
        let values = Mirror(reflecting: payload.value)
        // One argument is the value itself; more are a tuple of them.
        arguments = values.displayStyle == .tuple ? values.children.map(\.value) : [payload.value]
    }

    /// Whether two arguments, in the same place of the same case, are equal by their `==`.
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(to: rhs)
    }

    /// Hashes an argument by its `hash(into:)`.
    static func hash(_ argument: Any, into hasher: inout Hasher) {
        if let hashable = argument as? any Hashable { hasher.combine(AnyHashable(hashable)) }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
