/// Every rule, in the order `Docs/BreakingChanges.md` describes them.
extension DiffRule {
    // MARK: Installed apps: endpoints

    static let endpointRemoved = DiffRule("endpoint-removed", .installedApps, .error, "an endpoint was removed")
    static let endpointMethodChanged = DiffRule("endpoint-method-changed", .installedApps, .error, "an endpoint's HTTP method changed")
    static let endpointPathChanged = DiffRule("endpoint-path-changed", .installedApps, .error, "an endpoint's path changed")
    static let endpointAuthAdded = DiffRule("endpoint-auth-added", .installedApps, .error, "a public endpoint now needs credentials")
    static let endpointAuthChanged = DiffRule("endpoint-auth-changed", .installedApps, .error, "an endpoint takes other credentials")
    static let endpointAuthRemoved = DiffRule("endpoint-auth-removed", .installedApps, .note, "an endpoint became public")
    static let endpointAdded = DiffRule("endpoint-added", .installedApps, .note, "an endpoint was added")
    static let endpointDeprecated = DiffRule("endpoint-deprecated", .installedApps, .note, "an endpoint was deprecated")
    static let responseKindChanged = DiffRule("response-kind-changed", .installedApps, .error, "what an endpoint returns changed kind")
    static let responseBodyAdded = DiffRule("response-body-added", .installedApps, .note, "an endpoint that returned nothing returns a body")
    static let responseTypeChanged = DiffRule("response-type-changed", .installedApps, .error, "a response's type changed")
    static let requestBodyAdded = DiffRule("request-body-added", .installedApps, .error, "an endpoint now needs a body")
    static let requestBodyRemoved = DiffRule("request-body-removed", .installedApps, .warning, "an endpoint no longer takes a body")
    static let requestBodyKindChanged = DiffRule("request-body-kind-changed", .installedApps, .error, "a request body's kind or media type changed")
    static let requestBodyTypeChanged = DiffRule("request-body-type-changed", .installedApps, .error, "a request body's type changed")
    static let parameterAddedRequired = DiffRule("parameter-added-required", .installedApps, .error, "a required parameter was added")
    static let parameterAddedOptional = DiffRule("parameter-added-optional", .installedApps, .note, "an optional parameter was added")
    static let parameterBecameRequired = DiffRule("parameter-became-required", .installedApps, .error, "an optional parameter became required")
    static let parameterRemoved = DiffRule("parameter-removed", .installedApps, .warning, "a parameter was removed")
    static let parameterRenamedOnWire = DiffRule(
        "parameter-renamed-on-wire", .installedApps, .error, "a parameter is sent under another name or in another place")
    static let parameterTypeChanged = DiffRule("parameter-type-changed", .installedApps, .error, "a parameter's type changed")
    static let parameterEncodingChanged = DiffRule(
        "parameter-encoding-changed", .installedApps, .error, "a query parameter is written another way: its style or its prefix")

    // MARK: Installed apps: realtime

    static let realtimeMemberRemoved = DiffRule(
        "realtime-member-removed", .installedApps, .error, "a table subscription, broadcast channel or WebSocket endpoint was removed")
    static let realtimeMemberAdded = DiffRule(
        "realtime-member-added", .installedApps, .note, "a table subscription, broadcast channel or WebSocket endpoint was added")
    static let realtimeTargetChanged = DiffRule(
        "realtime-target-changed", .installedApps, .error, "a realtime member follows another table, topic or path, or became another kind")
    static let realtimeFilterChanged = DiffRule("realtime-filter-changed", .installedApps, .error, "a table subscription filters on another column")
    static let realtimeTypeChanged = DiffRule(
        "realtime-type-changed", .installedApps, .error, "a realtime member's row, old row, event payload or message type changed")
    static let broadcastEventRemoved = DiffRule("broadcast-event-removed", .installedApps, .warning, "a broadcast channel's event was removed")
    static let broadcastEventAdded = DiffRule("broadcast-event-added", .installedApps, .note, "a broadcast channel has a new event")
    static let realtimeSocketChanged = DiffRule("realtime-socket-changed", .installedApps, .error, "the realtime socket moved, or is gone")

    // MARK: Installed apps: models, enums, unions

    static let responseFieldRemoved = DiffRule("response-field-removed", .installedApps, .error, "a required response field was removed or renamed on the wire")
    static let responseOptionalFieldRemoved = DiffRule(
        "response-optional-field-removed", .installedApps, .warning, "an optional response field was removed or renamed on the wire")
    static let responseFieldBecameOptional = DiffRule(
        "response-field-became-optional", .installedApps, .error, "a required response field became optional or nullable")
    static let responseFieldTypeChanged = DiffRule("response-field-type-changed", .installedApps, .error, "a response field's type changed")
    static let responseFieldAdded = DiffRule("response-field-added", .installedApps, .note, "a response field was added")
    static let requestFieldAddedRequired = DiffRule("request-field-added-required", .installedApps, .error, "a required request field was added")
    static let requestFieldAddedOptional = DiffRule("request-field-added-optional", .installedApps, .note, "an optional request field was added")
    static let requestFieldBecameRequired = DiffRule("request-field-became-required", .installedApps, .error, "an optional request field became required")
    static let requestFieldRemoved = DiffRule("request-field-removed", .installedApps, .warning, "a request field was removed or renamed on the wire")
    static let requestFieldTypeChanged = DiffRule("request-field-type-changed", .installedApps, .error, "a request field's type changed")
    static let responseEnumValueAdded = DiffRule("response-enum-value-added", .installedApps, .note, "a value was added to an open enum in responses")
    static let responseFrozenEnumValueAdded = DiffRule(
        "response-frozen-enum-value-added", .installedApps, .error, "a value was added to a @frozen enum in responses")
    static let responseEnumValueRenamed = DiffRule("response-enum-value-renamed", .installedApps, .warning, "an enum case's wire value changed in responses")
    static let requestEnumValueRemoved = DiffRule(
        "request-enum-value-removed", .installedApps, .error, "an enum value that requests send was removed or renamed")
    static let responseUnionVariantAdded = DiffRule("response-union-variant-added", .installedApps, .note, "a variant was added to a union in responses")
    static let requestUnionVariantRemoved = DiffRule("request-union-variant-removed", .installedApps, .error, "a union variant that requests send was removed")
    static let unionTagChanged = DiffRule("union-tag-changed", .installedApps, .error, "a union's tag key or a variant's tag value changed")

    // MARK: Installed apps: the api block

    static let keyStyleChanged = DiffRule("key-style-changed", .installedApps, .error, "`keys` changed, so wire keys changed")
    static let dateStyleChanged = DiffRule("date-style-changed", .installedApps, .error, "`dates` changed, so dates travel differently")
    static let apiKeyChanged = DiffRule("api-key-changed", .installedApps, .error, "the API key travels under another name")
    static let idempotencyKeyChanged = DiffRule(
        "idempotency-key-changed", .installedApps, .error, "idempotency keys travel in another header, or no longer")
    static let baseURLChanged = DiffRule("base-url-changed", .installedApps, .warning, "the default base URL changed")
    static let staticHeaderChanged = DiffRule("static-header-changed", .installedApps, .warning, "a header sent on every request changed")
    static let errorModelChanged = DiffRule("error-model-changed", .installedApps, .note, "the error model changed")

    // MARK: Swift source

    static let typeRemoved = DiffRule("type-removed", .swiftSource, .error, "a type was removed or renamed")
    static let typeKindChanged = DiffRule("type-kind-changed", .swiftSource, .error, "a type became another kind of type")
    static let typeBecameAlias = DiffRule(
        "type-became-alias", .swiftSource, .warning, "a type became another name for a declared type")
    static let aliasBecameType = DiffRule(
        "alias-became-type", .swiftSource, .warning, "another name for a declared type became a type of its own")
    static let propertyRemoved = DiffRule("property-removed", .swiftSource, .error, "a property was removed or renamed")
    static let propertyTypeChanged = DiffRule("property-type-changed", .swiftSource, .error, "a property's type or optionality changed")
    static let initializerArgumentAdded = DiffRule(
        "initializer-argument-added", .swiftSource, .error, "a model's initialiser has a new argument without a default")
    static let initializerArgumentAddedWithDefault = DiffRule(
        "initializer-argument-added-with-default", .swiftSource, .note, "a model's initialiser has a new argument with a default")
    static let initializerDefaultRemoved = DiffRule(
        "initializer-default-removed", .swiftSource, .error, "an initialiser argument lost its default")
    static let initializerArgumentsReordered = DiffRule(
        "initializer-arguments-reordered", .swiftSource, .error, "a model's fields, and so its initialiser's arguments, changed order")
    static let enumCaseAdded = DiffRule("enum-case-added", .swiftSource, .warning, "a case was added to an open enum or a union")
    static let frozenEnumCaseAdded = DiffRule("frozen-enum-case-added", .swiftSource, .error, "a case was added to a @frozen enum")
    static let enumCaseRemoved = DiffRule("enum-case-removed", .swiftSource, .error, "an enum or union case was removed or renamed")
    static let enumUnknownCaseRemoved = DiffRule(
        "enum-unknown-case-removed", .swiftSource, .error, "an enum was marked @frozen, so its `unknown` case is gone")
    static let enumUnknownCaseAdded = DiffRule(
        "enum-unknown-case-added", .swiftSource, .warning, "an enum is no longer @frozen, so it has an `unknown` case")
    static let methodRemoved = DiffRule("method-removed", .swiftSource, .error, "a method was removed")
    static let requirementAdded = DiffRule(
        "requirement-added", .swiftSource, .warning, "an endpoint is a new requirement of its group's protocol and a new case of its test double's calls")
    static let methodRenamed = DiffRule("method-renamed", .swiftSource, .error, "a method was renamed")
    static let methodResultChanged = DiffRule("method-result-changed", .swiftSource, .error, "a method returns another type")
    static let methodResultAdded = DiffRule("method-result-added", .swiftSource, .warning, "a method that returned nothing returns a value")
    static let methodMoved = DiffRule("method-moved", .swiftSource, .warning, "a method moved to another group's protocol")
    static let argumentAdded = DiffRule("argument-added", .swiftSource, .error, "a method has a new argument without a default")
    static let argumentAddedWithDefault = DiffRule(
        "argument-added-with-default", .swiftSource, .note, "a method or the factory has a new argument with a default")
    static let argumentRemoved = DiffRule("argument-removed", .swiftSource, .error, "a method's argument was removed or renamed")
    static let argumentTypeChanged = DiffRule("argument-type-changed", .swiftSource, .error, "a method's argument has another type")
    static let argumentDefaultRemoved = DiffRule("argument-default-removed", .swiftSource, .error, "a method's argument lost its default")
    static let argumentsReordered = DiffRule("arguments-reordered", .swiftSource, .error, "a method's arguments changed order")
    static let apiMemberChanged = DiffRule(
        "api-member-changed", .swiftSource, .error, "a member of the API's namespace, or its error accessor, was removed or changed type")
    static let declarationDeprecated = DiffRule("declaration-deprecated", .swiftSource, .warning, "a type, property, case or method was deprecated")

    /// Every rule.
    public static let catalogue: [DiffRule] = [
        endpointRemoved, endpointMethodChanged, endpointPathChanged, endpointAuthAdded, endpointAuthChanged, endpointAuthRemoved,
        endpointAdded, endpointDeprecated, responseKindChanged, responseBodyAdded, responseTypeChanged, requestBodyAdded,
        requestBodyRemoved, requestBodyKindChanged, requestBodyTypeChanged, parameterAddedRequired, parameterAddedOptional,
        parameterBecameRequired, parameterRemoved, parameterRenamedOnWire, parameterTypeChanged, parameterEncodingChanged,
        realtimeMemberRemoved, realtimeMemberAdded, realtimeTargetChanged, realtimeFilterChanged, realtimeTypeChanged,
        broadcastEventRemoved, broadcastEventAdded, realtimeSocketChanged,
        responseFieldRemoved, responseOptionalFieldRemoved, responseFieldBecameOptional, responseFieldTypeChanged, responseFieldAdded,
        requestFieldAddedRequired, requestFieldAddedOptional, requestFieldBecameRequired, requestFieldRemoved, requestFieldTypeChanged,
        responseEnumValueAdded, responseFrozenEnumValueAdded, responseEnumValueRenamed, requestEnumValueRemoved,
        responseUnionVariantAdded, requestUnionVariantRemoved, unionTagChanged,
        keyStyleChanged, dateStyleChanged, apiKeyChanged, idempotencyKeyChanged, baseURLChanged, staticHeaderChanged, errorModelChanged,
        typeRemoved, typeKindChanged, typeBecameAlias, aliasBecameType, propertyRemoved, propertyTypeChanged, initializerArgumentAdded, initializerArgumentAddedWithDefault, initializerDefaultRemoved,
        initializerArgumentsReordered, enumCaseAdded, frozenEnumCaseAdded, enumCaseRemoved, enumUnknownCaseRemoved, enumUnknownCaseAdded,
        methodRemoved, requirementAdded, methodRenamed, methodResultChanged, methodResultAdded, methodMoved, argumentAdded, argumentAddedWithDefault, argumentRemoved,
        argumentTypeChanged, argumentDefaultRemoved, argumentsReordered, apiMemberChanged, declarationDeprecated,
    ]
}
