/// The file formats Ninepipe reads and writes.
///
/// Every case exists in every build, so scripts and error messages can name it; a format whose
/// system library was missing when Ninepipe was built is not ``isAvailable`` and is refused with
/// ``FormatUnavailableError`` (PNG and JPEG are always there).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// PNG (including Android nine-patch sources `.9.png` and compiled nine-patches).
    case png
    /// JPEG (JFIF / EXIF).
    case jpeg
    /// WebP, lossy or lossless, with alpha (libwebp).
    case webp
    /// GIF, read only (giflib): the first frame.
    case gif

    /// The file-name extensions that select each format, lower case.
    public static let extensions: [String: ImageFormat] = [
        "png": .png, "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg, "webp": .webp, "gif": .gif,
    ]

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
        if bytes.starts(with: PNGSignature.bytes) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// Whether this build can read and write the format (its library was found at build time).
    public var isAvailable: Bool {
        switch self {
        case .png, .jpeg: true
        case .webp: WebPCodec.isAvailable
        case .gif: GIFCodec.isAvailable
        }
    }

    /// Whether this build can write the format (GIF is read only).
    public var isWritable: Bool { isAvailable && self != .gif }

    /// The formats this build reads and writes, in declaration order.
    public static var available: [ImageFormat] { allCases.filter(\.isAvailable) }

    /// The extensions of the formats this build writes, for error messages: `.png, .jpg, .jpeg, .jpe, .jfif, .webp`.
    public static var knownExtensionList: String {
        let order = ["png", "jpg", "jpeg", "jpe", "jfif", "webp"]
        return order.filter { extensions[$0]?.isWritable ?? false }.map { "." + $0 }.joined(separator: ", ")
    }

    /// `format=` values of the formats this build writes: `png|jpeg|webp`.
    public static var choiceList: String { available.filter(\.isWritable).map(\.rawValue).joined(separator: "|") }

    /// `PNG`, `JPEG`, `WebP` or `GIF`.
    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        }
    }

    /// Throws ``FormatUnavailableError`` unless this build has the format.
    public func checkAvailable() throws(FormatUnavailableError) {
        guard isAvailable else { throw FormatUnavailableError(format: self) }
    }
}
