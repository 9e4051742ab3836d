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
    /// `--follow-output-links`: write through a link at an output path instead of replacing it.
    var followsOutputLinks = false
    /// `--follow-links`: batch inputs that are links leading out of their directory are taken too.
    var followsLinks = false
    /// The batch-only options given (`--output`, `--jobs`…), as flags, in the help's order: the
    /// options of the help's batch group, so the check and its message never list different ones.
    var batchOptionsGiven: [String] = []

    /// The options of `run` or `check` from their parsed arguments, with limits starting from `limits`.
    init(_ arguments: ParsedArguments, limits startingLimits: ImageLimits = .default) throws {
        limits = startingLimits
        expression = arguments.value(.expression)
        positionals = arguments.operands
        for pair in arguments.all(.set) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("--set needs NAME=VALUE, got '\(pair)'")
            }
            variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        limits = try SharedOptions.limits(arguments, from: limits)
        timings = arguments.has(.timings)
        explain = arguments.has(.explain)
        switch arguments.value(.stream) {
        case "always": execution = .streamed
        case "never": execution = .whole
        default: execution = .automatic
        }
        output = arguments.value(.output)
        recursive = arguments.has(.recursive)
        jobs = try arguments.number(.jobs)
        quiet = arguments.has(.quiet)
        verbose = arguments.has(.verbose)
        failFast = arguments.has(.failFast)
        dryRun = arguments.has(.dryRun)
        skipExisting = arguments.has(.skipExisting)
        report = arguments.value(.report)
        shard = try arguments.value(.shard).map { text throws(BatchError) in try ShardSpec(text) }
        followsOutputLinks = arguments.has(.followOutputLinks)
        followsLinks = arguments.has(.followLinks)
        batchOptionsGiven = SharedOptions.pipelineOptions.filter { $0.group == SharedOptions.batchGroup && arguments.has($0.key) }.map { "--" + $0.name }
    }

    /// The pipeline text, the name diagnostics use for it, and the batch inputs after it.
    func pipelineText() throws -> (text: String, fileName: String, inputs: [String]) {
        if let expression {
            return (expression, "<expression>", positionals)
        }
        guard let file = positionals.first else { throw UsageError("give a pipeline file or -e 'TEXT'") }
        if !FileIO.exists(file) && Self.looksLikePipelineText(file) {
            throw FileError.cannotRead(
                path: file,
                reason: "no such file, and it reads like pipeline text: give the text with -e, as in ninepipe run -e '\(file)'")
        }
        let bytes = try FileIO.read(file, maxBytes: Self.largestPipelineFile)
        try Self.checkText(bytes, file: file)
        return (String(decoding: bytes, as: UTF8.self), file, Array(positionals.dropFirst()))
    }

    /// The largest pipeline file read (16 MiB): a pipeline is a few lines.
    static let largestPipelineFile = 16 << 20

    /// Whether a path that names no file is more likely pipeline text given without `-e`: it has
    /// a step separator or a quoted path after a word (`load "in.png"`).
    static func looksLikePipelineText(_ path: String) -> Bool {
        path.contains("|") || path.contains("\n") || path.contains(" \"") || path.contains("=") && path.contains(" ")
    }

    /// Refuses a pipeline file that is not text, in one line naming what it is: an image (its
    /// format), or binary data (the offset of its first NUL byte or byte that is not UTF-8).
    static func checkText(_ bytes: [UInt8], file: String) throws(UsageError) {
        if let format = ImageCodecRegistry.builtIn.format(sniffing: bytes) {
            throw UsageError(
                "\(file) is a \(format) image, not a pipeline; to see what it holds: ninepipe info \(file); to change it: ninepipe run -e 'resize width=50%' \(file) --output out/",
                pointsToHelp: false)
        }
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\0" { break decoding }
                offset += UTF8.width(scalar)
            case .emptyInput: return
            case .error: break decoding
            }
        }
        let what = offset < bytes.count && bytes[offset] == 0 ? "a NUL byte" : "a byte that is not UTF-8 text"
        throw UsageError(
            "\(file) is not a pipeline: it is binary data (\(what) at byte \(offset)); pipelines are UTF-8 text. To look at an image: ninepipe info \(file); to run text: ninepipe run -e '…' \(file) --output out/",
            pointsToHelp: false)
    }

    /// `$here`: the pipeline file's folder (`.` for one in the working directory, `-e` text or
    /// standard input). Every relative path in a pipeline is taken from the working directory, as
    /// in a shell script; `"$here/logo.png"` names a file beside the pipeline file.
    var here: String {
        guard expression == nil, let file = positionals.first, file != "-", !file.hasPrefix("/dev/"),
            let slash = file.lastIndex(of: "/")
        else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// Whether any batch-only option was given.
    var hasBatchOptions: Bool { !batchOptionsGiven.isEmpty }
}
