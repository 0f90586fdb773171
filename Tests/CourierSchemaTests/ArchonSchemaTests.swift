import Testing

@testable import CourierSchema

/// The bundled Archon schema expresses the seeds' API and lints clean.
@Suite("Schema/Archon")
struct ArchonSchemaTests {
    @Test func lintsCleanWithoutWarnings() throws {
        let compilation = SchemaCompiler.compile(try archonSchemaFiles())
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.description))")
        #expect(compilation.api != nil)
    }

    @Test func everyDeclarationIsDocumented() throws {
        let api = try #require(SchemaCompiler.compile(try archonSchemaFiles()).api)
        var undocumented: [String] = []
        for model in api.models {
            if model.docs.isEmpty { undocumented.append(model.name) }
            for field in model.fields where field.docs.isEmpty { undocumented.append("\(model.name).\(field.name)") }
        }
        for enumType in api.enums {
            if enumType.docs.isEmpty { undocumented.append(enumType.name) }
            for enumCase in enumType.cases where enumCase.docs.isEmpty { undocumented.append("\(enumType.name).\(enumCase.name)") }
        }
        for union in api.unions {
            if union.docs.isEmpty { undocumented.append(union.name) }
            for variant in union.variants where variant.docs.isEmpty { undocumented.append("\(union.name).\(variant.name)") }
        }
        for group in api.groups {
            if group.docs.isEmpty { undocumented.append(group.name) }
            for endpoint in group.endpoints {
                if endpoint.docs.isEmpty { undocumented.append(endpoint.name) }
                for parameter in endpoint.parameters where parameter.docs.isEmpty {
                    undocumented.append("\(endpoint.name)(\(parameter.name))")
                }
            }
        }
        #expect(undocumented.isEmpty, "undocumented: \(undocumented)")
    }

    @Test func coversTheSeedsAPI() throws {
        let api = try #require(SchemaCompiler.compile(try archonSchemaFiles()).api)
        #expect(api.headers == [StaticHeader(name: "X-Client-Info", value: "archon-ios/1.0")])
        #expect(api.apiKeyHeader == "apikey")
        #expect(api.auth == .bearer)
        let routes = Set(api.endpoints.map { "\($0.method.rawValue) \($0.path.template)" })
        for route in [
            "POST /auth/v1/token?grant_type=password", "POST /auth/v1/token?grant_type=id_token",
            "POST /auth/v1/token?grant_type=refresh_token", "POST /auth/v1/logout",
            "GET /rest/v1/projects", "GET /rest/v1/tasks", "GET /rest/v1/tasks/{id}",
            "POST /rest/v1/tasks/{id}/cancel", "POST /functions/v1/chat", "POST /functions/v1/upload",
            "GET /feed", "GET /posts/{id}", "POST /posts/{id}/like", "DELETE /posts/{id}/like",
        ] {
            #expect(routes.contains(route), "missing \(route)")
        }
        let byName = Dictionary(uniqueKeysWithValues: api.endpoints.map { ($0.name, $0) })
        #expect(byName["signInWithPassword"]?.requiresAuth == false)
        #expect(byName["signOut"]?.requiresAuth == true)
        #expect(byName["listTasks"]?.parameters.first?.wireName == "project_id")
        #expect(byName["listTasks"]?.parameters.first?.valuePrefix == "eq.")
        #expect(byName["getTask"]?.poll?.terminalCases == ["completed", "failed", "cancelled"])
        #expect(byName["getTask"]?.poll?.interval == 2)
        #expect(byName["sendMessage"]?.response == .stream(.union("ChatEvent")))
        #expect(byName["fetchFeed"]?.hasPageSequence == true)
        #expect(api.enumType(named: "TaskStatus")?.cases.map(\.name) == ["created", "running", "completed", "failed", "cancelled"])
    }
}
