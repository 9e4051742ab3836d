/// A command-line option's long name, declared once here as a constant (`.failFast`): an
/// option is declared with its key (``OptionSpec/key``) and read with it
/// (``ParsedArguments/has(_:)``), so a misspelt name is a compile error, never a silent `false`.
struct OptionKey: Hashable, Sendable {
    /// The long name without dashes (`fail-fast`).
    let name: String

    private init(_ name: String) { self.name = name }

    /// `--alpha`.
    static let alpha = OptionKey("alpha")
    /// `--approximate`.
    static let approximate = OptionKey("approximate")
    /// `--background`.
    static let background = OptionKey("background")
    /// `--border`.
    static let border = OptionKey("border")
    /// `--center`.
    static let center = OptionKey("center")
    /// `--color`.
    static let color = OptionKey("color")
    /// `--compiled`.
    static let compiled = OptionKey("compiled")
    /// `--components`.
    static let components = OptionKey("components")
    /// `--densities`.
    static let densities = OptionKey("densities")
    /// `--dry-run`.
    static let dryRun = OptionKey("dry-run")
    /// `--explain`.
    static let explain = OptionKey("explain")
    /// `--expression`.
    static let expression = OptionKey("expression")
    /// `--fail-fast`.
    static let failFast = OptionKey("fail-fast")
    /// `--follow-links`.
    static let followLinks = OptionKey("follow-links")
    /// `--follow-output-links`.
    static let followOutputLinks = OptionKey("follow-output-links")
    /// `--format`.
    static let `format` = OptionKey("format")
    /// `--icons`.
    static let icons = OptionKey("icons")
    /// `--insets`.
    static let insets = OptionKey("insets")
    /// `--jobs`.
    static let jobs = OptionKey("jobs")
    /// `--ninepipe`.
    static let ninepipe = OptionKey("ninepipe")
    /// `--man`.
    static let man = OptionKey("man")
    /// `--manifest`.
    static let manifest = OptionKey("manifest")
    /// `--markdown`.
    static let markdown = OptionKey("markdown")
    /// `--max-dimension`.
    static let maxDimension = OptionKey("max-dimension")
    /// `--max-frames`.
    static let maxFrames = OptionKey("max-frames")
    /// `--max-pixels`.
    static let maxPixels = OptionKey("max-pixels")
    /// `--max-render-seconds`.
    static let maxRenderSeconds = OptionKey("max-render-seconds")
    /// `--output`.
    static let `output` = OptionKey("output")
    /// `--placeholder`.
    static let placeholder = OptionKey("placeholder")
    /// `--plugin`.
    static let plugin = OptionKey("plugin")
    /// `--quiet`.
    static let quiet = OptionKey("quiet")
    /// `--recursive`.
    static let recursive = OptionKey("recursive")
    /// `--report`.
    static let `report` = OptionKey("report")
    /// `--set`.
    static let `set` = OptionKey("set")
    /// `--shard`.
    static let shard = OptionKey("shard")
    /// `--skip-existing`.
    static let skipExisting = OptionKey("skip-existing")
    /// `--source-density`.
    static let sourceDensity = OptionKey("source-density")
    /// `--stream`.
    static let stream = OptionKey("stream")
    /// `--strict`.
    static let strict = OptionKey("strict")
    /// `--theme`.
    static let theme = OptionKey("theme")
    /// `--timings`.
    static let timings = OptionKey("timings")
    /// `--trim`.
    static let trim = OptionKey("trim")
    /// `--upscale`.
    static let upscale = OptionKey("upscale")
    /// `--vectors`.
    static let vectors = OptionKey("vectors")
    /// `--verbose`.
    static let verbose = OptionKey("verbose")
    /// `--version`.
    static let version = OptionKey("version")

    /// Every key, for the test that each is declared by an option.
    static let all: [OptionKey] = [
        .alpha, .approximate, .background, .border, .center, .color, .compiled, .components, .densities, .dryRun, .explain, .expression, .failFast,
        .followLinks, .followOutputLinks, .format, .icons, .insets, .jobs, .man, .manifest, .markdown, .maxDimension, .maxFrames, .maxPixels, .maxRenderSeconds,
        .ninepipe, .output, .placeholder, .plugin, .quiet, .recursive, .report, .set, .shard, .skipExisting, .sourceDensity, .stream, .strict, .theme, .timings,
        .trim,
        .upscale, .vectors, .verbose, .version,
    ]
}
