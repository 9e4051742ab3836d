import NinepipeCore
import Synchronization

/// Converts a collection of assets into an output folder: at most ``jobs`` assets at once,
/// every file written atomically and only when its bytes changed (a rerun rewrites nothing),
/// never over an input, a failing asset reported and the rest carried on.
///
/// ```swift
/// let collection = try AssetCollector().collect(["app/src/main/res"])
/// let run = AssetRun(converter: AssetConverter(options: AssetOptions(target: .ios)),
///                    output: "Assets.xcassets", jobs: 2)
/// try run.check(collection)
/// let summary = run.runBlocking(collection) { event in print(event) }
/// ```
public struct AssetRun: Sendable {
    /// What each asset becomes.
    public var converter: AssetConverter
    /// The output folder (`Assets.xcassets`, `res`, a web folder).
    public var output: String
    /// How many assets are converted at once (never more than the assets or ``BatchRunner/maximumJobs``).
    public var jobs: Int
    /// Convert but write nothing (``Event/converted(_:written:unchanged:warnings:missingScales:)`` lists what would be written).
    public var dryRun: Bool
    /// Stop starting new assets after the first failure.
    public var failFast: Bool
    /// Turns an asset's error into the reason its ``Event/failed(_:reason:)`` carries (default:
    /// its description; the command line names its own options).
    public var describeError: @Sendable (any Error) -> String = { "\($0)" }
    /// When set (by a signal handler, say), no new asset starts and no more files are written:
    /// an asset being converted is abandoned before its files are written (a file being written
    /// is finished or its temporary removed), and the run's closing files are left as they were.
    public var cancellation: CancellationFlag?

    /// The output folders whose leftover temporaries (of runs that were killed) were removed.
    private let swept = SweptFolders()

    /// Creates a run.
    public init(converter: AssetConverter, output: String, jobs: Int, dryRun: Bool = false, failFast: Bool = false) {
        self.converter = converter
        self.output = output.count > 1 && output.hasSuffix("/") ? String(output.dropLast()) : output
        self.jobs = min(max(1, jobs), BatchRunner.maximumJobs)
        self.dryRun = dryRun
        self.failFast = failFast
    }

    /// What happened to one asset.
    public enum Event: Sendable {
        /// Converted: the files written (or, in a dry run, to be written), those already up to
        /// date, and warnings.
        case converted(Asset, written: [String], unchanged: [String], warnings: [String], missingScales: [String])
        /// Failed, with the reason.
        case failed(Asset, reason: String)
        /// Left out for a reason the inputs cannot change (``AssetError/leftOut(path:reason:)``),
        /// with the reason: a warning, not a failure, unless ``AssetOptions/strict`` (then it is
        /// reported as ``failed(_:reason:)``).
        case leftOut(Asset, reason: String)
    }

    /// The outcome of a run.
    public struct Summary: Sendable {
        /// Assets converted.
        public var converted = 0
        /// Files written (or to be written in a dry run).
        public var written = 0
        /// Files already up to date.
        public var unchanged = 0
        /// Failed assets with their reasons, in name order.
        public var failures: [(asset: String, reason: String)] = []
        /// Assets left out for a reason the inputs cannot change, with the reasons, in name order.
        public var leftOut: [(asset: String, reason: String)] = []
        /// Assets not converted (after a failure with ``failFast``).
        public var skipped = 0
        /// The run's own files (the catalog's `Contents.json`, `assets.json`) written, or to be
        /// written in a dry run.
        public var closingFilesWritten: [String] = []

        /// An empty summary: nothing converted yet.
        public init() {}
    }

    /// Refuses, before anything is written, outputs that would replace an input, and whatever
    /// the target refuses across the collection (Android: two assets that become one resource name).
    public func check(_ collection: AssetCollector.Inventory) throws(AssetError) {
        let inputs = collection.inputFiles.map { (path: $0, identity: BatchRunner.identity(of: $0)) }
        let target = converter.options.target
        for asset in collection.assets {
            for claim in target.claims(for: asset, output: output, options: converter.options) {
                let claimed = BatchRunner.identity(of: claim.folder) + "/" + claim.fileNamePrefix
                if let input = inputs.first(where: { $0.identity.hasPrefix(claimed) }) {
                    throw .outputIsInput(asset: asset.name, input: input.path)
                }
            }
        }
        try target.check(collection.assets, output: output)
    }

    /// Converts every asset on ``jobs`` threads, reporting each to `events` as it finishes (from
    /// any thread), then writes the run's closing files (root `Contents.json`, `assets.json`).
    public func runBlocking(_ collection: AssetCollector.Inventory, events: @escaping @Sendable (Event) -> Void) -> Summary {
        let assets = collection.assets
        let inputIdentities = Set(collection.inputFiles.map(BatchRunner.identity(of:)))
        let queue = WorkQueue(count: assets.count, cancellation: cancellation)
        let state = Mutex<
            (summary: Summary, failures: [(Int, String, String)], leftOut: [(Int, String, String)], conversions: [Int: AssetConverter.Conversion])
        >(
            (Summary(), [], [], [:]))
        ParallelWork.runBlocking(jobs: jobs, queue: queue) { position in
            let asset = assets[position]
            let event: Event
            var converted: AssetConverter.Conversion?
            do {
                let result = try converter.convert(asset)
                converted = result
                converted?.files = []  // what closing files need, without the bytes
                let (written, unchanged) = try write(result.files, inputs: inputIdentities)
                event = .converted(asset, written: written, unchanged: unchanged, warnings: result.warnings, missingScales: result.missingScales)
            } catch is CancellationError {
                return  // stopped on request: counted as skipped
            } catch AssetError.leftOut(let path, let reason) {
                let error = AssetError.leftOut(path: path, reason: reason)
                event =
                    converter.options.strict
                    ? .failed(asset, reason: describeError(AssetError.cannotExpress(detail: error.description))) : .leftOut(asset, reason: describeError(error))
            } catch {
                event = .failed(asset, reason: describeError(error))
            }
            state.withLock { state in
                switch event {
                case .converted(_, let written, let unchanged, _, _):
                    state.summary.converted += 1
                    state.summary.written += written.count
                    state.summary.unchanged += unchanged.count
                    if let converted { state.conversions[position] = converted }
                case .failed(let asset, let reason):
                    state.failures.append((position, asset.name, reason))
                case .leftOut(let asset, let reason):
                    state.leftOut.append((position, asset.name, reason))
                }
            }
            if case .failed = event, failFast { queue.stop() }
            events(event)
        }
        var summary = state.withLock { state in
            var summary = state.summary
            summary.failures = state.failures.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
            summary.leftOut = state.leftOut.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
            summary.skipped = assets.count - summary.converted - summary.failures.count - summary.leftOut.count
            return summary
        }
        let conversions = state.withLock { state in state.conversions.keys.sorted().compactMap { state.conversions[$0] } }
        if summary.converted > 0 && cancellation?.isCancelled != true {
            do {
                let closing = try converter.options.target.closingFiles(after: conversions, options: converter.options, output: output)
                let (written, unchanged) = try write(closing, inputs: inputIdentities)
                summary.written += written.count
                summary.unchanged += unchanged.count
                summary.closingFilesWritten = written
            } catch {
                summary.failures.append((output, "\(error)"))
            }
        }
        return summary
    }

    /// Writes `files` below ``output`` (or, in a dry run, only compares), never over one of
    /// `inputs`; returns the paths written and those already holding the same bytes. For files
    /// made outside a run (an app icon's).
    public func write(_ files: [AssetFile], protecting inputs: [String]) throws -> (written: [String], unchanged: [String]) {
        try write(files, inputs: Set(inputs.map(BatchRunner.identity(of:))))
    }

    /// Writes `files` below ``output`` (or, in a dry run, only compares); returns the paths
    /// written and those already holding the same bytes.
    private func write(_ files: [AssetFile], inputs: Set<String>) throws -> (written: [String], unchanged: [String]) {
        var written: [String] = []
        var unchanged: [String] = []
        for file in files {
            if cancellation?.isCancelled == true { throw CancellationError() }
            let path = output + "/" + file.path
            // Temporaries a killed run left here (SIGKILL, a crash) go before anything is written.
            if !dryRun, swept.first(FileIO.parentDirectory(of: path)) { AtomicFile.removeLeftovers(inFolder: FileIO.parentDirectory(of: path)) }
            if inputs.contains(BatchRunner.identity(of: path)) {
                throw AssetError.outputIsInput(asset: path, input: path)
            }
            // A FIFO, socket or device where an output goes would be written into (a FIFO blocks
            // until read), and is never read to compare: assets are files.
            if FileIO.isSpecialFile(path, followingLinks: converter.options.followsOutputLinks) {
                throw FileError.cannotWrite(
                    path: path, reason: "it is a FIFO, socket or device; assets are written as files: remove it or choose another output folder")
            }
            // (A link there is not "unchanged" unless links are followed: it is to be replaced.)
            if converter.options.followsOutputLinks || !FileIO.isSymbolicLink(path),
                let existing = try? FileIO.read(path, maxBytes: file.bytes.count, requiringRegularFile: true), existing == file.bytes
            {
                unchanged.append(path)
                continue
            }
            if !dryRun {
                try FilePolicy.createParentDirectories(of: path)
                try FileIO.writeAtomically(file.bytes, to: path, followingLinks: converter.options.followsOutputLinks)
            }
            written.append(path)
        }
        return (written, unchanged)
    }
}

/// The folders a run has swept of leftover temporaries: each once.
private final class SweptFolders: Sendable {
    private let folders = Mutex<Set<String>>([])

    /// Whether `folder` is met for the first time (and is now marked swept).
    func first(_ folder: String) -> Bool { folders.withLock { $0.insert(folder).inserted } }
}
