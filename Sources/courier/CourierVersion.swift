/// The version `courier --version` prints; raised with each release.
enum CourierVersion {
    static let current = "0.5.0"
}
