import NinepipeCore

/// What the Compose target keeps of one converted asset for the generated Kotlin: its accessor
/// and, for a nine-patch, each file's stretch regions and padding.
struct ComposeAssetEntry: Sendable, Hashable {
    /// The asset's name as the inputs give it.
    var name: String
    /// Its accessor (`Res.drawable.NAME`).
    var accessor: String
    /// Each written nine-patch file's slicing.
    var slicings: [NinePatchFileSlicing] = []
}
