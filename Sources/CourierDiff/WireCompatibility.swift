import CourierSchema

/// Whether a decoder for one schema's type accepts every value of another schema's type: the
/// app's decoder reading what the head server sends, or the head server reading what an
/// installed app sends. Named types present in both schemas under one name are taken as
/// compatible here; their own changes are judged where they are declared.
struct WireCompatibility {
    /// The schema whose decoder reads.
    let readerAPI: API
    /// The schema whose values are read.
    let valueAPI: API
    private var inProgress: Set<[String]> = []

    init(reader: API, values: API) {
        readerAPI = reader
        valueAPI = values
    }

    /// Whether a decoder for `reader` reads every value of `value`.
    mutating func accepts(_ reader: TypeRef, _ value: TypeRef) -> Bool {
        switch (reader, value) {
        case (.scalar(.json), _): return true
        case (.optional(let reader), .optional(let value)): return accepts(reader, value)
        case (.optional(let reader), _): return accepts(reader, value)
        case (_, .optional): return false
        case (.array(let reader), .array(let value)), (.dictionary(let reader), .dictionary(let value)): return accepts(reader, value)
        case (.file, .file): return true
        case (.scalar(let reader), .scalar(let value)): return Self.accepts(reader, value, valueDates: valueAPI.dateStyle)
        case (.scalar(let reader), .enumeration(let name)):
            guard let values = valueAPI.enumType(named: name) else { return false }
            return values.isInteger ? [.int, .int64, .uint64, .double, .float].contains(reader) : reader == .string
        case (.enumeration(let name), .scalar(let value)):
            guard let enumType = readerAPI.enumType(named: name), !enumType.isFrozen else { return false }
            return enumType.isInteger ? [.int, .int32, .int64].contains(value) : value == .string
        case (.enumeration(let readerName), .enumeration(let valueName)):
            guard let readerEnum = readerAPI.enumType(named: readerName), let valueEnum = valueAPI.enumType(named: valueName),
                readerEnum.isInteger == valueEnum.isInteger
            else { return false }
            if readerName == valueName || !readerEnum.isFrozen { return true }
            return Set(valueEnum.cases.map(\.wireValue)).isSubset(of: readerEnum.cases.map(\.wireValue))
        case (.model(let readerName), .model(let valueName)):
            if readerName == valueName { return true }
            return modelAccepts(readerName, valueName)
        case (.union(let readerName), .union(let valueName)):
            // A union that became another name for one is judged where the two are compared.
            return readerName == valueName || valueAPI.alias(named: readerName)?.target == .union(valueName)
        default:
            return false
        }
    }

    /// Whether a decoder for a scalar reads every value of another scalar.
    static func accepts(_ reader: TypeRef.Scalar, _ value: TypeRef.Scalar, valueDates: DateStyle) -> Bool {
        if reader == value { return true }
        switch reader {
        case .json: return true
        case .string: return [.uuid, .url, .bytes].contains(value) || (value == .date && valueDates == .iso8601)
        case .int, .int64: return [.int, .int64, .int32].contains(value)
        case .double: return [.float, .int, .int32, .int64, .uint64].contains(value)
        case .float: return value == .int32
        default: return false
        }
    }

    /// Two differently named models: every field the reader needs is there, and readable.
    private mutating func modelAccepts(_ readerName: String, _ valueName: String) -> Bool {
        guard let readerModel = readerAPI.model(named: readerName), let valueModel = valueAPI.model(named: valueName) else { return false }
        let pair = [readerName, valueName]
        guard !inProgress.contains(pair) else { return true }
        inProgress.insert(pair)
        defer { inProgress.remove(pair) }
        for field in readerModel.fields {
            let toleratesAbsence = field.type.isOptional || field.defaultValue != nil
            guard let other = valueModel.fields.first(where: { $0.wireName == field.wireName }) else {
                if toleratesAbsence { continue }
                return false
            }
            if !toleratesAbsence, other.type.isOptional { return false }
            if !accepts(field.type.unwrapped, other.type.unwrapped) { return false }
        }
        return true
    }
}
