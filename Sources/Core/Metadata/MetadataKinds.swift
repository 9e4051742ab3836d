/// Kinds of metadata a save can leave out (`save … strip=exif,gps`).
public struct MetadataKinds: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The EXIF block (camera, dates, location, thumbnail) and XMP packets, which hold the same
    /// properties as XML. An orientation other than
    /// ``Orientation/up`` is still written, alone, since the pixels need it to be shown upright.
    public static let exif = MetadataKinds(rawValue: 1 << 0)
    /// The ICC colour profile.
    public static let icc = MetadataKinds(rawValue: 1 << 1)
    /// Text entries (PNG `tEXt`/`zTXt`/`iTXt`: comments, software, XMP).
    public static let text = MetadataKinds(rawValue: 1 << 2)
    /// Nine-patch information (`npTc`, `npLb`, `npOl`).
    public static let ninePatch = MetadataKinds(rawValue: 1 << 3)
    /// Location only: EXIF's GPS fields, and XMP text that records a position.
    public static let location = MetadataKinds(rawValue: 1 << 4)
    /// Everything above. Density and PNG's gamma and sRGB intent stay: they say how to show the
    /// pixels, not anything about who made them or where.
    public static let all: MetadataKinds = [.exif, .icc, .text, .ninePatch, .location]

    /// The names `strip=` takes, each with its kinds.
    public static let names: [(name: String, kinds: MetadataKinds)] = [
        ("all", .all), ("exif", .exif), ("icc", .icc), ("text", .text), ("ninepatch", .ninePatch), ("gps", .location),
    ]

    /// The kinds a comma list of ``names`` means (`"exif,icc"`), or `nil` when one is unknown.
    public init?(names list: String) {
        var kinds: MetadataKinds = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let known = Self.names.first(where: { $0.name == name.trimmingSpaces }) else { return nil }
            kinds.formUnion(known.kinds)
        }
        self = kinds
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension ImageMetadata {
    /// This metadata without `kinds`.
    public func stripping(_ kinds: MetadataKinds) -> ImageMetadata {
        var metadata = self
        if kinds.contains(.exif) {
            metadata.exif = nil
            metadata.text.removeAll(where: \.isXMP)
        } else if kinds.contains(.location), let exif = metadata.exif, EXIF.hasLocation(in: exif) {
            metadata.exif = EXIF.removingLocation(from: exif)
        }
        if kinds.contains(.icc) { metadata.iccProfile = nil }
        if kinds.contains(.text) {
            metadata.text = []
        } else if kinds.contains(.location) {
            metadata.text.removeAll { $0.recordsLocation }
        }
        if kinds.contains(.ninePatch) { metadata.ninePatch = nil }
        return metadata
    }
}

extension TextEntry {
    /// Whether this is an XMP packet holding EXIF GPS properties (`exif:GPSLatitude` and kin).
    var recordsLocation: Bool { isXMP && text.contains("GPS") }

    /// Whether this is an XMP packet (PNG keeps XMP in an `iTXt` entry with this keyword).
    public var isXMP: Bool { keyword == "XML:com.adobe.xmp" }
}
