import CourierSchema
import Foundation

/// Turns the description's JSON Schemas into schema types, declaring a model, enum or union
/// for each object, enum and `oneOf` it meets, once, named after its component or its place.
final class SchemaMapper {
    /// Where a schema is used, which decides how `format: binary` is read.
    enum Context { case json, multipart }

    /// A schema's place in the description, and how it is read there.
    struct InlinePlace: Hashable {
        var location: DocumentLocation
        var context: Context
    }

    let files: DescriptionFiles
    let keyStyle: KeyStyle
    let apiName: String
    /// What is declared, by name; set by the mapping and its last pass (`flattenNestedUnions`).
    var declarations: [String: ImportedDeclaration] = [:]
    /// Where in the description each declaration comes from.
    var declarationLocations: [String: DocumentLocation] = [:]
    /// Declaration names in the order they were declared.
    var order: [String] = []
    /// The names in `order`, to ask whether one is there without a walk through it.
    var ordered: Set<String> = []
    var warnings: [ImportWarning] = []
    var takenTypeNames: Set<String> = []
    var componentTypes: [DocumentLocation: ImportedType] = [:]
    /// The multipart parts declared for component unions with a binary variant, by component.
    var multipartComponentTypes: [DocumentLocation: ImportedType] = [:]
    /// The types declared for schemas written in place (not components), by place and context:
    /// a place met again is the same type, declared once. A derived model's `allOf` takes its
    /// base's properties, a union of unions takes another union's variants, and operations share
    /// a request body or response by `$ref`: each would otherwise declare the same type again.
    var inlineTypes: [InlinePlace: ImportedType] = [:]
    /// The enums written in place more than once, found before the mapping (`SharedEnums`), and
    /// the type each shape was declared as where it was met first.
    let sharedEnums: SharedEnums
    var enumsByShape: [SharedEnums.Shape: ImportedType] = [:]
    /// The components being mapped, innermost last, and those of them used inside themselves.
    var mapping: [String] = []
    var selfReferences: Set<String> = []
    /// The components that name another type (`Pets: {type: array, items: …}`) and are being
    /// mapped, with the depth of `mapping` when each began: one met again inside itself at the
    /// same depth contains itself with no declaration between.
    var aliasesInProgress: [DocumentLocation: Int] = [:]
    /// What deciding a union's tag found of each component used as a variant (`TagInference`).
    var variantFacts: [DocumentLocation: VariantFacts] = [:]

    init(files: DescriptionFiles, keyStyle: KeyStyle, apiName: String) {
        self.files = files
        self.keyStyle = keyStyle
        self.apiName = apiName
        takenTypeNames = SchemaCompiler.unavailableTypeNames.union([apiName + "API"])
        sharedEnums = SharedEnums(root: files.rootNode)
    }

    func warn(_ location: DocumentLocation, _ construct: String, _ message: String) {
        // An error of the reader passed on names its place already: the warning names it once.
        let place = location.pointer + ": "
        let message = message.hasPrefix(place) ? String(message.dropFirst(place.count)) : message
        warnings.append(ImportWarning(location: location, message: message, construct: construct))
    }

    /// A fresh type name from `hint`: its capitalised words, prefixed with the API's name when
    /// Swift or the runtime has it (`Error` → `PetstoreError`).
    func reserveTypeName(_ hint: String) -> String {
        var base = ImportNames.typeName(hint)
        if SchemaCompiler.unavailableTypeNames.contains(base) { base = ImportNames.typeName(apiName) + base }
        return ImportNames.unique(base, in: &takenTypeNames)
    }

    /// What `body` returns, with `name` free to be reserved while it runs: a union of one
    /// variant lends its reserved name to that variant. The name stays taken afterwards.
    func lendingTypeName<T>(_ name: String, to body: () -> T) -> T {
        takenTypeNames.remove(name)
        defer { takenTypeNames.insert(name) }
        return body()
    }

    func declare(_ declaration: ImportedDeclaration) {
        placeInOrder(declaration.name)
        declarations[declaration.name] = declaration
    }

    /// Gives a name its place in the files, once: the first time it is met.
    func placeInOrder(_ name: String) {
        if ordered.insert(name).inserted { order.append(name) }
    }
}

extension DocumentObject {
    /// The object without `key`.
    func removing(_ key: String) -> DocumentObject {
        var result = DocumentObject()
        for (member, value) in members where member != key { result.set(member, value) }
        return result
    }
}
