import Foundation
import NinepipeCore
import Synchronization

/// `ninepipe assets ios|android|web INPUT... --output DIR`: moves resizable images and
/// density sets between Android, iOS and the web (see ``AssetConverter``).
struct AssetsCommand {
    let console: Console

    static let usage = """
    ninepipe assets ios INPUT... --output Assets.xcassets [--center stretch|tile] [--strict]
    ninepipe assets android INPUT... --output res/ [--densities mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi] [--compiled]
    ninepipe assets web INPUT... --output DIR/ [--center stretch|tile] [--strict]
      INPUT: .png/.jpg files (.9.png sources or compiled), Android res/ or drawable-<density>/ folders,
             .imageset folders, .xcassets catalogs
      --source-density D   density of files whose folder and name say none (default mdpi = @1x)
      --upscale            enlarge the densest file for scales no file is dense enough for
      -j, --jobs N         assets converted at once (default: number of cores)
      -n, --dry-run        list every file that would be written; write nothing
      -q, --quiet          no per-asset lines or warnings; failures and the summary only
      --fail-fast          stop after the first failure
      --max-pixels N, --max-dimension N   decoding limits
    """

    func run(_ arguments: [String]) throws -> ExitCode {
        guard let platformName = arguments.first, !platformName.hasPrefix("-") else {
            throw UsageError("assets needs a target platform: ios, android or web\n" + Self.usage)
        }
        guard let platform = AssetPlatform(rawValue: platformName) else {
            let names = AssetPlatform.allCases.map(\.rawValue)
            throw UsageError("unknown platform '\(platformName)'\(Suggestions.hint(for: platformName, in: names)); use ios, android or web\n" + Self.usage)
        }
        var options = AssetOptions(platform: platform)
        var inputs: [String] = [], output: String?, jobs: Int?, sourceDensity = AndroidDensity.mdpi
        var dryRun = false, quiet = false, failFast = false
        var index = 1
        func value(_ name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value") }
            return arguments[index]
        }
        func number(_ name: String, inline: String?) throws(UsageError) -> Int {
            let text = try value(name, inline: inline)
            guard let number = Int(text), number > 0 else { throw UsageError("\(name) needs a positive whole number, got '\(text)'") }
            return number
        }
        let known = ["--output", "-o", "--center", "--strict", "--densities", "--compiled", "--source-density", "--upscale",
                     "--jobs", "-j", "--dry-run", "-n", "--quiet", "-q", "--fail-fast", "--max-pixels", "--max-dimension"]
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            switch argument {
            case "--output", "-o": output = try value(argument, inline: inline)
            case "--center":
                let text = try value(argument, inline: inline)
                guard let mode = ImageSetResizing.CenterMode(rawValue: text) else { throw UsageError("--center takes stretch or tile, got '\(text)'") }
                guard platform != .android else { throw UsageError("--center is for ios and web: Android nine-patches always stretch") }
                options.centerMode = mode
            case "--strict": options.strict = true
            case "--densities":
                guard platform == .android else { throw UsageError("--densities is for android; ios makes @1x, @2x and @3x, web 1x and 2x") }
                options.densities = try AndroidDensity.list(try value(argument, inline: inline))
            case "--compiled":
                guard platform == .android else { throw UsageError("--compiled is for android") }
                options.compiled = true
            case "--source-density":
                sourceDensity = try AndroidDensity.named(try value(argument, inline: inline))
            case "--upscale": options.upscale = true
            case "--jobs", "-j": jobs = try number(argument, inline: inline)
            case "--dry-run", "-n": dryRun = true
            case "--quiet", "-q": quiet = true
            case "--fail-fast": failFast = true
            case "--max-pixels": options.limits.maxPixelCount = try number(argument, inline: inline)
            case "--max-dimension": options.limits.maxDimension = try number(argument, inline: inline)
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError("unknown option '\(argument)'\(Suggestions.hint(for: argument, in: known)) for assets\n" + Self.usage)
                }
                inputs.append(argument)
            }
            index += 1
        }
        guard !inputs.isEmpty else { throw UsageError("assets \(platform.rawValue) needs at least one input\n" + Self.usage) }
        guard let output else {
            let example = ["ios": "Assets.xcassets", "android": "res/", "web": "web/"][platform.rawValue] ?? "DIR/"
            throw UsageError("assets \(platform.rawValue) needs --output, e.g. --output \(example)")
        }
        if platform == .ios && !output.hasSuffix(".xcassets") && !output.hasSuffix(".xcassets/") {
            throw UsageError("--output for ios must be an asset catalog folder ending in .xcassets, e.g. --output Assets.xcassets")
        }
        let collection = try AssetCollector(sourceScale: sourceDensity.scale).collect(inputs)
        if !quiet { for warning in collection.warnings { console.err("warning: \(warning)") } }
        guard !collection.assets.isEmpty else {
            throw UsageError("no images found in \(inputs.joined(separator: " ")) (.png/.jpg files, drawable-* folders, .imageset folders, .xcassets catalogs)")
        }
        let run = AssetRun(converter: AssetConverter(options: options), output: output,
                           jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, dryRun: dryRun, failFast: failFast)
        try run.check(collection)
        let reporter = BatchReporter(console: console, total: collection.assets.count, quiet: quiet, noun: "asset")
        let missing = Mutex<[[String]: [String]]>([:])  // scales left out → the assets
        let summary = run.runBlocking(collection) { [quiet, dryRun] event in
            switch event {
            case .converted(let asset, let written, let unchanged, let warnings, let missingScales):
                if !quiet { for warning in warnings { console.err("warning: \(warning)") } }
                if !missingScales.isEmpty { missing.withLock { $0[missingScales, default: []].append(asset.name) } }
                if dryRun {
                    let files = (written + unchanged.map { $0 + " (unchanged)" }).joined(separator: ", ")
                    console.out("\(asset.name) → \(files)")
                    reporter.succeeded(nil)
                } else {
                    let detail = unchanged.isEmpty ? "" : ", \(unchanged.count) unchanged"
                    reporter.succeeded("ok \(asset.name) → \(written.count) written\(detail)" + (written.isEmpty ? "" : ": " + written.joined(separator: ", ")))
                }
            case .failed(let asset, let reason):
                reporter.failed(asset.name, reason: reason)
            }
        }
        if dryRun && !summary.closingFilesWritten.isEmpty {
            console.out("(catalog) → " + summary.closingFilesWritten.joined(separator: ", "))
        }
        if !quiet {
            for (scales, names) in missing.withLock({ $0 }).sorted(by: { $0.key.joined() < $1.key.joined() }) {
                let sorted = names.sorted()
                let list = sorted.prefix(5).joined(separator: ", ") + (sorted.count > 5 ? ", …" : "")
                console.err("warning: \(sorted.count) asset\(sorted.count == 1 ? " has" : "s have") no file dense enough for \(scales.joined(separator: ", ")) (\(list)): left out; add --upscale to enlarge the densest file instead")
            }
        }
        let files = "\(summary.written) file\(summary.written == 1 ? "" : "s") \(dryRun ? "to write" : "written"), \(summary.unchanged) unchanged"
        reporter.finish(succeeded: summary.converted, failures: summary.failures.map { ($0.asset, $0.reason) },
                        skipped: summary.skipped, detail: files)
        return summary.failures.isEmpty && summary.skipped == 0 ? .success : .failure
    }
}
