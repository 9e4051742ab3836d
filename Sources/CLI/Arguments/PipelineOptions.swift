import NinepipeCore
import NinepipeHost

/// The options shared by `run`, `check` and `info`, parsed from the command line.
struct PipelineOptions {
    var expression: String?
    var positionals: [String] = []
    var variables: [String: String] = [:]
    var limits = ImageLimits()
    var timings = false
    /// `--explain`: say how each JPEG is written.
    var explain = false
    /// `--stream auto|always|never`.
    var execution = Execution.automatic
    // Batch runs (`run FILE INPUT... --output TARGET`).
    var output: String?
    var recursive = false
    var jobs: Int?
    var quiet = false
    var verbose = false
    var failFast = false
    var dryRun = false
    var skipExisting = false
    var report: String?
    var shard: ShardSpec?

    /// The options of `run` or `check` from their parsed arguments, with limits starting from `limits`.
    init(_ arguments: ParsedArguments, limits startingLimits: ImageLimits = .default) throws {
        limits = startingLimits
        expression = arguments.value("expression")
        positionals = arguments.operands
        for pair in arguments.all("set") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("--set needs NAME=VALUE, got '\(pair)'")
            }
            variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        limits = try SharedOptions.limits(arguments, from: limits)
        timings = arguments.has("timings")
        explain = arguments.has("explain")
        switch arguments.value("stream") {
        case "always": execution = .streamed
        case "never": execution = .whole
        default: execution = .automatic
        }
        output = arguments.value("output")
        recursive = arguments.has("recursive")
        jobs = try arguments.number("jobs")
        quiet = arguments.has("quiet")
        verbose = arguments.has("verbose")
        failFast = arguments.has("fail-fast")
        dryRun = arguments.has("dry-run")
        skipExisting = arguments.has("skip-existing")
        report = arguments.value("report")
        shard = try arguments.value("shard").map { text throws(BatchError) in try ShardSpec(text) }
    }

    /// The pipeline text, the name diagnostics use for it, and the batch inputs after it.
    func pipelineText() throws -> (text: String, fileName: String, inputs: [String]) {
        if let expression {
            return (expression, "<expression>", positionals)
        }
        guard let file = positionals.first else { throw UsageError("give a pipeline file or -e 'TEXT'") }
        let bytes = try FileIO.read(file)
        return (String(decoding: bytes, as: UTF8.self), file, Array(positionals.dropFirst()))
    }

    /// The pipeline file's folder, which an `overlay` image's relative path starts from; `nil`
    /// for `-e` text, a pipeline read from standard input, or a file in the working directory.
    var resourceDirectory: String? {
        guard expression == nil, let file = positionals.first, file != "-", !file.hasPrefix("/dev/"),
            let slash = file.lastIndex(of: "/")
        else { return nil }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// Whether any batch-only option was given.
    var hasBatchOptions: Bool { output != nil || recursive || jobs != nil || failFast || dryRun || skipExisting || report != nil || shard != nil }
}
