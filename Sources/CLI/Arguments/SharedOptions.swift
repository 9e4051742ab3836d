import NinepipeCore
import NinepipeHost

/// Options more than one command declares (limits, the pipeline and batch options, the asset
/// options), written once.
enum SharedOptions {
    /// `--max-pixels`, `--max-dimension`, `--max-render-seconds` and `--max-frames`: every command that reads images.
    static let limitOptions: [OptionSpec] = [
        OptionSpec(
            key: .maxPixels, value: .number("N", 1...ImageLimits.largestPixelCount),
            summary: "refuse images over N pixels (default 268435456 = 16384×16384; at most 2^40)"),
        OptionSpec(
            key: .maxDimension, value: .number("N", 1...ImageLimits.largestDimension),
            summary: "refuse images with a side over N pixels (default 65535; at most 2^31 − 1)"),
        OptionSpec(
            key: .maxRenderSeconds, value: .number("N", 1...Int(ImageLimits.largestRenderSeconds)),
            summary: "stop drawing an SVG after N seconds and refuse it (default 2; at most 3600)"),
        OptionSpec(
            key: .maxFrames, value: .number("N", 1...ImageLimits.largestFrameCount),
            summary: "refuse animations of over N frames (default 2000; at most 1000000); their pixels over all frames count against --max-pixels"),
    ]

    /// `limits` changed by the ``limitOptions`` given.
    static func limits(_ arguments: ParsedArguments, from limits: ImageLimits) throws(UsageError) -> ImageLimits {
        var limits = limits
        if let pixels = try arguments.number(.maxPixels) { limits.maxPixelCount = pixels }
        if let dimension = try arguments.number(.maxDimension) { limits.maxDimension = dimension }
        if let seconds = try arguments.number(.maxRenderSeconds) { limits.maxRenderSeconds = Double(seconds) }
        if let frames = try arguments.number(.maxFrames) { limits.maxFrameCount = frames }
        return limits
    }

    /// `run` and `check`: the pipeline, its parameters, and batch options.
    static let pipelineOptions: [OptionSpec] =
        [
            OptionSpec(key: .expression, short: "e", value: .text("TEXT"), summary: "the pipeline as text instead of a file"),
            OptionSpec(key: .set, value: .text("NAME=VALUE"), summary: "value for $NAME in the pipeline (repeatable)", repeatable: true),
        ] + limitOptions + [
            OptionSpec(key: .timings, summary: "print each step's wall time and resulting size, and the peak memory, to stderr"),
            OptionSpec(
                key: .explain,
                summary:
                    "say on stderr how each JPEG is written: lossless (its DCT coefficients moved: save lossless=) or decoded and encoded again, and why; with check or --dry-run nothing is written"
            ),
            OptionSpec(
                key: .stream, value: .choice(["auto", "always", "never"]),
                summary: "pass bands of rows between steps instead of whole images: auto (default) for PNG files over 16 MiB of pixels"),
            followOutputLinksOption,
            OptionSpec(
                key: .output, short: "o", value: .path("TARGET"),
                summary: "DIR/ (mirrors input folders) or a name with {name} {ext} {dir} {width} {height} {index}, e.g. 'out/{name}-{width}x{height}.{ext}'",
                group: batchGroup),
            OptionSpec(key: .recursive, short: "r", summary: "read directories at any depth", group: batchGroup),
            OptionSpec(
                key: .followLinks, summary: "also take files that are links leading out of the directories given (left out by default)",
                group: batchGroup),
            OptionSpec(
                key: .jobs, short: "j", value: .number("N", 1...BatchRunner.maximumJobs),
                summary: "files processed at once, 1…\(BatchRunner.maximumJobs) and never more than the inputs (default: number of cores)", group: batchGroup),
            OptionSpec(
                key: .quiet, short: "q",
                summary: "print nothing when every file succeeds; else only the failures and the summary (no progress, per-file lines or warnings)"),
            OptionSpec(
                key: .verbose, short: "v", summary: "every warning (a batch otherwise shows each kind once and counts the files in the summary)"),
            OptionSpec(key: .failFast, summary: "stop starting new files after the first failure", group: batchGroup),
            OptionSpec(
                key: .dryRun, short: "n", summary: "print INPUT → OUTPUT for each file (and, for JPEGs, whether they are written losslessly), write nothing",
                group: batchGroup),
            OptionSpec(
                key: .skipExisting,
                summary: "leave out inputs whose outputs exist and are at least as new (resume a stopped batch); counted as up to date", group: batchGroup),
            OptionSpec(
                key: .report, value: .path("FILE"),
                summary: "write one JSON line per input as it finishes (input, outputs, status, error, seconds, bytes); - for stdout", group: batchGroup),
            OptionSpec(
                key: .shard, value: .text("I/N"),
                summary: "process slice I (0…N-1) of the sorted inputs; auto/N reads JOB_COMPLETION_INDEX", group: batchGroup),
        ]

    /// The heading `run --help` lists the batch options under.
    static let batchGroup = "BATCH OPTIONS (inputs are files, directories or quoted globs such as 'photos/*.jpg')"

    /// `--follow-output-links`: write through a symbolic link at an output path instead of replacing it.
    static let followOutputLinksOption = OptionSpec(
        key: .followOutputLinks,
        summary: "write through a symbolic link found at an output path (its target replaced, the link kept) instead of replacing the link")

    /// The options every `assets` target takes but `--output` (``assetOutputOption(example:)``).
    static let assetOptions: [OptionSpec] =
        [
            followOutputLinksOption,
            OptionSpec(
                key: .followLinks,
                summary: "follow links leading out of the folders given (left out with a warning by default; each folder is read once either way)"),
            OptionSpec(
                key: .sourceDensity, value: .choice(["ldpi", "mdpi", "tvdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]),
                summary: "density of files whose folder and name say none (default mdpi = @1x)"),
            OptionSpec(key: .upscale, summary: "enlarge the densest file for scales no file is dense enough for"),
            OptionSpec(
                key: .theme, value: .text("NAME"),
                summary: "the style in the tree's values/*.xml whose colours vector drawables' theme attributes take (a one-colour template needs none)"),
            OptionSpec(
                key: .color, value: .text("NAME=#RRGGBB"),
                summary:
                    "a theme attribute's or colour resource's colour for vector drawables (#RGB, #ARGB, #RRGGBB, #AARRGGBB), over the theme's (repeatable)",
                repeatable: true),
            OptionSpec(
                key: .vectors, value: .choice(["vector", "png"]),
                summary: "vector drawables as vectors (default: an SVG imageset, an SVG file, the drawable itself) or as PNGs at each scale"),
            OptionSpec(key: .strict, summary: "make slicing the target cannot express, and each resource left out, an error instead of a warning"),
            OptionSpec(
                key: .jobs, short: "j", value: .number("N", 1...BatchRunner.maximumJobs),
                summary: "assets converted at once, 1…\(BatchRunner.maximumJobs) and never more than the assets (default: number of cores)"),
            OptionSpec(key: .dryRun, short: "n", summary: "list every file that would be written; write nothing"),
            OptionSpec(
                key: .quiet, short: "q",
                summary: "print nothing when every asset succeeds; else only the failures and the summary (no per-asset lines or warnings)"),
            OptionSpec(key: .verbose, short: "v", summary: "every warning (otherwise each kind once, counted in the summary)"),
            OptionSpec(key: .failFast, summary: "stop after the first failure"),
            OptionSpec(
                key: .report, value: .path("FILE"),
                summary:
                    "write one JSON line per asset as it finishes (name, kind, status, sources by configuration, files written, reason) and per file left out before converting; - for stdout"
            ),
        ] + limitOptions

    /// `assets ios|android|web --icons` and what it reads.
    static let iconOptions: [OptionSpec] = [
        OptionSpec(
            key: .icons,
            summary:
                "convert the app's launcher icon instead of its drawables (ios: AppIcon.appiconset; web: manifest icons, favicon.ico; android: mipmaps from one master image)"
        ),
        OptionSpec(key: .manifest, value: .path("FILE"), summary: "the AndroidManifest.xml naming the icon (default: the one beside res/)"),
        OptionSpec(
            key: .background, value: .text("#RRGGBB|FILE"),
            summary: "an icon made from a master: its background colour or image (default: the master's edge colour, else white)"),
    ]

    /// `assets TARGET --output`, with the target's example folder.
    static func assetOutputOption(example: String) -> OptionSpec {
        OptionSpec(key: .output, short: "o", value: .path("DIR"), summary: "where to write (\(example))")
    }

    /// `assets android --densities`.
    static let densitiesOption = OptionSpec(
        key: .densities, value: .text("LIST"),
        summary: "comma list of ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi (default mdpi…xxxhdpi: ldpi and tvdpi only when listed)")

    /// `assets android --compiled`.
    static let compiledOption = OptionSpec(key: .compiled, summary: "write what aapt puts in an APK: chunks, no frame, .9.png names kept")

    /// `assets ios|web --center`.
    static let centerOption = OptionSpec(
        key: .center, value: .choice(["stretch", "tile"]),
        summary: "how the centre fills (default: an imageset's own mode, else stretch)")

    /// What `assets` accepts as inputs (help notes).
    static let assetInputs = """
        INPUT: .png/.jpg files (.9.png sources or compiled), .svg files (drawn at every density; a .9.svg's
               ninepatch- regions become its guides), Android res/ or drawable-<density>/ folders,
               .imageset folders, .xcassets catalogs
        """

    /// `ninepatch … --border`.
    static let borderOption = OptionSpec(
        key: .border,
        summary: "read the 1-pixel frame even when the name does not end in .9.png")
}
