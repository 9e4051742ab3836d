/// An Android screen density bucket and its scale against mdpi (= iOS @1x = CSS 1x).
public enum AndroidDensity: String, CaseIterable, Sendable, Hashable {
    case ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi

    /// Dots per inch: 120, 160, 213, 240, 320, 480, 640.
    public var dpi: Int {
        switch self {
        case .ldpi: 120
        case .mdpi: 160
        case .tvdpi: 213
        case .hdpi: 240
        case .xhdpi: 320
        case .xxhdpi: 480
        case .xxxhdpi: 640
        }
    }

    /// The size factor against mdpi: 0.75, 1, 1.33125, 1.5, 2, 3, 4.
    public var scale: Double { Double(dpi) / 160 }

    /// The densities `assets android` writes unless told otherwise.
    public static let defaultTargets: [AndroidDensity] = [.mdpi, .hdpi, .xhdpi, .xxhdpi, .xxxhdpi]

    /// The density called `name`, or an error listing the known ones (with a near-miss hint).
    public static func named(_ name: String) throws(AssetError) -> AndroidDensity {
        guard let density = AndroidDensity(rawValue: name) else { throw .unknownDensity(name: name) }
        return density
    }

    /// Parses a comma-separated list such as `mdpi,xhdpi` (repeats dropped), or says which entry is unknown.
    public static func list(_ text: String) throws(AssetError) -> [AndroidDensity] {
        var result: [AndroidDensity] = []
        for part in text.split(separator: ",") {
            let density = try named(String(part.trimmingWhitespace))
            if !result.contains(density) { result.append(density) }
        }
        guard !result.isEmpty else { throw .noDensities }
        return result
    }
}
