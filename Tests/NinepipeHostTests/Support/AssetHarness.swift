import Foundation
import NinepipeCore
import NinepipeHost
import Synchronization

/// An `assets` run through the public API, as a tool embedding the host makes one: collect the
/// inputs, check the run, convert, and keep what it reported. Asset behaviour is tested through
/// it; the command line's own wording, flags and exit codes are tested in the CLI target.
enum AssetHarness {
    /// What a run reported.
    struct Outcome {
        /// What was collected.
        var inventory: AssetCollector.Inventory
        /// The run's summary.
        var summary: AssetRun.Summary
        /// The collector's warnings, each asset's notes and each leaving-out's reason, in order.
        var messages: [String]
        /// Each failure as `asset: reason`.
        var failures: [String]
        /// The Android densities or scales each asset had no file dense enough for (left out).
        var missingScales: [String: [String]] = [:]

        /// Whether nothing failed (what the command line reports with exit status 0).
        var succeeded: Bool { failures.isEmpty }
        /// Messages and failures, one a line: what the command line would print, in the host's words.
        var text: String { (messages + failures).joined(separator: "\n") }
    }

    /// Converts `inputs` for `target` into `output`, with the options `configure` sets.
    static func run(
        _ inputs: [String], target: some AssetTarget, output: String, jobs: Int = 1, configure: (inout AssetOptions) -> Void = { _ in }
    ) throws -> Outcome {
        var options = AssetOptions(target: target)
        configure(&options)
        var collector = AssetCollector()
        collector.codecs = options.codecs
        let inventory = try collector.collect(inputs)
        let run = AssetRun(converter: AssetConverter(options: options), output: output, jobs: jobs)
        try run.check(inventory)
        let notes = Mutex<[String]>([])
        let missing = Mutex<[String: [String]]>([:])
        let summary = run.runBlocking(inventory) { event in
            switch event {
            case .converted(let asset, _, _, let warnings, let scales):
                notes.withLock { $0 += warnings }
                if !scales.isEmpty { missing.withLock { $0[asset.name] = scales } }
            case .leftOut(_, let reason): notes.withLock { $0.append(reason) }
            case .failed: break
            }
        }
        return Outcome(
            inventory: inventory, summary: summary, messages: inventory.warnings + notes.withLock { $0 },
            failures: summary.failures.map { "\($0.asset): \($0.reason)" }, missingScales: missing.withLock { $0 })
    }
}

extension AssetHarness {
    /// What an app icon conversion reported.
    struct IconOutcome {
        /// The converter's warnings.
        var warnings: [String]
        /// The files written, paths below the output folder.
        var written: [String]
        /// The warnings, one a line.
        var text: String { warnings.joined(separator: "\n") }
    }

    /// Converts the launcher icon of `inputs` for `target` into `output`, as a tool embedding the
    /// host does: find the icon (its manifest, or a master image), draw it for the target, write.
    static func icon(
        _ inputs: [String], target: some AssetTarget, output: String, background: AppIcon.Background? = nil,
        configure: (inout AssetOptions) -> Void = { _ in }
    ) throws -> IconOutcome {
        var options = AssetOptions(target: target)
        configure(&options)
        let icon = try AppIcon.find(in: inputs, background: background, options: options)
        let result = try AppIconConverter(options: options).convert(icon)
        let run = AssetRun(converter: AssetConverter(options: options), output: output, jobs: 1)
        let (written, _) = try run.write(result.files, protecting: [icon.source])
        return IconOutcome(warnings: result.warnings, written: written)
    }
}
