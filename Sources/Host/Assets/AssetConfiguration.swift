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

    /// The configuration Android's qualifiers select (`pt-rBR` and `b+sr+Latn` become `pt-BR`
    /// and `sr-Latn`).
    public init(_ qualifiers: ResourceQualifiers) {
        self.init(isDark: qualifiers.isNight, isRightToLeft: qualifiers.isRightToLeft, locale: qualifiers.locale.map(Self.languageTag))
    }

    /// A BCP 47 tag for an Android locale qualifier.
    static func languageTag(_ qualifier: String) -> String {
        if qualifier.hasPrefix("b+") { return qualifier.dropFirst(2).split(separator: "+").joined(separator: "-") }
        return qualifier.split(separator: "-").map { $0.count == 3 && $0.first == "r" ? String($0.dropFirst()) : String($0) }.joined(separator: "-")
    }

    /// Android's qualifier for a BCP 47 tag: `fr`, `pt-rBR`, `b+sr+Latn`.
    static func androidLocale(_ tag: String) -> String {
        let parts = tag.split(separator: "-").map(String.init)
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isUppercase) { return parts[0] + "-r" + parts[1] }
        return parts.count == 1 ? tag : "b+" + parts.joined(separator: "+")
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

    /// Android's qualifiers for it, in Android's order (`fr-ldrtl-night`), empty for the standard one.
    public var androidQualifiers: [String] {
        (locale.map { [Self.androidLocale($0)] } ?? []) + (isRightToLeft ? ["ldrtl"] : []) + (isDark ? ["night"] : [])
    }

    /// A suffix for file names (`-dark`, `-rtl`, `-fr-rtl-dark`), empty for the standard one.
    public var fileSuffix: String { (locale.map { "-" + $0 } ?? "") + (isRightToLeft ? "-rtl" : "") + (isDark ? "-dark" : "") }

    /// Its key in a web manifest entry: `dark`, `right-to-left`, `fr-dark-right-to-left`.
    public var manifestKey: String { description.replacing(", ", with: "-") }

    /// `dark`, `right-to-left`, `fr, dark, right-to-left`, `standard`.
    public var description: String {
        isStandard
            ? "standard" : [locale, isDark ? "dark" : nil, isRightToLeft ? "right-to-left" : nil].compactMap { $0 }.joined(separator: ", ")
    }
}
