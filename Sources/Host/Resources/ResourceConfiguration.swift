/// The configuration an Android resource folder's qualifiers select (`drawable-fr-night-xxhdpi-v24`),
/// read once by aapt2's rules (`ConfigDescription`): qualifiers come in a fixed order, each of a
/// known kind; the ones Ninepipe acts on are parsed (locale, layout direction, night, density,
/// API level) and the others are kept as written in their place. ``description`` prints them back
/// in Android's canonical order, and ``bestMatch(in:for:)`` chooses among folders as a device does.
public struct ResourceConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// A locale qualifier: `fr`, `pt-rBR` or `b+sr+Latn`.
    public struct Locale: Sendable, Hashable {
        /// The language, lower case (`fr`, `pt`, `sr`).
        public var language: String
        /// The script (`Latn`), from the `b+` form only.
        public var script: String?
        /// The region, upper case (`BR`) or three digits (`419`).
        public var region: String?

        /// A locale of `language`, with a `script` and `region` when given.
        public init(language: String, script: String? = nil, region: String? = nil) {
            (self.language, self.script, self.region) = (language, script, region)
        }

        /// The qualifier: `fr`, `pt-rBR` (two-letter region, no script), else `b+sr+Latn`.
        public var qualifier: String {
            if script == nil, let region, region.count == 2 { return language + "-r" + region }
            if script == nil && region == nil { return language }
            return (["b", language] + [script, region].compactMap { $0 }).joined(separator: "+")
        }

        /// The BCP 47 tag (`pt-BR`, `sr-Latn`).
        public var languageTag: String { ([language] + [script, region].compactMap { $0 }).joined(separator: "-") }

        /// The locale a BCP 47 tag (`fr`, `pt-BR`, `sr-Latn`, `es-419`) names, or `nil` for a tag
        /// a resource folder cannot say (more parts, other lengths).
        public init?(languageTag: String) {
            guard !languageTag.contains("+"), let locale = ResourceConfiguration.bcp47Locale("b+" + languageTag.replacing("-", with: "+")) else {
                return nil
            }
            self = locale
        }
    }

    /// A density qualifier.
    public enum Density: Sendable, Hashable {
        /// Dots per inch: `ldpi` 120, `mdpi` 160, `tvdpi` 213, `hdpi` 240, `xhdpi` 320, `xxhdpi`
        /// 480, `xxxhdpi` 640, or `NNNdpi`.
        case dpi(Int)
        /// `anydpi`: drawn at any density (vector drawables, adaptive icons).
        case anydpi
        /// `nodpi`: never scaled.
        case nodpi

        /// The named densities and their dots per inch.
        static let names: [(String, Int)] = [
            ("ldpi", 120), ("mdpi", 160), ("tvdpi", 213), ("hdpi", 240), ("xhdpi", 320), ("xxhdpi", 480), ("xxxhdpi", 640),
        ]

        /// The density of `bucket` (`xhdpi`: 320 dpi).
        public init(_ bucket: AndroidDensity) { self = .dpi(bucket.dpi) }

        /// The scale against mdpi (xhdpi 2, 420dpi 2.625); `nil` for `anydpi` and `nodpi`, which
        /// are not drawn for a density.
        public var scale: Double? {
            guard case .dpi(let dpi) = self else { return nil }
            return Double(dpi) / 160
        }

        /// The qualifier: a name where the density has one, else `NNNdpi`.
        public var qualifier: String {
            switch self {
            case .anydpi: "anydpi"
            case .nodpi: "nodpi"
            case .dpi(let dpi): Self.names.first { $0.1 == dpi }?.0 ?? "\(dpi)dpi"
            }
        }
    }

    /// The locale, when one is given.
    public var locale: Locale?
    /// `ldrtl` (`true`) or `ldltr` (`false`), when one is given.
    public var isRightToLeft: Bool?
    /// `night` (`true`) or `notnight` (`false`), when one is given.
    public var isNight: Bool?
    /// The density, when one is given.
    public var density: Density?
    /// `-vNN`: the lowest API level, when one is given.
    public var apiLevel: Int?
    /// The qualifiers of other kinds (`sw600dp`, `land`, `mcc310`), as written, each with its
    /// place in Android's order.
    public var others: [(rank: Int, qualifier: String)] = []

    /// The most a numeric qualifier may say (aapt2 keeps them in 16 bits).
    static let maxNumber = 65_535

    /// The default configuration: no qualifier.
    public init() {}

    /// A configuration of the qualifiers Ninepipe acts on: a locale, right-to-left or not,
    /// night or not, a density and an API level, each when given.
    public init(locale: Locale? = nil, isRightToLeft: Bool? = nil, isNight: Bool? = nil, density: Density? = nil, apiLevel: Int? = nil) {
        (self.locale, self.isRightToLeft, self.isNight, self.density, self.apiLevel) = (locale, isRightToLeft, isNight, density, apiLevel)
    }

    /// Reads `qualifiers` (a folder name's parts after its type), or `nil` when one is not a
    /// qualifier aapt2 knows, or they are not in Android's order, as aapt2 refuses such a folder.
    public init?(qualifiers: [String]) {
        var lastRank = -1
        var index = 0
        while index < qualifiers.count {
            let qualifier = qualifiers[index]
            guard let rank = Self.rank(of: qualifier), rank > lastRank else { return nil }
            lastRank = rank
            switch rank {
            case Self.localeRank:
                if qualifier.hasPrefix("b+") {
                    guard let parsed = Self.bcp47Locale(qualifier) else { return nil }
                    locale = parsed
                } else {
                    var parsed = Locale(language: qualifier)
                    // A region follows its language: `pt-rBR`.
                    if index + 1 < qualifiers.count, let region = Self.region(qualifiers[index + 1]) {
                        parsed.region = region
                        index += 1
                    }
                    locale = parsed
                }
            case Self.layoutDirectionRank: isRightToLeft = qualifier == "ldrtl"
            case Self.nightRank: isNight = qualifier == "night"
            case Self.densityRank: density = Self.density(qualifier)
            case Self.versionRank: apiLevel = Int(qualifier.dropFirst())
            default: others.append((rank, qualifier))
            }
            index += 1
        }
    }

    /// Reads a folder name (`drawable-night-hdpi`): its resource type and configuration, or `nil`
    /// when its qualifiers are not a configuration aapt2 reads.
    public static func folder(_ name: String) -> (type: String, configuration: ResourceConfiguration)? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let type = parts.first, !type.isEmpty, type.allSatisfy({ $0.isASCII && $0.isLowercase }),
            let configuration = ResourceConfiguration(qualifiers: Array(parts.dropFirst()))
        else { return nil }
        return (type, configuration)
    }

    /// The qualifiers in Android's canonical order.
    public var qualifiers: [String] {
        var ranked: [(Int, String)] = others
        if let locale { ranked.append((Self.localeRank, locale.qualifier)) }
        if let isRightToLeft { ranked.append((Self.layoutDirectionRank, isRightToLeft ? "ldrtl" : "ldltr")) }
        if let isNight { ranked.append((Self.nightRank, isNight ? "night" : "notnight")) }
        if let density { ranked.append((Self.densityRank, density.qualifier)) }
        if let apiLevel { ranked.append((Self.versionRank, "v\(apiLevel)")) }
        return ranked.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The qualifiers joined by `-` (`fr-night-xxhdpi-v24`), empty for the default configuration.
    public var description: String { qualifiers.joined(separator: "-") }

    /// The folder for resources of `type` in this configuration (`drawable-night-hdpi`).
    public func folderName(type: String) -> String { ([type] + qualifiers).joined(separator: "-") }

    /// Whether both select the same configuration (the same canonical qualifiers).
    public static func == (lhs: ResourceConfiguration, rhs: ResourceConfiguration) -> Bool { lhs.qualifiers == rhs.qualifiers }

    /// Hashes the canonical qualifiers.
    public func hash(into hasher: inout Hasher) { hasher.combine(qualifiers) }

    // MARK: - Matching

    /// What a device is: the configuration resources are chosen for.
    public struct Device: Sendable, Hashable {
        /// Its locale (language, and region when it has one).
        public var locale: Locale?
        /// Whether its layouts run right to left.
        public var isRightToLeft = false
        /// Whether it is in night mode.
        public var isNight = false
        /// Its density in dots per inch.
        public var dpi = 160
        /// Its API level.
        public var apiLevel = 36

        /// A device: no locale, left to right, day, mdpi, API level 36, unless told otherwise.
        public init(locale: Locale? = nil, isRightToLeft: Bool = false, isNight: Bool = false, dpi: Int = 160, apiLevel: Int = 36) {
            (self.locale, self.isRightToLeft, self.isNight, self.dpi, self.apiLevel) = (locale, isRightToLeft, isNight, dpi, apiLevel)
        }
    }

    /// Whether a device in `device`'s configuration may use this folder's resources: nothing
    /// given contradicts it (other kinds of qualifier, which a device is not described by here,
    /// count as contradicting).
    public func isCompatible(with device: Device) -> Bool {
        guard others.isEmpty else { return false }
        if let locale {
            guard let wanted = device.locale, wanted.language == locale.language else { return false }
            if let region = locale.region, region != wanted.region { return false }
            if let script = locale.script, let wantedScript = wanted.script, script != wantedScript { return false }
        }
        if let isRightToLeft, isRightToLeft != device.isRightToLeft { return false }
        if let isNight, isNight != device.isNight { return false }
        if let apiLevel, apiLevel > device.apiLevel { return false }
        return true
    }

    /// The configuration Android chooses for `device` among `configurations` (as
    /// `ResourceTypes.cpp`'s `isBetterThan`): of the compatible ones, the most specific locale,
    /// then a layout direction given, then night mode given, then the nearest density (an exact
    /// one; `anydpi`; else the smallest above, which scales down; else the largest below; `nodpi`
    /// last), then the highest API level. `nil` when none is compatible.
    public static func bestMatch(in configurations: [ResourceConfiguration], for device: Device) -> ResourceConfiguration? {
        configurations.filter { $0.isCompatible(with: device) }.max { lhs, rhs in rhs.isBetter(than: lhs, for: device) }
    }

    /// Whether this configuration beats `other` for `device` (both compatible with it).
    func isBetter(than other: ResourceConfiguration, for device: Device) -> Bool {
        func localeScore(_ c: ResourceConfiguration) -> Int { c.locale == nil ? 0 : (c.locale?.region != nil || c.locale?.script != nil ? 2 : 1) }
        if localeScore(self) != localeScore(other) { return localeScore(self) > localeScore(other) }
        if (isRightToLeft != nil) != (other.isRightToLeft != nil) { return isRightToLeft != nil }
        if (isNight != nil) != (other.isNight != nil) { return isNight != nil }
        let (mine, theirs) = (densityScore(for: device.dpi), other.densityScore(for: device.dpi))
        if mine != theirs { return mine > theirs }
        return (apiLevel ?? 0) > (other.apiLevel ?? 0)
    }

    /// How well the density suits `dpi`: exact, then `anydpi`, then the nearest above (scaling
    /// down), then the nearest below, then none given (mdpi), then `nodpi`.
    private func densityScore(for dpi: Int) -> Int {
        switch density ?? .dpi(160) {
        case .dpi(let value) where value == dpi: return 3_000_000
        case .anydpi: return 2_000_000
        case .dpi(let value) where value > dpi: return 1_000_000 - value
        case .dpi(let value): return value
        case .nodpi: return -1
        }
    }

    // MARK: - Kinds, in Android's order

    static let localeRank = 2
    static let layoutDirectionRank = 3
    static let nightRank = 14
    static let densityRank = 15
    static let versionRank = 22

    /// The place of `qualifier`'s kind in Android's order, or `nil` when it is no qualifier.
    static func rank(of qualifier: String) -> Int? {
        func number(after prefix: String, before suffix: String = "") -> Bool {
            guard qualifier.hasPrefix(prefix), qualifier.hasSuffix(suffix), qualifier.count > prefix.count + suffix.count else { return false }
            let digits = qualifier.dropFirst(prefix.count).dropLast(suffix.count)
            return digits.count <= 5 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) && (Int(digits) ?? .max) <= maxNumber
        }
        let words: [(Set<String>, Int)] = [
            (["ldrtl", "ldltr"], layoutDirectionRank), (["small", "normal", "large", "xlarge"], 7), (["long", "notlong"], 8),
            (["round", "notround"], 9), (["widecg", "nowidecg"], 10), (["highdr", "lowdr"], 11), (["port", "land", "square"], 12),
            (["car", "desk", "television", "appliance", "watch", "vrheadset"], 13), (["night", "notnight"], nightRank),
            (["notouch", "stylus", "finger"], 16), (["keysexposed", "keyshidden", "keyssoft"], 17), (["nokeys", "qwerty", "12key"], 18),
            (["navexposed", "navhidden"], 19), (["nonav", "dpad", "trackball", "wheel"], 20),
        ]
        if let (_, rank) = words.first(where: { $0.0.contains(qualifier) }) { return rank }
        if number(after: "mcc") { return 0 }
        if number(after: "mnc") { return 1 }
        if isLanguage(qualifier) || (qualifier.hasPrefix("b+") && bcp47Locale(qualifier) != nil) { return localeRank }
        if number(after: "sw", before: "dp") { return 4 }
        if number(after: "w", before: "dp") { return 5 }
        if number(after: "h", before: "dp") { return 6 }
        if density(qualifier) != nil { return densityRank }
        let sides = qualifier.split(separator: "x", omittingEmptySubsequences: false)
        if sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) { return 21 }
        if number(after: "v") { return versionRank }
        return nil
    }

    /// A two- or three-letter lower-case language code.
    private static func isLanguage(_ text: String) -> Bool {
        (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    /// `rBR` → `BR` (a region qualifier: `r` and two upper-case letters).
    private static func region(_ text: String) -> String? {
        guard text.count == 3, text.first == "r", text.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return String(text.dropFirst())
    }

    /// `b+sr+Latn`, `b+es+419`, `b+en+US`: the BCP 47 form.
    fileprivate static func bcp47Locale(_ text: String) -> Locale? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 3
        else { return nil }
        var locale = Locale(language: language.lowercased())
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy({ $0.isASCII && $0.isLetter }), locale.script == nil, locale.region == nil {
                locale.script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (part.count == 2 && part.allSatisfy({ $0.isASCII && $0.isLetter })) || (part.count == 3 && part.allSatisfy(\.isNumber)),
                locale.region == nil
            {
                locale.region = part.uppercased()
            } else {
                return nil
            }
        }
        return locale
    }

    /// The density a qualifier names, or `nil`.
    private static func density(_ qualifier: String) -> Density? {
        if qualifier == "anydpi" { return .anydpi }
        if qualifier == "nodpi" { return .nodpi }
        if let named = Density.names.first(where: { $0.0 == qualifier }) { return .dpi(named.1) }
        guard qualifier.hasSuffix("dpi"), let value = Int(qualifier.dropLast(3)), value > 0, value <= maxNumber,
            qualifier.dropLast(3).allSatisfy(\.isNumber)
        else { return nil }
        return .dpi(value)
    }
}
