/// A configuration of an asset that every platform can express: the dark appearance and the
/// right-to-left layout direction (Android's `-night` and `-ldrtl`, an imageset's `appearances`
/// and `language-direction`, CSS's `prefers-color-scheme` and `:dir(rtl)`).
public struct AssetConfiguration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The dark appearance.
    public var isDark: Bool
    /// Right-to-left layouts.
    public var isRightToLeft: Bool

    /// Creates a configuration.
    public init(isDark: Bool = false, isRightToLeft: Bool = false) {
        self.isDark = isDark
        self.isRightToLeft = isRightToLeft
    }

    /// Light, left to right: what a platform takes without saying more.
    public static let standard = AssetConfiguration()

    /// The configuration Android's qualifiers select (others, such as a locale, are not kept).
    public init(_ qualifiers: ResourceQualifiers) {
        self.init(isDark: qualifiers.isNight, isRightToLeft: qualifiers.isRightToLeft)
    }

    /// The same configuration with `isDark` changed.
    public func with(isDark: Bool) -> AssetConfiguration { AssetConfiguration(isDark: isDark, isRightToLeft: isRightToLeft) }

    /// Whether it is ``standard``.
    public var isStandard: Bool { self == .standard }

    /// The standard one first, then dark, right-to-left, both.
    public static func < (lhs: AssetConfiguration, rhs: AssetConfiguration) -> Bool {
        (lhs.isRightToLeft ? 2 : 0) + (lhs.isDark ? 1 : 0) < (rhs.isRightToLeft ? 2 : 0) + (rhs.isDark ? 1 : 0)
    }

    /// Android's qualifiers for it, in Android's order (`ldrtl-night`), empty for the standard one.
    public var androidQualifiers: [String] { (isRightToLeft ? ["ldrtl"] : []) + (isDark ? ["night"] : []) }

    /// A suffix for file names (`-dark`, `-rtl`, `-rtl-dark`), empty for the standard one.
    public var fileSuffix: String { androidQualifiers.map { $0 == "ldrtl" ? "-rtl" : "-dark" }.joined() }

    /// Its key in a web manifest entry: `dark`, `right-to-left`, `dark-right-to-left`.
    public var manifestKey: String { description.replacing(", ", with: "-") }

    /// `dark`, `right-to-left`, `dark, right-to-left`, `standard`.
    public var description: String {
        isStandard ? "standard" : [isDark ? "dark" : nil, isRightToLeft ? "right-to-left" : nil].compactMap { $0 }.joined(separator: ", ")
    }
}
