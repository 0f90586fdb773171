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

    public func load() throws -> AuthTokens? {
        lock.lock()
        defer { lock.unlock() }
        return tokens
    }

    public func save(_ tokens: AuthTokens) throws {
        lock.lock()
        self.tokens = tokens
        lock.unlock()
    }

    public func clear() throws {
        lock.lock()
        tokens = nil
        lock.unlock()
    }
}

/// Keeps tokens in a JSON file readable and writable by the owner only (0600), written
/// atomically. For servers and command-line tools.
public struct FileTokenStore: TokenStore {
    /// The file's path.
    public let path: String

    /// Creates a store at a path; the file is made when tokens are first saved.
    public init(path: String) { self.path = path }

    public func load() throws -> AuthTokens? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONCoding.decoder(for: .iso8601).decode(AuthTokens.self, from: data)
    }

    public func save(_ tokens: AuthTokens) throws {
        let data = try JSONCoding.encoder(for: .iso8601).encode(tokens)
        let temporary = path + ".tmp-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            try handle.write(contentsOf: data)
            try handle.close()
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary)
            // rename(2) replaces the old file atomically: a reader sees the old or the new tokens.
            guard rename(temporary, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
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

        public func save(_ tokens: AuthTokens) throws {
            let data = try JSONCoding.encoder(for: .iso8601).encode(tokens)
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }

        public func clear() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
            }
        }
    }
#endif
