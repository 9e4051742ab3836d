/// One file of a batch, with the parts output templates use.
public struct BatchInput: Sendable, Hashable, CustomStringConvertible {
    /// The path as found (relative to the working directory when the argument was).
    public let path: String
    /// The folder below the directory argument it was found in (empty for files named directly).
    public let directory: String
    /// Its position in the sorted input list, from 0 (before sharding).
    public let index: Int

    /// Creates an input.
    public init(path: String, directory: String = "", index: Int = 0) {
        self.path = path
        self.directory = directory
        self.index = index
    }

    private var fileName: Substring { path.split(separator: "/").last ?? Substring(path) }

    /// The file name without its extension: `IMG_01` for `photos/IMG_01.jpg`, `btn.9` for `btn.9.png`.
    public var name: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return String(fileName) }
        return String(fileName[..<dot])
    }

    /// The extension without its dot (`jpg`), or empty.
    public var fileExtension: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[fileName.index(after: dot)...])
    }

    /// The path.
    public var description: String { path }
}
