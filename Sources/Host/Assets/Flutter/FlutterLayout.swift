/// Where the Flutter target writes in a project: the asset folders, the density variant
/// folders flutter_tools reads (`/?(\d+(\.\d*)?)x$`), and the generated Dart's folder.
enum FlutterLayout {
    /// The folder bitmaps go to, below the output.
    static let imageFolder = "assets/images"
    /// The folder vectors go to (the one the pubspec gives `vector_graphics_compiler`).
    static let vectorFolder = "assets/vectors"
    /// The folder of the generated Dart.
    static let dartFolder = "lib/ninepipe"
    /// The densities written, mdpi's 1.0x to xxxhdpi's 4.0x: scale and variant folder (none
    /// for 1.0x, the main file, always written).
    static let scales: [(scale: Double, folder: String)] = [(1, ""), (1.5, "1.5x/"), (2, "2.0x/"), (3, "3.0x/"), (4, "4.0x/")]
    /// ldpi's variant, written only for an asset with an ldpi file.
    static let lowDensity: (scale: Double, folder: String) = (0.75, "0.75x/")
}
