import CourierSchema
import Foundation

/// What to import.
public struct ImportOptions: Sendable {
    /// The module's name; from the description's title when nil.
    public var name: String?
    /// Import only operations with one of these tags (all when empty), and only the schemas
    /// the picked operations use.
    public var tags: [String]
    /// Import only these operations, by `operationId` (all when empty), and only the schemas
    /// the picked operations use.
    public var operations: [String]

    /// Creates options.
    public init(name: String? = nil, tags: [String] = [], operations: [String] = []) {
        self.name = name
        self.tags = tags
        self.operations = operations
    }
}

/// The schema an import made: its files, and what did not come across faithfully.
public struct ImportResult: Sendable {
    /// File names (`api.api`, `Pets.api`, `models.api`) and their text.
    public var files: [(name: String, text: String)]
    /// What was approximated or left out, each at its place in the description.
    public var warnings: [ImportWarning]
    /// The number of operations imported.
    public var operationCount: Int
    /// The operations the description declares that the options pick (those left out are
    /// named in warnings).
    public var declaredOperationCount: Int
    /// Models, enums, unions and aliases declared.
    public var declarationCount: Int
    /// The declarations that are aliases of an identical one, among `declarationCount`.
    public var aliasCount: Int = 0
    /// The description's schemas left out because no picked operation uses them (with
    /// `ImportOptions.tags` or `operations`; zero otherwise, when every schema is kept).
    public var unusedDeclarationCount: Int = 0
    /// Fields, parameters and bodies whose type is `JSON` (alone, optional, or in an array or
    /// dictionary): free-form values, and what degraded to them.
    public var jsonValueCount: Int
    /// The schemas of the description that the import gave a type, each at its place, with the
    /// type it became (`Pet`, `[String: String]?`, `JSON`): every component schema, in the
    /// description's order, then every other schema that became a declaration.
    public var schemaTypes: [(location: DocumentLocation, type: String)] = []

    /// The warnings by construct (`cookie parameter`, `not`, …), for reporting what does not fit.
    public var warningsByConstruct: [String: Int] {
        warnings.reduce(into: [:]) { counts, warning in counts[warning.construct, default: 0] += 1 }
    }
}
