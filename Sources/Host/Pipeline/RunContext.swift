import NinepipeCore
import Synchronization

/// Per-run state shared by the steps: limits, file policy, and warnings (each distinct one reported once).
final class RunContext: Sendable {
    let limits: ImageLimits
    /// The codecs files are read and written through: the pipeline's.
    let codecs: ImageCodecRegistry
    let policy: FilePolicy
    /// Where relative paths of a step's own files are taken from (see ``PipelineRunner/resourceDirectory``).
    let resourceDirectory: String?
    /// Rewrites a `save` path before it is written (batch runs fill in `{name}` and friends).
    let savePath: (@Sendable (_ path: String, _ image: Image) throws -> String)?
    /// A stop request besides the task's cancellation (a batch interrupted by a signal).
    let cancellation: CancellationFlag?
    private let handler: @Sendable (String) -> Void
    private let noteHandler: (@Sendable (String) -> Void)?
    private let seen = Mutex<Set<String>>([])
    private let loadedFormat = Mutex<ImageFormat?>(nil)

    /// The format of the last file loaded in this run (what a stream save without `format=` writes).
    var sourceFormat: ImageFormat? {
        get { loadedFormat.withLock { $0 } }
        set { loadedFormat.withLock { $0 = newValue } }
    }

    init(
        limits: ImageLimits, codecs: ImageCodecRegistry, policy: FilePolicy, resourceDirectory: String? = nil,
        savePath: (@Sendable (String, Image) throws -> String)? = nil,
        cancellation: CancellationFlag? = nil, noteHandler: (@Sendable (String) -> Void)? = nil, handler: @escaping @Sendable (String) -> Void
    ) {
        self.noteHandler = noteHandler
        self.limits = limits
        self.codecs = codecs
        self.cancellation = cancellation
        self.policy = policy
        self.resourceDirectory = resourceDirectory
        self.savePath = savePath
        self.handler = handler
    }

    func warn(_ message: String) { handler(message) }

    /// Reports `message` unless the same text was reported before in this run.
    func warnOnce(_ message: String) {
        let isNew = seen.withLock { $0.insert(message).inserted }
        if isNew { handler(message) }
    }

    var transformContext: TransformContext {
        var context = TransformContext(
            limits: limits, cancellation: cancellation,
            fileReader: { [policy, resourceDirectory] path in
                try policy.read(Self.resolved(path, in: resourceDirectory))
            }, noteHandler: noteHandler, warningHandler: handler)
        context.codecs = codecs
        return context
    }

    /// `path` taken from `directory` when it is relative (and not `-`, standard input).
    static func resolved(_ path: String, in directory: String?) -> String {
        guard let directory, !directory.isEmpty, !path.hasPrefix("/"), path != "-" else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
