/// The configuration an Android resource folder's qualifiers select (`drawable-night-ldrtl-fr-xhdpi-v24`),
/// as the assets model keeps it for every variant: the density it is drawn for, and the
/// variants the other platforms can express (dark appearance, right-to-left, locale). What no
/// other platform has (`land`, `sw600dp`, …) is kept as written.
public struct ResourceQualifiers: Sendable, Hashable {
    /// The density, `nil` for `nodpi` and `anydpi` (never scaled by Android).
    public var density: AndroidDensity?
    /// `-night`: the dark appearance.
    public var isNight = false
    /// `-ldrtl`: right-to-left layouts.
    public var isRightToLeft = false
    /// A locale (`fr`, `pt-rBR`, `b+sr+Latn`), when given.
    public var locale: String?
    /// `-vNN`, the lowest API level, 0 when none.
    public var apiLevel = 0
    /// Qualifiers the model does not carry, as written (`land`, `sw600dp`, `notnight` is read as
    /// not night and kept here too).
    public var others: [String] = []

    /// Reads the qualifiers after a resource type (`drawable`, `mipmap`); `drawable` alone is mdpi.
    public init(_ qualifiers: [String]) {
        density = .mdpi
        var index = 0
        while index < qualifiers.count {
            let qualifier = qualifiers[index]
            if let known = AndroidDensity(rawValue: qualifier) {
                density = known
            } else if qualifier == "nodpi" || qualifier == "anydpi" {
                density = nil
            } else if qualifier.first == "v", let level = Int(qualifier.dropFirst()) {
                apiLevel = level
            } else if qualifier == "night" {
                isNight = true
            } else if qualifier == "ldrtl" {
                isRightToLeft = true
            } else if Self.isLanguage(qualifier) {
                locale = qualifier
                // A region follows its language: `pt-rBR`.
                if index + 1 < qualifiers.count, qualifiers[index + 1].count == 3, qualifiers[index + 1].first == "r" {
                    locale = qualifier + "-" + qualifiers[index + 1]
                    index += 1
                }
            } else if qualifier.hasPrefix("b+") {
                locale = qualifier
            } else {
                others.append(qualifier)
            }
            index += 1
        }
    }

    /// A two- or three-letter lower-case language code that is not another qualifier's word.
    private static func isLanguage(_ text: String) -> Bool {
        (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase } && !["ldltr", "land", "port", "car", "tv", "ui"].contains(text)
    }

    /// Whether the variant is the default configuration apart from density and API level: the
    /// one every platform can take without saying more.
    public var isDefault: Bool { !isNight && !isRightToLeft && locale == nil && others.isEmpty }
}
