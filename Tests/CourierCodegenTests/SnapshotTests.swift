import CourierCodegen
import CourierSchema
import Testing

/// One focused snapshot per construct; `Snapshots/` holds the reviewed output.
@Suite("Snapshots per construct")
struct SnapshotTests {
    @Test func model() throws {
        let api = try api(
            """
            api T {}
            /// A task.
            model ArchonTask {
              /// The id.
              id: UUID
              projectId: Int64
              ownerURL: URL?
              tags: [String]
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "model")
    }

    @Test func modelWithDefaultsAndDeprecatedField() throws {
        let api = try api(
            """
            api T {}
            enum Status { running, done }
            model Options {
              status: Status = running
              events: [String] = []
              retries: Int = 3
              note: String? = "hi"
              title: String @deprecated("use name")
              default: Bool?
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "model-defaults")
    }

    @Test func aliases() throws {
        let api = try api(
            """
            api T {}
            /// A usage record.
            model UsageRecord { count: Int }
            /// A day's usage.
            alias DailyUsage = UsageRecord
            alias Weekly = DailyUsage
            @deprecated("use Labels")
            alias Tags = [String: [String]]
            alias Labels = [String]
            /// Deprecated, yet an alias names it: a note, not an attribute.
            @deprecated("gone soon") enum Old { a }
            alias OldAlias = Old
            model Report {
              daily: DailyUsage
              weekly: [Weekly]?
              labels: Labels = []
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "aliases")
    }

    @Test func enums() throws {
        let api = try api(
            """
            api T {}
            /// Where a task is.
            enum TaskStatus {
              /// Queued.
              created
              stepStarted = "step_started"
              default
            }
            @frozen enum Direction { up, down = "DOWN" }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "enums")
    }

    @Test func unionAndRecursion() throws {
        let api = try api(
            """
            api T {}
            model Leaf { value: Int }
            model Branch { tree: Tree, parent: Branch? }
            /// A tree.
            union Tree tag "kind" {
              leaf: Leaf
              branch = "node": Branch
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "union-recursion")
    }

    @Test func endpoints() throws {
        let api = try api(
            """
            api T {
              header "X-Client" = "t"
              apikey header "apikey"
            }
            enum TaskStatus { running, done }
            model Task2 { id: UUID, status: TaskStatus }
            model Post { id: Int }
            model Event { id: Int }
            /// Tasks.
            group Tasks {
              /// Lists tasks.
              list: GET /tasks {
                /// The project.
                query projectId: UUID @wire("project_id") @prefix("eq.")
                query tags: [String]?
                header trace: String? @wire("X-Trace")
                returns [Task2]
              }
              get: GET /tasks/{id} @poll(every: 2s, until: status in [done]) {
                path id: UUID
                returns Task2
              }
              cancel: POST /tasks/{id}/cancel @public @retries(0) @timeout(15s) @deprecated("no longer") {
                path id: UUID
              }
              feed: GET /feed {
                query cursor: String?
                query limit: Int = 20
                returns Page<Post>
              }
              upload: POST /upload @idempotent {
                body multipart { file: File, caption: String? }
                returns Data<Post>
              }
              login: POST /token?grant_type=password {
                body form { userName: String }
              }
              events: POST /events {
                body Post
                returns stream Event
              }
              pdf: GET /statements/{month}.pdf {
                path month: String
                returns Bytes
              }
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "endpoints")
    }

    @Test func untaggedUnionAndIntegerEnum() throws {
        let api = try api(
            """
            api T {}
            model Quote { quote: String, author: String? }
            /// A part.
            union Part {
              quote: Quote
              count: Int
              text: String
              list: [String]
            }
            /// How urgent.
            enum Priority: Int {
              low = 1
              high = 3
            }
            @frozen enum Level: Int { first = 1, second = 2 }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "untagged-union-integer-enum")
    }

    @Test func bodyAndResponseKinds() throws {
        let api = try api(
            """
            api T {
              auth none
              apikey query "api_key"
              error Problem
            }
            model Problem { title: String? @message, detail: String? }
            model Node { id: Int }
            /// Kinds.
            group Kinds {
              readme: GET /readme {
                returns Text
              }
              log: GET /log {
                returns lines Node
              }
              avatar: PUT /avatar @auth(bearer) {
                body Bytes "image/png"
                returns Response
              }
              note: POST /notes {
                body Text
                returns Response<Node>
              }
              stats: GET /stats @auth(basic) {
                query filter: [String: String] @style(deepObject)
                returns Response<Bytes>
              }
            }
            """)
        try assertSnapshot(try file("test.generated.swift", of: api), named: "body-response-auth")
    }
}
