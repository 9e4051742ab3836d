/// An image file format: its `format=` name, its display name and its file-name extensions.
///
/// The built-in formats are ``png``, ``jpeg``, ``webp``, ``gif``, ``heic``, ``avif``, ``svg`` and
/// ``vectorDrawable``; they exist in every build, so scripts and error messages can name them.
/// Which formats a file name or signature selects, and whether this build reads or writes them,
/// is the codec registry's to say (``ImageCodecRegistry/format(forPath:)``,
/// ``ImageCodecRegistry/reads(_:)``): a codec added to a registry brings a format of its own.
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

    /// Equal when the `format=` names are.
    public static func == (lhs: ImageFormat, rhs: ImageFormat) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the `format=` name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The extension files of this format usually get, without the dot: `png`, `jpg`, `webp`.
    public var fileExtension: String { fileExtensions.first ?? rawValue }
}
