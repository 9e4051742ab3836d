/// The qualifiers of an Android resource folder name such as `drawable-land-xhdpi-v4`.
///
/// `drawable` without a density is the mdpi baseline; `nodpi` and `anydpi` images are never
/// scaled by Android, so they have no density to convert from.
struct DrawableFolder: Sendable, Hashable {
    /// The density, or `nil` for `nodpi`/`anydpi`.
    var density: AndroidDensity?
    /// Qualifiers other than the density and the API level (`land`, `en`, `sw600dp`, `night`…).
    var otherQualifiers: [String]

    /// Parses `name`; `nil` when it is not a `drawable…` folder.
    init?(_ name: String) {
        let parts = name.split(separator: "-").map(String.init)
        guard parts.first == "drawable" else { return nil }
        var density: AndroidDensity? = .mdpi
        var others: [String] = []
        for qualifier in parts.dropFirst() {
            if let known = AndroidDensity(rawValue: qualifier) {
                density = known
            } else if qualifier == "nodpi" || qualifier == "anydpi" {
                density = nil
            } else if qualifier.first == "v", Int(qualifier.dropFirst()) != nil {
                continue
            } else {
                others.append(qualifier)
            }
        }
        self.density = density
        self.otherQualifiers = others
    }
}
