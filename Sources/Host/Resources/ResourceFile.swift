/// Bounds on the files of an Android resource tree, the same for every reader of them.
enum ResourceFile {
    /// The most bytes of one XML resource file Ninepipe reads: a drawable (vector, shape, layer
    /// list, selector…), a values file, a manifest. On three public apps' trees the largest
    /// drawable is 204 KB (Wikipedia's `globe.xml`) and the largest values file 349 KB; past
    /// the bound a file is refused by name, never read in part.
    static let maxXMLBytes = 16 << 20
}
