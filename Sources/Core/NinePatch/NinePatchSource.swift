/// Where a decoded image's nine-patch information comes from: its compiled `npTc` chunk, its
/// 1-pixel source frame, or nowhere.
///
/// One rule for every reader (`load`, the `ninepatch` tools, batch runs, `assets`):
/// - A PNG that carries an `npTc` chunk is a **compiled** nine-patch whatever its name: the
///   chunk is used and no frame is parsed (aapt removed the frame when it wrote the chunk).
///   Android projects keep the `.9.png` name on compiled files (APKs, Gradle's merged
///   resources), so the name alone says nothing.
/// - Otherwise a file named `*.9.png` (``auto``) or any file (``border``) is a **source**: its
///   1-pixel frame is parsed by ``NinePatchFrame/parse(_:warn:)``.
/// - ``none`` asks for a plain image: no frame is read and the `npTc`, `npLb` and `npOl` chunks
///   are dropped, so nothing downstream treats the result as a nine-patch. ``keep`` reads no
///   frame either but carries the chunks along untouched.
public enum NinePatchSource: String, Sendable, Hashable, CaseIterable {
    /// The chunk when there is one; else the frame when the name ends in `.9.png`.
    case auto
    /// The frame, whatever the name; a compiled file (with a chunk) is an error.
    case border
    /// A plain image: the pixels stay as stored (a frame is not read) and any nine-patch chunks
    /// (`npTc`, `npLb`, `npOl`) are dropped.
    case none
    /// The pixels as stored (a frame is not read) with any nine-patch chunks kept as they are.
    case keep

    /// Whether `path` names a nine-patch source by Android's convention (`*.9.png`, any case).
    public static func hasSourceName(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".9.png")
    }

    /// Whether `image` carries a compiled nine-patch (`npTc`).
    public static func isCompiled(_ image: Image) -> Bool {
        image.metadata.ninePatch?.chunk != nil
    }

    /// `image` (decoded from `path`) with its nine-patch information resolved by this rule: the
    /// frame removed and turned into chunks when it is a source, unchanged otherwise.
    ///
    /// - Throws: ``NinePatchFrameError`` for an unreadable frame, or for ``border`` on a
    ///   compiled file (there is no frame left to read).
    public func resolve(_ image: Image, path: String, warn: (String) -> Void = { _ in }) throws(NinePatchFrameError) -> Image {
        switch self {
        case .none:
            var plain = image
            plain.metadata.ninePatch = nil
            return plain
        case .keep:
            return image
        case .auto:
            guard !Self.isCompiled(image), Self.hasSourceName(path) else { return image }
            return try NinePatchFrame.parse(image, warn: warn)
        case .border:
            if Self.isCompiled(image) {
                throw NinePatchFrameError(
                    "the file is a compiled nine-patch: it carries an npTc chunk, so aapt already removed its frame and there is none to read",
                    reason: .compiled)
            }
            return try NinePatchFrame.parse(image, warn: warn)
        }
    }
}
