import NinepipeCore

/// Writes a pipeline's result to one path: the one place that decides, for `save` steps and
/// batch outputs alike, whether the nine-patch frame is drawn, whether an animation stays
/// animated (else its first frame, with one warning), which folders to create, and how the file
/// is created (atomically, through ``FilePolicy``) and encoded.
///
/// What differs between the two callers stays theirs: a `save` step finds its format from its
/// parameters, the path or the loaded input; a batch from the expanded output name.
struct OutputWriter: Sendable {
    /// How to encode: the `save` step's options (quality, metadata…); the format is given per write.
    var options: EncodeOptions
    /// `ninepatch=`: `auto` (a frame for a `.9.png` name), `border` (always) or `chunks` (never).
    var ninePatchMode = "auto"
    /// The `delay=` and `loop=` applied to an animation before it is written.
    var adjust: @Sendable (Animation) -> Animation = { $0 }
    /// The codecs that encode.
    let codecs: ImageCodecRegistry
    /// Where files may be created.
    let policy: FilePolicy
    /// Receives warnings, each prefixed with the path.
    let warn: @Sendable (String) -> Void

    /// A writer for `save`'s options, or the defaults when there is no `save` step (a batch
    /// output given only on the command line).
    init(save: SaveStep?, codecs: ImageCodecRegistry, policy: FilePolicy, warn: @escaping @Sendable (String) -> Void) {
        options = save?.options ?? EncodeOptions(format: .png)
        if let save {
            ninePatchMode = save.ninePatchMode
            adjust = { save.adjusted($0) }
        }
        self.codecs = codecs
        self.policy = policy
        self.warn = warn
    }

    /// Whether the image written to `path` carries its nine-patch as a frame.
    func writesFrame(to path: String) -> Bool { Self.writesFrame(to: path, mode: ninePatchMode) }

    /// Whether an image written to `path` under `ninepatch=mode` carries its nine-patch as a frame.
    static func writesFrame(to path: String, mode: String) -> Bool {
        mode == "border" || (mode == "auto" && NinePatchSource.hasSourceName(path))
    }

    /// Refuses a frame that `format`, or stripping the nine-patch, cannot hold.
    static func checkFrame(format: ImageFormat, options: EncodeOptions, mode: String) throws(ParameterError) {
        if options.stripped.contains(.ninePatch) {
            throw ParameterError(
                name: "strip", value: "ninepatch", expected: "no ninepatch for a .9.png output, which is its nine-patch frame (or save as .png)")
        }
        if format != .png {
            throw ParameterError(name: "ninepatch", value: mode, expected: "a PNG output: a nine-patch frame cannot be stored in a JPEG")
        }
    }

    /// Writes `image` to `path` as `format`, its nine-patch frame drawn when the path asks for one.
    func write(_ image: Image, to path: String, format: ImageFormat) throws {
        var options = options
        options.format = format
        var output = image
        if writesFrame(to: path) {
            try Self.checkFrame(format: format, options: options, mode: ninePatchMode)
            guard let framed = NinePatchFrame.framed(image, warn: { warn("\(path): \($0)") }) else { throw NinePatchSaveError(path: path) }
            output = framed
        }
        try prepare(path)
        try codecs.write(output, to: try policy.createFile(path), options: options) { warn("\(path): \($0)") }
    }

    /// Writes every frame of `animation` when `format` animates and no frame is drawn (with
    /// ``adjust`` applied), else its first frame with one warning.
    func write(_ animation: Animation, to path: String, format: ImageFormat) throws {
        guard codecs.animates(format), !writesFrame(to: path) else {
            if animation.frames.count > 1 { warn("\(path): " + Self.firstFrameOnly(animation, format: format, codecs: codecs)) }
            return try write(animation.firstImage, to: path, format: format)
        }
        var options = options
        options.format = format
        try prepare(path)
        try codecs.write(adjust(animation), to: try policy.createFile(path), options: options) { warn("\(path): \($0)") }
    }

    /// Writes the image `source` streams to `path` as `format`, band by band; returns `false`,
    /// writing nothing, when a nine-patch frame is to be drawn (it needs the whole image).
    func write(_ source: any BandSource, to path: String, format: ImageFormat, context: TransformContext) throws -> Bool {
        guard !writesFrame(to: path) else { return false }
        var options = options
        options.format = format
        try prepare(path)
        try codecs.write(source, to: try policy.createFile(path), options: options, context: context) { warn("\(path): \($0)") }
        return true
    }

    /// Creates the missing folders above `path`, as a batch run creates them (never for streams
    /// and devices).
    private func prepare(_ path: String) throws {
        if FileIO.streamDescriptor(path, forWriting: true) == nil { try policy.createParentDirectories(of: path) }
    }

    /// The warning for an animation written to a format that cannot animate, as one picture, in
    /// the pipeline's words.
    static func firstFrameOnly(_ animation: Animation, format: ImageFormat, codecs: ImageCodecRegistry) -> String {
        let keeping = codecs.animatedFormats.map { "." + $0.fileExtension }.joined(separator: " or ")
        return "\(format) cannot animate: only the first of \(animation.frames.count) frames is written (save as \(keeping) to keep them, or load frames=first)"
    }
}
