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
    /// HEIC: HEIF with HEVC (libheif).
    case heic
    /// AVIF: HEIF with AV1 (libheif).
    case avif

    /// The file-name extensions that select each format, lower case.
    public static let extensions: [String: ImageFormat] = [
        "png": .png, "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg, "webp": .webp, "gif": .gif, "heic": .heic, "heif": .heic, "avif": .avif,
    ]

    /// The extension files of this format usually get, without the dot: `png`, `jpg`, `webp`,
    /// `gif`, `heic`, `avif`.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

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
        } else if let heif = Self.heifBrand(bytes) {
            self = heif
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
        case .heic, .avif: HEIFCodec.isAvailable
        }
    }

    /// HEIC or AVIF from an ISO-BMFF `ftyp` box: its major brand, else its compatible brands.
    private static func heifBrand(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(16, size))
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= end {
            brands.append(String(decoding: bytes[at..<(at + 4)], as: UTF8.self))
            at += 4
        }
        for brand in brands {
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis"].contains(brand) { return .heic }
        }
        return brands.contains("mif1") || brands.contains("msf1") ? .heic : nil
    }

    /// Whether this build can write the format (GIF is read only).
    public var isWritable: Bool { isAvailable && self != .gif }

    /// The formats this build reads and writes, in declaration order.
    public static var available: [ImageFormat] { allCases.filter(\.isAvailable) }

    /// The extensions of the formats this build writes, for error messages: `.png, .jpg, .jpeg, .jpe, .jfif, .webp`.
    public static var knownExtensionList: String {
        let order = ["png", "jpg", "jpeg", "jpe", "jfif", "webp", "avif", "heic", "heif"]
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
        case .heic: "HEIC"
        case .avif: "AVIF"
        }
    }

    /// Throws ``FormatUnavailableError`` unless this build has the format.
    public func checkAvailable() throws(FormatUnavailableError) {
        guard isAvailable else { throw FormatUnavailableError(format: self) }
    }
}
