/// The targets `assets` can convert to, looked up by name: the built-in ones (iOS, Android,
/// web), and any a tool registers. Passed as a value, like `ImageCodecRegistry`.
public struct AssetTargetRegistry: Sendable {
    /// The targets, in the order they were registered.
    public private(set) var targets: [any AssetTarget]

    /// A registry of `targets`.
    public init(_ targets: [any AssetTarget] = []) { self.targets = targets }

    /// iOS, Android, the web, Flutter and Compose Multiplatform.
    public static let builtIn = AssetTargetRegistry([IOSAssetTarget(), AndroidAssetTarget(), WebAssetTarget(), FlutterAssetTarget(), ComposeAssetTarget()])

    /// Adds `target`, replacing one of the same name.
    public mutating func register(_ target: any AssetTarget) {
        targets.removeAll { $0.name == target.name }
        targets.append(target)
    }

    /// The target called `name`, or `nil`.
    public func target(named name: String) -> (any AssetTarget)? { targets.first { $0.name == name } }

    /// The targets' names, in order.
    public var names: [String] { targets.map(\.name) }
}
