import NinepipeCore
import NinepipeHost
import Synchronization

/// Shows a batch's progress: a redrawn bar on a terminal (done/total, rate, ETA), one line per
/// file otherwise, nothing per file with `--quiet`; failures always, and a summary at the end.
///
/// Warnings are shown once per kind (the message without its file name); the summary says how
/// many files had each repeated one. `--verbose` shows every warning, `--quiet` none (they
/// still count in the summary). The bar is cleared before any line is printed.
final class BatchReporter: Sendable {
    enum Style { case bar, lines, quiet }

    private struct State {
        var done = 0
        var failed = 0
        var barShown = false
        /// Each kind of warning: the files that had it, in order of first appearance.
        var warnings: [(key: String, files: Set<String>)] = []
        var warningCount = 0
    }

    private let console: Console
    private let style: Style
    private let total: Int
    /// What is counted: `file` for batch runs, `asset` for asset conversions.
    private let noun: String
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    private let verbose: Bool
    /// Whether per-file lines go to standard output (not while `--report -` writes JSON there).
    private let printsLines: Bool

    init(console: Console, total: Int, quiet: Bool, verbose: Bool = false, noun: String = "file", printsLines: Bool = true) {
        self.console = console
        self.total = total
        self.noun = noun
        self.verbose = verbose
        self.printsLines = printsLines
        style = quiet ? .quiet : console.errorIsTerminal ? .bar : .lines
    }

    /// Records one finished file.
    func report(_ event: BatchRunner.Event) {
        switch event {
        case .succeeded(let input, let outputs, let width, let height):
            succeeded("ok \(TerminalText.quoted(input.path)) → \(outputs.map(TerminalText.quoted).joined(separator: ", ")) (\(width)×\(height))")
        case .failed(let input, let reason):
            failed(input.path, reason: reason)
        case .upToDate(let input, let outputs):
            succeeded("up to date \(TerminalText.quoted(input.path)) → \(outputs.map(TerminalText.quoted).joined(separator: ", "))")
        }
    }

    /// Records a warning about `subject` (a file or asset): shown the first time its kind
    /// appears (every time with `--verbose`, never with `--quiet`), counted always.
    func warn(_ message: String, subject: String) {
        let key = Self.kind(of: message, subject: subject)
        state.withLock { state in
            state.warningCount += 1
            var isNew = true
            if let index = state.warnings.firstIndex(where: { $0.key == key }) {
                isNew = false
                state.warnings[index].files.insert(subject)
            } else {
                state.warnings.append((key, [subject]))
            }
            guard style != .quiet, verbose || isNew else { return }
            if state.barShown { console.status("\r\u{1B}[2K") }
            console.warn(message)
            if style == .bar { console.status(bar(done: state.done, failed: state.failed)) }
        }
    }

    /// A warning without the file name it starts with, so the same problem in many files is one kind.
    static func kind(of message: String, subject: String) -> String {
        if message.hasPrefix(subject + ": ") { return String(message.dropFirst(subject.count + 2)) }
        if let colon = message.firstRange(of: ": "), ImageCodecRegistry.builtIn.format(forPath: String(message[..<colon.lowerBound])) != nil {
            return String(message[colon.upperBound...])
        }
        return message
    }

    /// Records a finished item; `line`, if any, is shown when not on a terminal and not quiet.
    func succeeded(_ line: String?) { record(line: line, failure: nil) }

    /// Records a failed item (always shown).
    func failed(_ subject: String, reason: String) { record(line: nil, failure: (subject, reason)) }

    /// Records an item left out for a reason its input cannot change: a warning (shown as
    /// ``warn(_:subject:)`` shows one), listed again in the summary.
    func leftOut(_ subject: String, reason: String) {
        warn(reason, subject: subject)
        record(line: nil, failure: nil)
    }

    private func record(line: String?, failure: (subject: String, reason: String)?) {
        state.withLock { state in
            state.done += 1
            if state.barShown { console.status("\r\u{1B}[2K") }  // clear the bar before printing above it
            if let line, style == .lines, printsLines { console.out(line) }
            if let failure {
                state.failed += 1
                console.error("\(TerminalText.quoted(failure.subject)): \(TerminalText.escaped(Self.strip(failure.reason, prefix: failure.subject)))")
            }
            if style == .bar {
                console.status(bar(done: state.done, failed: state.failed))
                state.barShown = true
            }
        }
    }

    /// Prints the summary; returns nothing (the caller decides the exit code).
    func finish(_ summary: BatchRunner.Summary) {
        finish(
            succeeded: summary.succeeded, failures: summary.failures.map { ($0.input.path, $0.reason) }, skipped: summary.skipped,
            upToDate: summary.upToDate)
    }

    /// Prints `N files: X ok, U up to date, L left out, Y failed, Z skipped in T s` (with `detail`
    /// after `ok`; the up-to-date and left-out counts only when there are any), what was left out
    /// and the failures.
    func finish(
        succeeded: Int, failures: [(subject: String, reason: String)], skipped: Int, upToDate: Int = 0, detail: String? = nil,
        leftOut: [(subject: String, reason: String)] = []
    ) {
        let (warnings, warningCount) = state.withLock { state in
            if state.barShown { console.status("\r\u{1B}[2K") }
            state.barShown = false
            return (state.warnings, state.warningCount)
        }
        var parts =
            ["\(succeeded) ok" + (detail.map { " (\($0))" } ?? "")] + (upToDate > 0 ? ["\(upToDate) up to date"] : [])
            + (leftOut.isEmpty ? [] : ["\(leftOut.count) left out"]) + ["\(failures.count) failed", "\(skipped) skipped"]
        if warningCount > 0 { parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s")") }
        let line = "\(total) \(noun)\(total == 1 ? "" : "s"): \(parts.joined(separator: ", ")) in \(Self.seconds(ContinuousClock.now - started))"
        guard style != .quiet || !failures.isEmpty || skipped > 0 else { return }
        var lines = [line]
        if !verbose && style != .quiet {
            for warning in warnings where warning.files.count > 1 {
                lines.append(console.warningText("\(warning.files.count) \(noun)s: \(warning.key)"))
            }
        }
        if !leftOut.isEmpty && style != .quiet {
            lines.append(console.warningText("left out (a reason the inputs cannot change; --strict makes each an error):"))
            lines += leftOut.map { "  " + TerminalText.escaped($0.reason) }  // each reason names its file
        }
        if !failures.isEmpty {
            lines.append("failed:")
            lines += failures.map { "  \(TerminalText.quoted($0.subject)): \(TerminalText.escaped(Self.strip($0.reason, prefix: $0.subject)))" }
        }
        console.err(lines.joined(separator: "\n"))
    }

    /// `[██████░░░░░░] 12/200  3.1/s  ETA 1:01  (2 failed)`, fitted to the terminal.
    private func bar(done: Int, failed: Int) -> String {
        let elapsed = (ContinuousClock.now - started).seconds
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
        var tail = " \(done)/\(total)  \(Self.format(rate))/s  ETA \(eta / 60):\(eta % 60 < 10 ? "0" : "")\(eta % 60)"
        if failed > 0 { tail += "  (\(failed) failed)" }
        let width = max(10, min(40, console.columns - tail.count - 3))
        let filled = total > 0 ? width * done / total : width
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]" + tail
    }

    /// A reason without a repeated leading `PATH: `.
    private static func strip(_ reason: String, prefix path: String) -> String {
        reason.hasPrefix(path + ": ") ? String(reason.dropFirst(path.count + 2)) : reason
    }

    private static func seconds(_ duration: Duration) -> String { format(duration.seconds) + " s" }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
