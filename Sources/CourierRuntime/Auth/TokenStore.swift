import Foundation

#if canImport(Security)
    import Security
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a session's tokens are kept between launches.
public protocol TokenStore: Sendable {
    /// The stored tokens, if any.
    func load() throws -> AuthTokens?
    /// Stores tokens, replacing any.
    func save(_ tokens: AuthTokens) throws
    /// Removes the stored tokens.
    func clear() throws
}

/// Keeps tokens in memory only.
public final class InMemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: AuthTokens?

    /// Creates a store, optionally holding tokens already.
    public init(_ tokens: AuthTokens? = nil) { self.tokens = tokens }

    /// The tokens held in memory, if any.
    public func load() throws -> AuthTokens? {
        lock.lock()
        defer { lock.unlock() }
        return tokens
    }

    /// Keeps `tokens` in memory, replacing any earlier ones.
    public func save(_ tokens: AuthTokens) throws {
        lock.lock()
        self.tokens = tokens
        lock.unlock()
    }

    /// Forgets the tokens.
    public func clear() throws {
        lock.lock()
        tokens = nil
        lock.unlock()
    }
}

/// Keeps tokens in a JSON file readable and writable by the owner only (0600), written to a
/// temporary file, flushed to disk and renamed over the old one, so a crash or power loss
/// leaves the old tokens or the new, never half of either. For servers and command-line tools.
/// Failures throw `TokenStoreError`, which names the file and what went wrong.
public struct FileTokenStore: TokenStore {
    /// The file's path.
    public let path: String

    /// Creates a store at a path; the file is made when tokens are first saved. Its folder
    /// must exist.
    public init(path: String) { self.path = path }

    /// Reads the tokens from the file; nil when there is no file.
    public func load() throws -> AuthTokens? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TokenStoreError(path: path, reason: "the file could not be read (\(error.localizedDescription))")
        }
        do {
            return try JSONCoding.decoder(for: .iso8601).decode(AuthTokens.self, from: data)
        } catch {
            throw TokenStoreError(path: path, reason: "the file does not hold saved tokens (\(DecodingErrorDescription.describe(error)))")
        }
    }

    /// Writes the tokens to the file atomically, readable by the owner only, and flushes them to disk.
    public func save(_ tokens: AuthTokens) throws {
        let data = try JSONCoding.encoder(for: .iso8601).encode(tokens)
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw TokenStoreError(path: path, reason: "the folder \(folder) does not exist")
        }
        let temporary = path + ".tmp-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw TokenStoreError(path: path, systemCall: "creating \(temporary)") }
        var written = 0
        let failure: TokenStoreError? = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return TokenStoreError(path: path, systemCall: "writing \(temporary)")
                }
                written += result
            }
            // The bytes must be on disk before the rename makes them the tokens.
            return fsync(descriptor) == 0 ? nil : TokenStoreError(path: path, systemCall: "flushing \(temporary)")
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw failure
        }
        // rename(2) replaces the old file atomically: a reader sees the old or the new tokens.
        guard rename(temporary, path) == 0 else {
            let error = TokenStoreError(path: path, systemCall: "renaming \(temporary)")
            unlink(temporary)
            throw error
        }
        // Flush the folder too, so the rename itself survives a power loss.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Deletes the file; a file that is already gone is not an error.
    public func clear() throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw TokenStoreError(path: path, systemCall: "removing the file") }
    }
}

/// A token file could not be read or written.
public struct TokenStoreError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// An error from the last failed system call, read from `errno`.
    init(path: String, systemCall: String) {
        self.init(path: path, reason: "\(systemCall) failed: \(String(cString: strerror(errno)))")
    }

    /// What went wrong, with the file it happened to.
    public var description: String {
        "The token file \(path) cannot be used: \(reason). Check the file and its folder; signing in again writes a new file."
    }
}

#if canImport(Security)
    /// Keeps tokens in the Keychain, available after the first unlock.
    public struct KeychainTokenStore: TokenStore {
        /// The Keychain service name.
        public let service: String
        /// The Keychain account name.
        public let account: String

        /// Creates a store for a service and account.
        public init(service: String, account: String = "session") {
            self.service = service
            self.account = account
        }

        private var query: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
        }

        /// Reads the tokens from the Keychain; nil when there are none.
        public func load() throws -> AuthTokens? {
            var item: CFTypeRef?
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            let status = SecItemCopyMatching(search as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else {
                throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
            }
            return try JSONCoding.decoder(for: .iso8601).decode(AuthTokens.self, from: data)
        }

        /// Replaces the Keychain item with `tokens`, readable after the first unlock.
        public func save(_ tokens: AuthTokens) throws {
            let data = try JSONCoding.encoder(for: .iso8601).encode(tokens)
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }

        /// Deletes the Keychain item; an item that is already gone is not an error.
        public func clear() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
            }
        }
    }
#endif
