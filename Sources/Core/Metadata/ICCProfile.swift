/// An embedded ICC colour profile: its bytes, and the name PNG gives it.
public struct ICCProfile: Sendable, Hashable {
    /// The profile name (PNG `iCCP` keyword; JPEG has none, so `ICC Profile`).
    public var name: String
    /// The uncompressed profile bytes.
    public var data: [UInt8]

    /// Creates a profile.
    public init(name: String = "ICC Profile", data: [UInt8]) {
        self.name = name
        self.data = data
    }

    /// The profile's description of itself: its colour space signature from the header (`RGB `, `GRAY`, `CMYK`), if readable.
    public var colorSpace: String? {
        guard data.count >= 20 else { return nil }
        let bytes = data[16..<20]
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingSpaces()
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.last == " " { scalars.removeLast() }
        while scalars.first == " " { scalars.removeFirst() }
        return String(scalars)
    }
}

extension ImageMetadata {
    /// This metadata without its ICC profile when that profile describes CMYK: what a decoder
    /// returns after turning CMYK pixels into RGB by formula, as the profile no longer fits them
    /// (written on, it would mislabel the RGB pixels; PNG does not allow it at all).
    public func withoutCMYKProfile() -> ImageMetadata {
        guard iccProfile?.colorSpace == "CMYK" else { return self }
        var metadata = self
        metadata.iccProfile = nil
        return metadata
    }
}
