/// An Android resource folder that holds images: `drawable…` or `mipmap…`, and its qualifiers.
struct DrawableFolder: Sendable, Hashable {
    /// What the folder's qualifiers select.
    var qualifiers: ResourceQualifiers

    /// The density, or `nil` for `nodpi`/`anydpi`.
    var density: AndroidDensity? { qualifiers.density }

    /// Qualifiers other than the density and the API level (`land`, `en`, `sw600dp`, `night`…),
    /// as written.
    var otherQualifiers: [String] {
        (qualifiers.isNight ? ["night"] : []) + (qualifiers.isRightToLeft ? ["ldrtl"] : []) + (qualifiers.locale.map { [$0] } ?? [])
            + qualifiers.others
    }

    /// Parses `name`; `nil` when it is not a `drawable…` folder.
    init?(_ name: String) {
        let parts = name.split(separator: "-").map(String.init)
        guard parts.first == "drawable" else { return nil }
        qualifiers = ResourceQualifiers(Array(parts.dropFirst()))
    }
}
