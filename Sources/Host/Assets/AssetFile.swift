/// One file an asset conversion makes: where it goes (relative to the output folder) and its bytes.
public struct AssetFile: Sendable, Hashable {
    /// The path below the output folder, such as `button.imageset/button@2x.png`.
    public var path: String
    /// The complete contents.
    public var bytes: [UInt8]

    /// Creates a file.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A text file (UTF-8).
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
