import Testing

@testable import CourierSchema

/// Each construct of the language, compiled into the IR and checked field by field.
@Suite("Round trip: every construct into the IR")
struct RoundTripTests {
    @Test func apiBlockSettings() throws {
        let api = try #require(
            compileValid(
                """
                /// The API.
                api Archon {
                  header "X-Client-Info" = "archon-ios/1.0"
                  header "X-Other" = "2", auth none
                  apikey header "apikey"
                  keys camel_case
                  dates unix_millis
                  error ErrorBody
                }
                model ErrorBody {
                  message: String?
                }
                """))
        #expect(api.name == "Archon")
        #expect(api.docs == ["The API."])
        #expect(api.headers == [.init(name: "X-Client-Info", value: "archon-ios/1.0"), .init(name: "X-Other", value: "2")])
        #expect(api.auth == .none)
        #expect(api.apiKeyHeader == "apikey")
        #expect(api.keyStyle == .camelCase)
        #expect(api.dateStyle == .unixMillis)
        #expect(api.errorModel == "ErrorBody")
        #expect(api.location == SourceLocation(file: "test.api", line: 2, column: 5))
    }

    @Test func defaultsOfTheAPIBlock() throws {
        let api = try #require(compileValid("api T {}"))
        #expect(api.auth == .bearer)
        #expect(api.keyStyle == .snakeCase)
        #expect(api.dateStyle == .iso8601)
        #expect(api.apiKeyHeader == nil)
        #expect(api.errorModel == nil)
    }

    @Test func modelFieldsTypesDefaultsAndAttributes() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                enum Status { running, done }
                /// A task.
                @deprecated("use Job")
                model ArchonTask {
                  /// The id.
                  id: UUID
                  projectId: Int64
                  ownerURL: URL?
                  userID2: Int32 = -1
                  ratio: Double = 2.5
                  score: Float = 3
                  tiny: Double = 1e-7
                  huge: Double = -2.5E+10
                  flag: Bool = true
                  title: String = "a \\"b\\"\\n\\u{1F600}"
                  status: Status = running
                  events: [String] = []
                  numbers: [Int] = [1, 2]
                  extra: [String: JSON] = [:]
                  raw: JSON = null
                  data: Bytes?
                  at: Date
                  note: String? = nil
                  legacyName: String? @wire("legacy-name")
                  old: String @deprecated("use title")
                  default: Int?
                }
                """))
        let model = try #require(api.model(named: "ArchonTask"))
        #expect(model.docs == ["A task."])
        #expect(model.deprecation == Deprecation(message: "use Job"))
        #expect(model.location == SourceLocation(file: "test.api", line: 5, column: 7))
        let fields = Dictionary(uniqueKeysWithValues: model.fields.map { ($0.name, $0) })
        #expect(model.fields.map(\.name).first == "id")
        #expect(fields["id"]?.docs == ["The id."])
        #expect(fields["id"]?.type == .scalar(.uuid))
        #expect(fields["projectId"]?.wireName == "project_id")
        #expect(fields["ownerURL"]?.wireName == "owner_url")
        #expect(fields["ownerURL"]?.type == .optional(.scalar(.url)))
        #expect(fields["userID2"]?.wireName == "user_id2")
        #expect(fields["userID2"]?.defaultValue == .integer(-1))
        #expect(fields["ratio"]?.defaultValue == .double(2.5))
        #expect(fields["score"]?.defaultValue == .double(3))
        #expect(fields["tiny"]?.defaultValue == .double(1e-7))
        #expect(fields["huge"]?.defaultValue == .double(-2.5e10))
        #expect(fields["flag"]?.defaultValue == .bool(true))
        #expect(fields["title"]?.defaultValue == .string("a \"b\"\n😀"))
        #expect(fields["status"]?.type == .enumeration("Status"))
        #expect(fields["status"]?.defaultValue == .enumCase("running"))
        #expect(fields["events"]?.type == .array(.scalar(.string)))
        #expect(fields["events"]?.defaultValue == .array([]))
        #expect(fields["numbers"]?.defaultValue == .array([.integer(1), .integer(2)]))
        #expect(fields["extra"]?.type == .dictionary(.scalar(.json)))
        #expect(fields["extra"]?.defaultValue == .emptyDictionary)
        #expect(fields["raw"]?.defaultValue == .null)
        #expect(fields["data"]?.type == .optional(.scalar(.bytes)))
        #expect(fields["at"]?.type == .scalar(.date))
        #expect(fields["note"]?.defaultValue == .null)
        #expect(fields["legacyName"]?.wireName == "legacy-name")
        #expect(fields["old"]?.deprecation == Deprecation(message: "use title"))
        #expect(fields["default"]?.wireName == "default")
    }

    @Test func enumsWithWireValuesAndFrozen() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                /// Event kinds.
                enum EventType {
                  /// Started.
                  stepStarted = "step_started"
                  info @deprecated
                }
                @frozen enum Direction { up, down }
                """))
        let events = try #require(api.enumType(named: "EventType"))
        #expect(events.docs == ["Event kinds."])
        #expect(!events.isFrozen)
        #expect(events.cases.map(\.name) == ["stepStarted", "info"])
        #expect(events.cases.map(\.wireValue) == ["step_started", "info"])
        #expect(events.cases[0].docs == ["Started."])
        #expect(events.cases[1].deprecation == Deprecation(message: nil))
        #expect(api.enumType(named: "Direction")?.isFrozen == true)
    }

    @Test func unionsWithTagsAndVariants() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                model ChatDelta { text: String }
                model ChatDone {}
                /// One chat event.
                union ChatEvent tag "type" {
                  /// Text.
                  delta: ChatDelta
                  taskDone = "task_done": ChatDone
                }
                """))
        let union = try #require(api.union(named: "ChatEvent"))
        #expect(union.docs == ["One chat event."])
        #expect(union.tagKey == "type")
        #expect(union.variants.map(\.name) == ["delta", "taskDone"])
        #expect(union.variants.map(\.tagValue) == ["delta", "task_done"])
        #expect(union.variants.map(\.model) == ["ChatDelta", "ChatDone"])
        #expect(union.variants[0].docs == ["Text."])
        #expect(!union.isRecursive)
    }

    @Test func endpointParametersBodyAndResponse() throws {
        let api = try #require(
            compileValid(
                """
                api T {
                  apikey header "apikey"
                }
                model ArchonTask { id: UUID }
                enum Order { newest, oldest }
                /// Tasks.
                group Tasks {
                  /// List tasks.
                  listTasks: GET /rest/v1/projects/{projectId}/tasks?select=*&x {
                    /// The project.
                    path projectId: UUID
                    query order: Order = newest
                    query tags: [String]?
                    query ownerId: UUID @wire("owner") @prefix("eq.")
                    header requestId: String? @wire("X-Request-ID")
                    returns [ArchonTask]
                  }
                  create: POST /tasks @idempotent @retries(0) @timeout(1500ms) @deprecated("use make") {
                    body ArchonTask
                    returns Data<ArchonTask>
                  }
                  statement: GET /statements/{month}.pdf {
                    path month: String
                    returns Bytes
                  }
                  signIn: POST /auth/v1/token?grant_type=password @public {
                    body form { grantType: String, userName: String }
                  }
                }
                """))
        let group = try #require(api.groups.first)
        #expect(group.name == "Tasks")
        #expect(group.docs == ["Tasks."])
        let list = group.endpoints[0]
        #expect(list.name == "listTasks")
        #expect(list.docs == ["List tasks."])
        #expect(list.method == .get)
        #expect(list.path.parts == [.literal("/rest/v1/projects/"), .parameter("projectId"), .literal("/tasks")])
        #expect(list.path.fixedQuery == [.init(name: "select", value: "*"), .init(name: "x", value: "")])
        #expect(list.requiresAuth)
        #expect(list.isIdempotent)
        #expect(list.parameters.map(\.kind) == [.path, .query, .query, .query, .header])
        #expect(list.parameters[0].docs == ["The project."])
        #expect(list.parameters[1].defaultValue == .enumCase("newest"))
        #expect(list.parameters[2].type == .optional(.array(.scalar(.string))))
        #expect(list.parameters[3].wireName == "owner")
        #expect(list.parameters[3].valuePrefix == "eq.")
        #expect(list.parameters[4].wireName == "X-Request-ID")
        #expect(list.response == .value(.array(.model("ArchonTask"))))
        #expect(list.body == nil)

        let create = group.endpoints[1]
        #expect(create.isIdempotent)
        #expect(create.retries == 0)
        #expect(create.timeout == 1.5)
        #expect(create.deprecation == Deprecation(message: "use make"))
        #expect(create.body == .json(.model("ArchonTask")))
        #expect(create.response == .data(.model("ArchonTask")))

        let statement = group.endpoints[2]
        #expect(statement.path.parts == [.literal("/statements/"), .parameter("month"), .literal(".pdf")])
        #expect(statement.response == .bytes)

        let signIn = group.endpoints[3]
        #expect(!signIn.requiresAuth)
        #expect(!signIn.isIdempotent)
        #expect(signIn.response == .none)
        #expect(signIn.path.fixedQuery == [.init(name: "grant_type", value: "password")])
        guard case .form(let fields) = signIn.body else {
            Issue.record("expected a form body")
            return
        }
        #expect(fields.map(\.wireName) == ["grant_type", "user_name"])
    }

    @Test func multipartPagesStreamsAndPolling() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                enum TaskStatus { created, running, completed, failed }
                model ArchonTask { id: UUID, status: TaskStatus? }
                model Post { id: Int }
                model Event { id: Int }
                group G {
                  upload: POST /upload {
                    body multipart {
                      /// The file.
                      file: File
                      more: [File]
                      caption: String?
                    }
                  }
                  feed: GET /feed {
                    query cursor: String?
                    returns Page<Post>
                  }
                  feedNoCursor: GET /feed2 {
                    returns Page<Post>
                  }
                  events: POST /chat {
                    body [String: JSON]
                    returns stream Event
                  }
                  getTask: GET /tasks/{id} @poll(every: 500ms, until: status in [completed, failed]) {
                    path id: UUID
                    returns Data<ArchonTask>
                  }
                }
                """))
        let endpoints = api.endpoints
        guard case .multipart(let fields) = endpoints[0].body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(fields.map(\.type) == [.file, .array(.file), .optional(.scalar(.string))])
        #expect(fields[0].docs == ["The file."])
        #expect(endpoints[1].response == .page(.model("Post")))
        #expect(endpoints[1].hasPageSequence)
        #expect(!endpoints[2].hasPageSequence)
        #expect(endpoints[3].body == .json(.dictionary(.scalar(.json))))
        #expect(endpoints[3].response == .stream(.model("Event")))
        #expect(endpoints[3].method == .post)
        #expect(
            endpoints[4].poll
                == Poll(interval: 0.5, field: "status", enumName: "TaskStatus", fieldIsOptional: true, terminalCases: ["completed", "failed"]))
    }

    @Test func recursionThroughOptionalsAndUnionsIsBoxed() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                model Node {
                  next: Node?
                  children: [Node]
                  parent: Parent?
                }
                model Parent {
                  node: Node
                }
                model Leaf { value: Int }
                model Branch { tree: Tree }
                union Tree tag "kind" {
                  leaf: Leaf
                  branch: Branch
                }
                """))
        let node = try #require(api.model(named: "Node"))
        #expect(node.fields.map(\.isIndirect) == [true, false, true])
        #expect(api.model(named: "Parent")?.fields.map(\.isIndirect) == [false])
        #expect(api.union(named: "Tree")?.isRecursive == true)
        #expect(api.model(named: "Branch")?.fields.map(\.isIndirect) == [false])
    }

    @Test func declarationsSpreadAcrossFilesKeepFileThenSchemaOrder() throws {
        let compilation = SchemaCompiler.compile([
            SourceFile(path: "b.api", text: "model B { a: A }\ngroup Two { two: GET /two }"),
            SourceFile(path: "a.api", text: "api T {}\nmodel A { id: Int }\ngroup One { one: GET /one { returns B } }"),
        ])
        #expect(compilation.diagnostics.isEmpty)
        let api = try #require(compilation.api)
        #expect(api.models.map(\.name) == ["A", "B"])
        #expect(api.groups.map(\.name) == ["One", "Two"])
        #expect(api.models[1].location.file == "b.api")
    }

    @Test func keywordsAreLegalNames() throws {
        let api = try #require(
            compileValid(
                """
                api T {}
                enum Kind { default, class, self, model }
                model Type {
                  self: Int
                  model: Kind
                  query: String
                }
                group group {
                  default: GET /d {
                    query in: Int
                    query return: String?
                  }
                }
                """))
        #expect(api.enumType(named: "Kind")?.cases.map(\.name) == ["default", "class", "self", "model"])
        #expect(api.model(named: "Type")?.fields.map(\.name) == ["self", "model", "query"])
        #expect(api.endpoints.first?.parameters.map(\.name) == ["in", "return"])
    }

    @Test func lexicalDetails() throws {
        // A byte order mark, CRLF line ends, tabs, comments, `////` as a plain comment.
        let source = "\u{FEFF}api T {}\r\n//// not a doc\r\n\t/// Doc.\r\nmodel A { // trailing\r\n  a: Int // note\r\n}\r\n"
        let api = try #require(compileValid(source))
        #expect(api.models.first?.docs == ["Doc."])
        #expect(api.models.first?.location == SourceLocation(file: "test.api", line: 4, column: 7))
    }

    @Test(arguments: [
        ("projectId", "project_id"), ("ownerURL", "owner_url"), ("htmlBody", "html_body"),
        ("userID2", "user_id2"), ("URLString", "url_string"), ("id", "id"), ("already_snake", "already_snake"),
        ("iOSVersion", "i_os_version"), ("a1B", "a1_b"),
    ])
    func snakeCaseKeepsAcronymsWhole(_ identifier: String, _ expected: String) {
        #expect(KeyStyle.snakeCase.wireName(for: identifier) == expected)
    }

    @Test func camelCaseAndVerbatim() {
        #expect(KeyStyle.camelCase.wireName(for: "project_id") == "projectId")
        #expect(KeyStyle.camelCase.wireName(for: "projectId") == "projectId")
        #expect(KeyStyle.verbatim.wireName(for: "Project_ID") == "Project_ID")
    }
}
