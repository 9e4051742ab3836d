/// The file formats Ninepipe reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// PNG (including Android nine-patch sources `.9.png` and compiled nine-patches).
    case png
    /// JPEG (JFIF / EXIF).
    case jpeg

    /// The file-name extensions that select each format, lower case.
    public static let extensions: [String: ImageFormat] = ["png": .png, "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg]

    /// The format named by `path`'s extension (case-insensitive), or `nil`.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), let format = Self.extensions[name[name.index(after: dot)...].lowercased()] else {
            return nil
        }
        self = format
    }

    /// The format `bytes` start with, by signature, or `nil`.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: PNGSignature.bytes) { self = .png } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg } else { return nil }
    }

    /// The known extensions, for error messages: `.png, .jpg, .jpeg, .jpe, .jfif`.
    public static var knownExtensionList: String {
        ["png", "jpg", "jpeg", "jpe", "jfif"].map { "." + $0 }.joined(separator: ", ")
    }

    /// `PNG` or `JPEG`.
    public var description: String { rawValue.uppercased() }
}
