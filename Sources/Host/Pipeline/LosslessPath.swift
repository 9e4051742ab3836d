import NinepipeCore

/// Decides whether a pipeline on one file takes the lossless path: a `load` (or a batch input)
/// with no shrink or colour conversion, then only steps that turn (`OrientationHinting`) or
/// crop (`DecodeRegionHinting`), then the one save, in the input's format, whose codec edits
/// losslessly (JPEG), asking for no new encoding (no `quality=`, no `subsampling=`).
struct LosslessPath {
    /// How the input is decoded on the other path.
    var load: LoadStep
    /// The steps between load and save.
    var edits: [(name: String, transform: any Transform)]
    /// Why the pipeline's shape rules the path out, when it does.
    var shapeProblem: String?
    /// The pipeline's codecs.
    let codecs: ImageCodecRegistry

    /// Reads the shape of `pipeline`; `batchOutput` says whether the batch writes the result
    /// (the pipeline then has no save with a path).
    init?(_ pipeline: Pipeline, batchOutput: Bool) {
        var steps = pipeline.steps[...]
        codecs = pipeline.codecs
        load = LoadStep(path: nil, keepsOrientation: false, shrink: 1)
        if case .load(let first)? = steps.first?.action {
            load = first
            steps = steps.dropFirst()
        } else if !batchOutput {
            return nil
        }
        // The single run's save, or a batch pipeline's pathless one, comes last.
        if case .save(let save)? = steps.last?.action {
            guard (save.path == nil) == batchOutput else { return nil }
            steps = steps.dropLast()
        } else if !batchOutput {
            return nil
        }
        edits = []
        for step in steps {
            switch step.action {
            case .transform(let transform) where transform is any OrientationHinting || transform is any DecodeRegionHinting:
                edits.append((step.name, transform))
            case .transform:
                shapeProblem = shapeProblem ?? "\(step.name) needs the pixels"
            case .frames:
                shapeProblem = shapeProblem ?? "\(step.name) picks frames of an animation"
            case .load, .save:
                shapeProblem = shapeProblem ?? "the pipeline reads or writes another file on the way"
            }
        }
        if load.shrink != 1 { shapeProblem = "load shrink=\(load.shrink) decodes a smaller picture" }
        if load.convertsToSRGB { shapeProblem = "load icc=srgb converts the pixels" }
        if load.usesEmbeddedThumbnail { shapeProblem = "load thumbnail=true reads another picture" }
        if load.rendering != nil { shapeProblem = "load width=, height= or density= draws a vector file, which a JPEG is not" }
    }

    /// Why `options` ask for a new encoding, when they do (`quality=`, `subsampling=`).
    func encodingProblem(_ options: EncodeOptions) -> String? {
        if let quality = options.quality { return "quality=\(quality) asks for a new encoding" }
        if let subsampling = options.arguments["subsampling"] { return "subsampling=\(subsampling) asks for a new encoding" }
        return nil
    }

    /// The way `bytes` are written with `options`.
    ///
    /// - Throws: ``LosslessPathError`` when `options` say `lossless=always` and the path cannot
    ///   be taken; errors reading the file's header.
    func decide(_ bytes: [UInt8], options: EncodeOptions, limits: ImageLimits) throws -> LosslessDecision {
        guard codecs.format(sniffing: bytes) == options.format, codecs.decoder(for: options.format) is any LosslessEditor else { return .notApplicable }
        let always = options.losslessPolicy == .always
        func refuse(_ reason: String) throws -> LosslessDecision {
            if always { throw LosslessPathError(reason: reason) }
            return .decoded(reason)
        }
        if options.losslessPolicy == .never { return .decoded("lossless=never") }
        if let shapeProblem { return try refuse(shapeProblem) }
        if let problem = encodingProblem(options) { return try refuse(problem) }
        guard let editor = codecs.losslessEditor(for: options.format) else { return try refuse(Remedy.pipelineDescription(of: LosslessEditError.unavailable)) }

        let info = try codecs.info(bytes, limits: limits)
        var tag = info.metadata.orientation
        var transform = LosslessEdit(allowsTrimming: always)
        var (width, height) = (info.width, info.height)
        // The load turns the picture upright unless it keeps the tag.
        let turns: [Orientation] = load.keepsOrientation ? [] : [tag]
        if !load.keepsOrientation { tag = .up }
        func turn(_ orientation: Orientation) {
            transform.crop = transform.crop?.applying(orientation, width: width, height: height)
            transform.orientation = transform.orientation.followed(by: orientation)
            if orientation.swapsDimensions { (width, height) = (height, width) }
        }
        turns.forEach(turn)
        for edit in edits {
            if let orient = edit.transform as? any OrientationHinting {
                turn(orient.appliedOrientation(tag: tag))
                tag = .up
            } else if let crop = edit.transform as? any DecodeRegionHinting {
                guard let region = crop.decodedRegion(width: width, height: height) else {
                    return try refuse("\(edit.name) chooses its rectangle from the pixels")
                }
                let origin = transform.crop.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
                transform.crop = PixelRect(x: origin.x + region.x, y: origin.y + region.y, width: region.width, height: region.height)
                (width, height) = (region.width, region.height)
            }
        }
        transform.recordedOrientation = tag
        transform.isProgressive = options.progressive
        transform.stripped = options.stripped
        do {
            return .lossless(transform, try editor.plan(transform, for: bytes))
        } catch .notExact(let differences) {
            return .decoded("moving whole blocks would have \(differences); lossless=always takes that")
        } catch {
            return try refuse(Remedy.pipelineDescription(of: error))
        }
    }
}
