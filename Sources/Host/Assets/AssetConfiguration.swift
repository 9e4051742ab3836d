/// A configuration of an asset that every platform can express: the dark appearance, the
/// right-to-left layout direction and a locale (Android's `-night`, `-ldrtl` and `-fr`/`-pt-rBR`
/// qualifiers; an imageset's `appearances`, `language-direction` and `locale`; CSS's
/// `prefers-color-scheme`, `:dir(rtl)` and `:lang()`).
public struct AssetConfiguration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The dark appearance.
    public var isDark: Bool
    /// Right-to-left layouts.
    public var isRightToLeft: Bool
    /// A BCP 47 language tag (`fr`, `pt-BR`, `sr-Latn`), `nil` for every language.
    public var locale: String?

    /// Creates a configuration.
    public init(isDark: Bool = false, isRightToLeft: Bool = false, locale: String? = nil) {
        self.isDark = isDark
        self.isRightToLeft = isRightToLeft
        self.locale = locale
    }

    /// Light, left to right, every language: what a platform takes without saying more.
    public static let standard = AssetConfiguration()

    /// The part of a resource folder's configuration every platform can express (`pt-rBR` and
    /// `b+sr+Latn` become `pt-BR` and `sr-Latn`; `notnight` and `ldltr` are the standard ones).
    public init(_ configuration: ResourceConfiguration) {
        self.init(isDark: configuration.isNight == true, isRightToLeft: configuration.isRightToLeft == true, locale: configuration.locale?.languageTag)
    }

    /// The same configuration with `isDark` changed.
    public func with(isDark: Bool) -> AssetConfiguration { AssetConfiguration(isDark: isDark, isRightToLeft: isRightToLeft, locale: locale) }

    /// Whether it is ``standard``.
    public var isStandard: Bool { self == .standard }

    /// The standard one first, then by locale, direction and appearance.
    public static func < (lhs: AssetConfiguration, rhs: AssetConfiguration) -> Bool {
        func rank(_ c: AssetConfiguration) -> Int { (c.isRightToLeft ? 2 : 0) + (c.isDark ? 1 : 0) }
        if lhs.locale != rhs.locale { return (lhs.locale ?? "") < (rhs.locale ?? "") }
        return rank(lhs) < rank(rhs)
    }

    /// The resource configuration that selects it on Android (`fr-ldrtl-night`; none for the
    /// standard one). A locale a folder name cannot say (see
    /// ``ResourceConfiguration/Locale/init(languageTag:)``) is left out.
    public var resourceConfiguration: ResourceConfiguration {
        ResourceConfiguration(
            locale: locale.flatMap(ResourceConfiguration.Locale.init(languageTag:)), isRightToLeft: isRightToLeft ? true : nil, isNight: isDark ? true : nil)
    }

    /// A suffix for file names (`-dark`, `-rtl`, `-fr-rtl-dark`), empty for the standard one.
    public var fileSuffix: String { (locale.map { "-" + $0 } ?? "") + (isRightToLeft ? "-rtl" : "") + (isDark ? "-dark" : "") }

    /// The key generated code (Flutter's, Compose's) finds this configuration's files by: its
    /// file suffix without the leading hyphen (`dark`, `fr-rtl`), empty for the standard one.
    var variantKey: String { String(fileSuffix.dropFirst()) }

    /// Its key in a web manifest entry: `dark`, `right-to-left`, `fr-dark-right-to-left`.
    public var manifestKey: String { description.replacing(", ", with: "-") }

    /// `dark`, `right-to-left`, `fr, dark, right-to-left`, `standard`.
    public var description: String {
        isStandard
            ? "standard" : [locale, isDark ? "dark" : nil, isRightToLeft ? "right-to-left" : nil].compactMap { $0 }.joined(separator: ", ")
    }
}
