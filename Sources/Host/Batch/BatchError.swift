import NinepipeCore

/// A batch that cannot run as described: bad output templates or slices, inputs that do not
/// exist, outputs that would overwrite inputs or each other. The command line reports those
/// ``isUsageError`` marks as usage errors (exit 2) and missing inputs as failures (exit 1); an
/// embedding tool can match the case.
public enum BatchError: NinepipeError, Hashable {
    /// An output template with `{` and no `}`.
    case unclosedPlaceholder(template: String)
    /// An output template with a placeholder that does not exist.
    case unknownPlaceholder(template: String, name: String)
    /// An output template whose file name has no image extension (nor `{ext}`);
    /// `looksLikeFolder` when it has no extension at all and does not exist (a folder meant?).
    case outputNeedsExtension(template: String, looksLikeFolder: Bool, extensions: String)
    /// A shard that is not `I/N` or `auto/N`.
    case badShard(text: String)
    /// A shard number outside `0..<count`.
    case shardOutOfRange(text: String, count: Int)
    /// `auto/N` with the environment variable unset.
    case shardVariableMissing(count: Int)
    /// `auto/N` with the environment variable not a slice number.
    case shardVariableInvalid(value: String, count: Int)
    /// A glob pattern that matches nothing.
    case noMatch(pattern: String)
    /// An input that does not exist.
    case missingInput(path: String)
    /// The output for `input` would be `output`, which is the input `original`.
    case outputIsInput(input: String, output: String, original: String)
    /// Two inputs map onto one output.
    case outputCollision(first: String, second: String, output: String)
    /// A file's output path (known only after running) already belongs to another input.
    case outputClaimed(path: String, owner: String)
    /// The pipeline ends in a save without a path, and no output target was given.
    case outputSaveWithoutOutput
    /// The output save's `format=` differs from the format the output name's extension names.
    case outputFormatConflict(template: String, named: ImageFormat, format: ImageFormat)
    /// The output for `input` would be `output`, outside `folder`, the folder its template names
    /// (a file named `...png` makes `{name}` be `..`).
    case outputLeavesFolder(input: String, output: String, folder: String)

    /// Whether the options given are at fault, rather than inputs that are not there.
    public var isUsageError: Bool {
        switch self {
        case .noMatch, .missingInput, .outputLeavesFolder: false
        default: true
        }
    }

    /// The batch setting an error is about: named by whoever reports it in its own terms (the
    /// command line's output and shard options, an embedder's output target).
    public enum Setting: String, Sendable, Hashable {
        case output, shard
    }

    /// The setting the error is about and its value as given, when it is about one; ``reason``
    /// then says what is wrong with it.
    public var setting: (setting: Setting, value: String)? {
        switch self {
        case .unclosedPlaceholder(let template), .unknownPlaceholder(let template, _), .outputNeedsExtension(let template, _, _),
            .outputFormatConflict(let template, _, _):
            (.output, template)
        case .badShard(let text), .shardOutOfRange(let text, _): (.shard, text)
        case .shardVariableMissing(let count): (.shard, "auto/\(count)")
        default: nil
        }
    }

    /// What is wrong with the ``setting``'s value (the whole message when there is no setting).
    public var reason: String {
        let placeholders = OutputTemplate.placeholders.map { "{\($0)}" }.joined(separator: ", ")
        switch self {
        case .unclosedPlaceholder:
            return "'{' without a closing '}'"
        case .unknownPlaceholder(_, let name):
            return "unknown placeholder {\(name)}\(Suggestions.hint(for: name, in: OutputTemplate.placeholders)); use \(placeholders)"
        case .outputNeedsExtension(let template, let looksLikeFolder, let extensions):
            let folder = looksLikeFolder ? "; for a folder (created when missing), end it with a slash: \(template)/" : ""
            return "the file name must end in \(extensions) or {ext}\(folder)"
        case .outputFormatConflict(_, let named, let format):
            return
                "names \(named) files, but the save asks for format=\(format.rawValue); end the name in .\(format.fileExtension) or {ext}, or leave format= out"
        case .badShard:
            return "expected I/N (0 ≤ I < N) or auto/N"
        case .shardOutOfRange(_, let count):
            return "the slice number counts from 0 and must be below \(count) (0…\(count - 1))"
        case .shardVariableMissing(let count):
            return "reads \(ShardSpec.environmentVariable), which is not set; give the slice as I/\(count)"
        default:
            return description
        }
    }

    /// The message: the setting and its value, then the reason.
    public var description: String {
        if let setting { return "\(setting.setting.rawValue) '\(setting.value)': \(reason)" }
        switch self {
        case .unclosedPlaceholder, .unknownPlaceholder, .outputNeedsExtension, .badShard, .shardOutOfRange, .shardVariableMissing, .outputFormatConflict:
            return reason
        case .shardVariableInvalid(let value, let count):
            return "\(ShardSpec.environmentVariable)=\(value) is not a slice of auto/\(count) (0…\(count - 1))"
        case .noMatch(let pattern):
            return "'\(pattern)' matches no file"
        case .missingInput(let path):
            return "input '\(path)' does not exist"
        case .outputIsInput(let input, let output, let original):
            return "the output for \(input) would be \(output), which is the input \(original); outputs never overwrite inputs: choose another output"
        case .outputCollision(let first, let second, let output):
            return
                "\(first) and \(second) would both be written to \(output); add {dir} or {index} to the output name, or another placeholder that tells them apart"
        case .outputClaimed(let path, let owner):
            return "\(path) was already written for \(owner); two inputs map onto one output: add {dir}, {index} or {name} to the output name"
        case .outputSaveWithoutOutput:
            return
                "the pipeline ends in a save without a path, which writes each result to the output target; give one (a folder, out/, or a name such as 'out/{name}.jpg')"
        case .outputLeavesFolder(let input, let output, let folder):
            return
                "the output for \(input) would be \(output), outside \(folder.isEmpty ? "the working directory" : folder): its name fills the template with a path; outputs stay inside the folder their template names, so rename the input"
        }
    }
}
