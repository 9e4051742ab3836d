import NinepipeCore

/// `save "PATH" [format=png|jpeg|webp] [quality=N] …`: encodes and writes the image atomically, then passes it on.
///
/// A batch pipeline's last step may be a save without a path (`… | save quality=85`): it says
/// how each result is written to the batch's output (its ``OutputTemplate``), and writes nothing itself.
struct SaveStep: Sendable, Hashable {
    /// The file; `nil` for a batch pipeline's pathless last save (the batch output is the file).
    var path: String?
    /// Encoder settings; the format is resolved when the step is compiled.
    var options: EncodeOptions
    /// How nine-patch information is written: `border` (a 1-pixel frame), `chunks`, or `auto`
    /// (a frame when the name, as expanded for each file of a batch, ends in `.9.png`).
    var ninePatchMode: String = "auto"
    /// Whether the format is decided when writing: from the expanded name (a batch template
    /// ending in `{ext}`), else the loaded input's (a stream written without `format=`).
    var formatFromInput = false
    /// An animation's frame duration in milliseconds for every frame (`delay=`); `nil` keeps each frame's.
    var delay: Int?
    /// An animation's loop count (`loop=`: 0 forever); `nil` keeps the input's.
    var loop: Int?

    /// The step, writing through `codecs`: the `format=` names and parameters of its encoders.
    static func descriptor(codecs: ImageCodecRegistry) -> StepDescriptor {
        let encoded = codecs.formats.filter { codecs.encoder(for: $0) != nil }
        return StepDescriptor(
            name: "save", version: "1.0.0",
            summary: "Write the image (format from format= or the extension), atomically; the image flows on",
            parameters: [
                ParameterSpec(
                    "path", .path, positional: true,
                    summary: "the file to write (a batch pipeline's last save leaves it out: each result goes to the batch's output with these options)"),
                ParameterSpec(
                    "format", .choice(encoded.map(\.rawValue)),
                    summary:
                        "output format; default: from the extension (\(encoded.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", "))), or for \"-\" and other streams the input's"
                ),
            ] + codecs.saveParameters + [
                ParameterSpec(
                    "ninepatch", .choice(["auto", "border", "chunks"]), default: .choice("auto"),
                    summary: "nine-patch info as a 1-pixel frame (border; auto for .9.png names) or as npTc/npLb/npOl chunks"),
                ParameterSpec(
                    "strip", .list(.choice(MetadataKinds.names.map(\.name)), count: 1...6),
                    summary: "metadata to leave out, a comma list: all, exif, icc, text, ninepatch, gps (location only)"),
                ParameterSpec(
                    "delay", .integer(0...655_350),
                    summary: "animations: show every frame this many milliseconds (GIF keeps hundredths of a second); default: each frame's own"),
                ParameterSpec(
                    "loop", .integer(0...65535), summary: "animations: the loop count to store, 0 = forever; default: the input's (forever when it set none)"),
            ],
            role: .sink
        ) { arguments in
            let named = arguments["path"]?.stringValue
            let path = named ?? ""
            let isStream = path == "-" || path.hasPrefix("/dev/") || path.hasPrefix("/proc/self/fd/")
            // A batch template ending in {ext} takes its format from each expanded name, as does the
            // batch output a pathless save writes.
            let isTemplate = path.hasSuffix("{ext}") || named == nil
            guard
                let format = arguments["format"]?.stringValue.flatMap(codecs.format(named:)) ?? codecs.format(forPath: path)
                    ?? (isStream || isTemplate ? .png : nil)
            else {
                throw ParameterError(
                    name: "path", value: ParameterValue.string(path).description,
                    expected: "a file name ending in \(codecs.writableExtensionList), or add format=\(codecs.writableFormatList)")
            }
            if codecs.encoder(for: format) == nil {
                throw ParameterError(
                    name: "path", value: ParameterValue.string(path).description,
                    expected: "a file name ending in \(codecs.writableExtensionList): \(UnwritableFormatError(format: format).description)")
            }
            if !codecs.reads(format) {
                let error = codecs.unavailable(format)
                let named = arguments["format"] != nil
                throw ParameterError(
                    name: named ? "format" : "path", value: named ? format.rawValue : ParameterValue.string(path).description,
                    expected: "one of \(codecs.writableFormatList): \(error.description)")
            }
            let formatFromInput = arguments["format"] == nil && codecs.format(forPath: path) == nil
            var options = EncodeOptions(format: format)
            options.arguments = arguments
            // Each encoder reads its own parameters (the format may still change: {ext}, streams).
            for encoder in codecs.encoders { try encoder.configure(&options, from: arguments) }
            options.stripped = try Self.strippedKinds(arguments["strip"])
            let ninePatch = try arguments.string("ninepatch")
            var step = SaveStep(path: named, options: options, ninePatchMode: ninePatch, formatFromInput: formatFromInput)
            step.delay = arguments["delay"] == nil ? nil : try arguments.integer("delay")
            step.loop = arguments["loop"] == nil ? nil : try arguments.integer("loop")
            // A template's own name is checked here; each expanded name again when it is written.
            if step.writesFrame(to: path) && !formatFromInput { try step.checkFrame(format: format) }
            return .save(step)
        }
    }

    /// Whether the image written to `path` carries its nine-patch as a frame.
    func writesFrame(to path: String) -> Bool { OutputWriter.writesFrame(to: path, mode: ninePatchMode) }

    /// Refuses a frame that `format` or `strip=ninepatch` cannot hold.
    func checkFrame(format: ImageFormat) throws(ParameterError) { try OutputWriter.checkFrame(format: format, options: options, mode: ninePatchMode) }

    /// The writer of this step's outputs in `context`.
    func writer(_ context: RunContext) -> OutputWriter { OutputWriter(save: self, codecs: context.codecs, policy: context.policy) { context.warnOnce($0) } }

    /// The kinds a `strip=` value names (none when absent).
    static func strippedKinds(_ value: ParameterValue?) throws(ParameterError) -> MetadataKinds {
        guard let value else { return [] }
        let names = if case .list(let items) = value { items.compactMap(\.stringValue) } else { [value.stringValue ?? ""] }
        guard let kinds = MetadataKinds(names: names.joined(separator: ",")) else {
            throw ParameterError(name: "strip", value: value.description, expected: "a comma list of all, exif, icc, text, ninepatch, gps")
        }
        return kinds
    }

    func run(_ image: Image, _ context: RunContext) throws {
        guard let pattern = self.path else { return }  // the batch output: the batch writes it
        let path = try context.savePath?(pattern, image) ?? pattern
        try write(image, to: path, pattern: pattern, context)
    }

    /// Writes every frame of `animation` when the format can animate (with `delay=`/`loop=`
    /// applied), else its first frame with one warning.
    func run(_ animation: Animation, _ context: RunContext) throws {
        guard let pattern = self.path else { return }
        let path = try context.savePath?(pattern, animation.firstImage) ?? pattern
        guard let format = resolvedFormat(path: path, context) else {
            context.warnOnce("\(path): " + OutputWriter.firstFrameOnly(animation, format: options.format, codecs: context.codecs))
            return try write(animation.firstImage, to: path, pattern: pattern, context)
        }
        try writer(context).write(animation, to: path, format: format)
    }

    /// `animation` with the `delay=` and `loop=` this step sets.
    func adjusted(_ animation: Animation) -> Animation {
        var animation = animation
        if let delay { for index in animation.frames.indices { animation.frames[index].duration = delay } }
        if let loop { animation.loopCount = loop } else if animation.loopCount == nil { animation.loopCount = 0 }
        return animation
    }

    /// The format written to `path`: the step's, or, when decided when writing, the expanded
    /// name's (a template's `{ext}`), else the loaded input's (PNG for a nine-patch frame or an
    /// input format nothing writes); `nil` when there is neither.
    func resolvedFormat(path: String, _ context: RunContext) -> ImageFormat? {
        guard formatFromInput else { return options.format }
        if let named = context.codecs.format(forPath: path) { return named }
        guard let format = context.sourceFormat else { return nil }
        return writesFrame(to: path) || !context.codecs.writes(format) ? .png : format
    }

    private func write(_ image: Image, to path: String, pattern: String, _ context: RunContext) throws {
        guard let format = resolvedFormat(path: path, context) else {
            throw ParameterError(
                name: "format", value: "",
                expected:
                    "format=\(context.codecs.writableFormatList): \(ParameterValue.string(pattern).description) is a stream with no extension, and no file was loaded to take the format from"
            )
        }
        try writer(context).write(image, to: path, format: format)
    }
}

extension SaveStep {
    /// Writes the image `source` streams, band by band, when this save can (no nine-patch frame
    /// to draw, outside a batch); returns `false`, writing nothing, when it cannot.
    func writeStreamed(_ source: any BandSource, _ context: RunContext) throws -> Bool {
        guard let path, context.savePath == nil else { return false }
        var format = options.format
        if formatFromInput {
            guard let named = context.codecs.format(forPath: path) ?? context.sourceFormat else { return false }
            format = named
        }
        return try writer(context).write(source, to: path, format: format, context: context.transformContext)
    }
}
