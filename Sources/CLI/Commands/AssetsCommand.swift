import Foundation
import NinepipeCore
import NinepipeHost
import Synchronization

/// `ninepipe assets ios|android|web INPUT... --output DIR`: moves resizable images and
/// density sets between Android, iOS and the web (see ``AssetConverter``).
enum AssetsCommand: Command {
    static let spec = CommandSpec(
        name: "assets", summary: "move resizable images and density sets between Android, iOS and the web",
        usage: ["assets ios|android|web INPUT... --output DIR …"],
        subcommands: [
            CommandSpec(
                name: "ios", summary: "Android res/, .9.png files and imagesets → an Xcode asset catalog",
                usage: ["assets ios INPUT... --output Assets.xcassets [--center stretch|tile] [--strict]"],
                options: SharedOptions.assetOptions + SharedOptions.iconOptions + [SharedOptions.centerOption], notes: SharedOptions.assetInputs),
            CommandSpec(
                name: "android", summary: "images, .9.png files and imagesets → drawable-<density>/ folders",
                usage: ["assets android INPUT... --output res/ [--densities mdpi,hdpi,…] [--compiled]"],
                options: SharedOptions.assetOptions + [
                    OptionSpec(
                        key: .densities, value: .text("LIST"),
                        summary: "comma list of ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi (default mdpi…xxxhdpi: ldpi and tvdpi only when listed)"),
                    OptionSpec(
                        key: .compiled,
                        summary: "write what aapt puts in an APK: chunks, no frame, .9.png names kept"),
                ] + SharedOptions.iconOptions, notes: SharedOptions.assetInputs),
            CommandSpec(
                name: "web", summary: "images and nine-patches → name.png, name@2x.png, name.css, assets.json",
                usage: ["assets web INPUT... --output DIR/ [--center stretch|tile] [--strict]"],
                options: SharedOptions.assetOptions + SharedOptions.iconOptions + [SharedOptions.centerOption], notes: SharedOptions.assetInputs),
        ],
        operands: .words(["ios", "android", "web"]))

    /// Runs `assets PLATFORM` with its parsed arguments.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        let platformName = invocation.subcommand
        guard let platform = AssetPlatform(rawValue: platformName) else { throw UsageError("unknown platform '\(platformName)'") }
        let usage = invocation.usage
        var options = AssetOptions(platform: platform)
        options.limits = invocation.limits
        options.followsOutputLinks = arguments.has(.followOutputLinks)
        let inputs = arguments.operands
        let output = arguments.value(.output)
        let jobs = try arguments.number(.jobs)
        let sourceDensity = try arguments.value(.sourceDensity).map { text throws in try AndroidDensity.named(text) } ?? .mdpi
        let dryRun = arguments.has(.dryRun)
        let quiet = arguments.has(.quiet)
        let failFast = arguments.has(.failFast)
        if let center = arguments.value(.center) { options.centerMode = ImageSetResizing.CenterMode(rawValue: center) }
        options.strict = arguments.has(.strict)
        if let densities = arguments.value(.densities) { options.densities = try AndroidDensity.list(densities) }
        options.compiled = arguments.has(.compiled)
        options.upscale = arguments.has(.upscale)
        options.vectorsAsBitmaps = arguments.value(.vectors) == "png"
        options.theme = arguments.value(.theme)
        for given in arguments.all(.color) {
            let parts = given.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let color = AndroidColor(parsing: parts[1]) else {
                throw UsageError("--color needs NAME=#RRGGBB (or #RGB, #ARGB, #AARRGGBB), got '\(given)'")
            }
            options.colors[parts[0].hasPrefix("?attr/") ? String(parts[0].dropFirst(6)) : parts[0]] = color
        }
        options.limits = try SharedOptions.limits(arguments, from: options.limits)
        guard !inputs.isEmpty else { throw UsageError("assets \(platform.rawValue) needs at least one input\n" + usage) }
        guard let output else {
            let example = ["ios": "Assets.xcassets", "android": "res/", "web": "web/"][platform.rawValue] ?? "DIR/"
            throw UsageError("assets \(platform.rawValue) needs --output, e.g. --output \(example)")
        }
        if platform == .ios && !output.hasSuffix(".xcassets") && !output.hasSuffix(".xcassets/") {
            throw UsageError("--output for ios must be an asset catalog folder ending in .xcassets, e.g. --output Assets.xcassets")
        }
        if arguments.has(.icons) {
            return try runIcons(inputs: inputs, output: output, options: options, invocation: invocation)
        }
        for option in [OptionKey.manifest, .background] where arguments.value(option) != nil {
            throw UsageError("--\(option.name) is for app icons: add --icons")
        }
        var collector = AssetCollector(sourceScale: sourceDensity.scale)
        collector.followsLinks = arguments.has(.followLinks)
        let collection = try collector.collect(inputs)
        if !quiet { for warning in collection.warnings { console.warn("\(warning)") } }
        guard !collection.assets.isEmpty else {
            throw InputError(
                "no images found in \(inputs.joined(separator: " ")) (.png/.jpg/.svg files, drawable-* folders with bitmaps or vector drawables, .imageset folders, .xcassets catalogs)"
            )
        }
        if options.theme != nil, let vector = collection.assets.first(where: { $0.kind == .vectorDrawable })?.variants.first?.path {
            _ = try AssetConverter.resources(forDrawableAt: vector, options: options)  // an unknown theme: a usage error, before any work
        }
        var run = AssetRun(
            converter: AssetConverter(options: options), output: output,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, dryRun: dryRun, failFast: failFast)
        run.describeError = { ErrorText.describe($0) }
        try run.check(collection)
        let reporter = BatchReporter(
            console: console, total: collection.assets.count, quiet: quiet,
            verbose: arguments.has(.verbose), noun: "asset")
        let missing = Mutex<[[String]: [String]]>([:])  // scales left out → the assets
        let summary = run.runBlocking(collection) { [dryRun] event in
            switch event {
            case .converted(let asset, let written, let unchanged, let warnings, let missingScales):
                for warning in warnings { reporter.warn(warning, subject: asset.name) }
                if !missingScales.isEmpty { missing.withLock { $0[missingScales, default: []].append(asset.name) } }
                if dryRun {
                    let files = (written + unchanged.map { $0 + " (unchanged)" }).joined(separator: ", ")
                    console.out("\(TerminalText.quoted(asset.name)) → \(TerminalText.escaped(files))")
                    reporter.succeeded(nil)
                } else {
                    let detail = unchanged.isEmpty ? "" : ", \(unchanged.count) unchanged"
                    reporter.succeeded(
                        "ok \(TerminalText.quoted(asset.name)) → \(written.count) written\(detail)"
                            + (written.isEmpty ? "" : ": " + written.map(TerminalText.quoted).joined(separator: ", ")))
                }
            case .failed(let asset, let reason):
                reporter.failed(asset.name, reason: reason)
            }
        }
        if dryRun && !summary.closingFilesWritten.isEmpty {
            console.out("(catalog) → " + summary.closingFilesWritten.map(TerminalText.quoted).joined(separator: ", "))
        }
        if !quiet {
            for (scales, names) in missing.withLock({ $0 }).sorted(by: { $0.key.joined() < $1.key.joined() }) {
                let sorted = names.sorted()
                let list = sorted.prefix(5).map(TerminalText.quoted).joined(separator: ", ") + (sorted.count > 5 ? ", …" : "")
                console.warn(
                    "\(sorted.count) asset\(sorted.count == 1 ? " has" : "s have") no file dense enough for \(scales.joined(separator: ", ")) (\(list)): left out; add --upscale to enlarge the densest file instead"
                )
            }
        }
        let files = "\(summary.written) file\(summary.written == 1 ? "" : "s") \(dryRun ? "to write" : "written"), \(summary.unchanged) unchanged"
        reporter.finish(
            succeeded: summary.converted, failures: summary.failures.map { ($0.asset, $0.reason) },
            skipped: summary.skipped, detail: files)
        return summary.failures.isEmpty && summary.skipped == 0 ? .success : .failure
    }

    /// `assets PLATFORM --icons`: the launcher icon of the inputs, written for the platform.
    private static func runIcons(inputs: [String], output: String, options: AssetOptions, invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        var background: AppIcon.Background?
        if let given = arguments.value(.background) {
            if let color = AndroidColor(parsing: given) {
                background = .color(color)
            } else if FileIO.isRegularFile(given) {
                background = .drawable(path: given)
            } else {
                throw UsageError(
                    "--background needs a colour such as #1A73E8 (#RGB, #RRGGBB, #AARRGGBB) or an image file (SVG, vector drawable, PNG), got '\(given)'")
            }
        }
        let icon = try AppIcon.find(in: inputs, manifest: arguments.value(.manifest), background: background, options: options)
        let result = try AppIconConverter(options: options).convert(icon)
        if !arguments.has(.quiet) { for warning in result.warnings { console.warn(warning) } }
        let run = AssetRun(converter: AssetConverter(options: options), output: output, jobs: 1, dryRun: arguments.has(.dryRun))
        let (written, unchanged) = try run.write(result.files, protecting: [icon.source])
        if arguments.has(.dryRun) {
            console.out(
                "\(TerminalText.quoted(icon.name)) → "
                    + (written + unchanged.map { $0 + " (unchanged)" }).map { TerminalText.escaped($0) }.joined(separator: ", "))
        } else if !arguments.has(.quiet) {
            console.out(
                "ok icon \(TerminalText.quoted(icon.name)) from \(TerminalText.escaped(icon.source)) → \(written.count) written, \(unchanged.count) unchanged")
        }
        return .success
    }
}
