/// What the Compose Multiplatform resources plugin reads, restated: folder names of a type and
/// qualifiers of its grammar only (theme `light`/`dark`, density `ldpi`…`xxxhdpi`, a 2–3
/// letter language, `rXX` right after a language, none repeated; anything else fails the
/// build), and accessor names (the file name before its last dot, `-` → `_`, a `_` before a
/// leading digit).
enum ComposeLayout {
    /// The densities written, with their qualifiers.
    static let densities: [(scale: Double, qualifier: String)] = [(1, "mdpi"), (1.5, "hdpi"), (2, "xhdpi"), (3, "xxhdpi"), (4, "xxxhdpi")]

    /// The `drawable` folder for `configuration` at `density` (`nil`: unqualified by density),
    /// in the plugin's grammar: language, region, theme, density (`drawable-pt-rBR-dark-xhdpi`);
    /// `nil` when the configuration has what the grammar cannot say (a script, a numeric
    /// region, right to left: the caller decides).
    static func folder(_ configuration: AssetConfiguration, density: String?) -> String? {
        var parts = ["drawable"]
        if let tag = configuration.locale {
            guard let locale = ResourceConfiguration.Locale(languageTag: tag), locale.script == nil,
                locale.language.count >= 2 && locale.language.count <= 3
            else { return nil }
            parts.append(locale.language)
            if let region = locale.region {
                guard region.count == 2, region.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
                parts.append("r" + region)
            }
        }
        if configuration.isDark { parts.append("dark") }
        if let density { parts.append(density) }
        return parts.joined(separator: "-")
    }

    /// The accessor the plugin generates for a file named `fileName` (`Res.drawable.NAME`).
    static func accessor(ofFile fileName: String) -> String {
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let underscored = stem.replacing("-", with: "_")
        return underscored.first?.isNumber == true ? "_" + underscored : underscored
    }

    /// `name` as a file stem whose accessor is a Kotlin identifier: ASCII letters, digits and
    /// underscores (`ic-back` → `ic_back`, `Big Button` → `Big_Button`); `nil` when nothing of
    /// it is left.
    static func fileStem(_ name: String) -> String? {
        let mapped = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return mapped.contains(where: { $0 != "_" }) ? mapped : nil
    }
}
