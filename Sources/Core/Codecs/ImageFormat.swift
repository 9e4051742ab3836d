/// An image file format: its `format=` name, its display name and its file-name extensions.
///
/// The built-in formats are ``png``, ``jpeg``, ``webp``, ``gif``, ``heic``, ``avif`` and ``svg``; they
/// exist in every build, so scripts and error messages can name them. A format whose system
/// library was missing when Ninepipe was built is not ``isAvailable`` and is refused with
/// ``FormatUnavailableError``. A codec registered at run time (``ImageCodecs/register(_:)``)
/// brings a format of its own.
public struct ImageFormat: Sendable, Hashable, CustomStringConvertible {
    /// The `format=` name, lower case (`png`, `jpeg`).
    public let rawValue: String
    /// The display name (`PNG`, `WebP`).
    public let description: String
    /// The file-name extensions that select the format, lower case and without the dot; the
    /// first is the one files of this format usually get.
    public let fileExtensions: [String]

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - rawValue: the `format=` name, lower case.
    ///   - name: the display name.
    ///   - fileExtensions: the extensions that select it, the usual one first.
    public init(_ rawValue: String, name: String, fileExtensions: [String]) {
        self.rawValue = rawValue
        self.description = name
        self.fileExtensions = fileExtensions
    }

    /// PNG (including Android nine-patch sources `.9.png` and compiled nine-patches).
    public static let png = ImageFormat("png", name: "PNG", fileExtensions: ["png"])
    /// JPEG (JFIF / EXIF).
    public static let jpeg = ImageFormat("jpeg", name: "JPEG", fileExtensions: ["jpg", "jpeg", "jpe", "jfif"])
    /// WebP, lossy or lossless, with alpha (libwebp).
    public static let webp = ImageFormat("webp", name: "WebP", fileExtensions: ["webp"])
    /// GIF (giflib): still or animated, read and written.
    public static let gif = ImageFormat("gif", name: "GIF", fileExtensions: ["gif"])
    /// HEIC: HEIF with HEVC (libheif).
    public static let heic = ImageFormat("heic", name: "HEIC", fileExtensions: ["heic", "heif"])
    /// AVIF: HEIF with AV1 (libheif).
    public static let avif = ImageFormat("avif", name: "AVIF", fileExtensions: ["avif"])

    /// SVG, read only (librsvg): drawn at the size `load` asks for.
    public static let svg = ImageFormat("svg", name: "SVG", fileExtensions: ["svg"])
    /// Android vector drawables (`<vector>` XML, read only).
    public static let vectorDrawable = ImageFormat("vectordrawable", name: "Android vector drawable", fileExtensions: ["xml"])

    /// The formats of the built-in codecs, in order, available in this build or not.
    public static let builtIn: [ImageFormat] = [.png, .jpeg, .webp, .gif, .heic, .avif, .vectorDrawable, .svg]

    /// Equal when the `format=` names are.
    public static func == (lhs: ImageFormat, rhs: ImageFormat) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the `format=` name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Every format a registered codec reads or writes, available or not, in registration order.
    public static var known: [ImageFormat] { ImageCodecs.formats }

    /// The format named `rawValue` (`png`, `jpeg`) among the ``known`` ones, or `nil`.
    public init?(rawValue: String) {
        guard let format = Self.known.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// The file-name extensions that select each known format, lower case.
    public static var extensions: [String: ImageFormat] {
        var table: [String: ImageFormat] = [:]
        for format in known {
            for name in format.fileExtensions where table[name] == nil { table[name] = format }
        }
        return table
    }

    /// The extension files of this format usually get, without the dot: `png`, `jpg`, `webp`.
    public var fileExtension: String { fileExtensions.first ?? rawValue }

    /// The format named by `path`'s extension (case-insensitive), or `nil`.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), let format = Self.extensions[name[name.index(after: dot)...].lowercased()] else {
            return nil
        }
        self = format
    }

    /// The format `bytes` start with, by signature (asking every registered decoder), or `nil`.
    public init?(sniffing bytes: [UInt8]) {
        guard let decoder = ImageCodecs.decoder(sniffing: bytes) else { return nil }
        self = decoder.format
    }

    /// Whether this build can read the format (a decoder for it is registered and its library
    /// was found at build time).
    public var isAvailable: Bool { ImageCodecs.decoder(for: self)?.isAvailable ?? ImageCodecs.encoder(for: self)?.isAvailable ?? false }

    /// Whether this build can write the format (SVG and vector drawables are read only, and a
    /// format whose library was not found is neither read nor written).
    public var isWritable: Bool { ImageCodecs.encoder(for: self)?.isAvailable ?? false }

    /// The formats this build reads, in registration order.
    public static var available: [ImageFormat] { known.filter(\.isAvailable) }

    /// The extensions of the formats this build writes, for error messages: `.png, .jpg, .jpeg, .jpe, .jfif, .webp`.
    public static var knownExtensionList: String {
        known.filter(\.isWritable).flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// `format=` values of the formats this build writes: `png|jpeg|webp`.
    public static var choiceList: String { known.filter(\.isWritable).map(\.rawValue).joined(separator: "|") }

    /// Throws ``FormatUnavailableError`` unless this build has the format.
    public func checkAvailable() throws(FormatUnavailableError) {
        guard isAvailable else { throw FormatUnavailableError(format: self) }
    }
}
