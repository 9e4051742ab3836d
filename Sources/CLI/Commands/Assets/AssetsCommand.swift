import NinepipeCore
import NinepipeHost
import Synchronization

/// `ninepipe assets TARGET INPUT... --output DIR`: moves resizable images and density sets
/// between Android, iOS and the web (see ``AssetConverter``). Its subcommands are the registered
/// asset targets (``AssetTargetRegistry/builtIn``), each declared from what the target says it
/// reads (``AssetTarget/settings``), and this type runs them all: adding a target adds its
/// subcommand, its help and its completions, with no command type of its own.
enum AssetsCommand: Command {
    /// The targets the subcommands convert to.
    static let targets = AssetTargetRegistry.builtIn

    static let spec = CommandSpec(
        name: "assets", summary: "move resizable images and density sets between Android, iOS and the web",
        usage: ["assets \(targets.names.joined(separator: "|")) INPUT... --output DIR …"],
        subcommands: targets.targets.map(spec(for:)), operands: .words(targets.names))

    /// The subcommand of `target`: the options every target takes, the ones its settings add,
    /// and the icon options when it writes app icons.
    static func spec(for target: any AssetTarget) -> CommandSpec {
        let settings = target.settings
        var own: [OptionSpec] = []
        var usage = "assets \(target.name) INPUT... --output \(target.exampleOutput)"
        if settings.contains(.densities) {
            own.append(SharedOptions.densitiesOption)
            usage += " [--densities mdpi,hdpi,…]"
        }
        if settings.contains(.compiled) {
            own.append(SharedOptions.compiledOption)
            usage += " [--compiled]"
        }
        if settings.contains(.centerMode) {
            own.append(SharedOptions.centerOption)
            usage += " [--center stretch|tile]"
        }
        let options =
            [SharedOptions.assetOutputOption(example: target.exampleOutput)] + own + SharedOptions.assetOptions
            + (target.writesAppIcons ? SharedOptions.iconOptions : [])
        return CommandSpec(name: target.name, summary: target.summary, usage: [usage + " [--strict]"], options: options, notes: SharedOptions.assetInputs)
    }

    /// Converts for the target the subcommand names (`invocation.path` is `["assets", NAME]`).
    static func run(_ invocation: Invocation) throws -> ExitCode {
        guard invocation.path.count == 2, let target = targets.target(named: invocation.path[1]) else { throw UsageError.needsSubcommand(spec) }
        return try convert(for: target, invocation)
    }

    /// A `--color` name as the resolvers key it: `?attr/x`, `?android:attr/x` and `@color/x` are
    /// `x`; `@android:color/x` is `android:x` (a framework colour).
    static func colorName(_ given: String) -> String {
        for prefix in ["?android:attr/", "?attr/", "@color/"] where given.hasPrefix(prefix) { return String(given.dropFirst(prefix.count)) }
        if given.hasPrefix("@android:color/") { return "android:" + given.dropFirst(15) }
        return given
    }

    /// Converts the inputs for `target` (the subcommand's), as the parsed arguments say.
    static func convert(for target: any AssetTarget, _ invocation: Invocation) throws -> ExitCode {
        let exampleOutput = target.exampleOutput
        let arguments = invocation.arguments
        let console = invocation.console
        let usage = invocation.usage
        var options = AssetOptions(target: target)
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
            options.colors[Self.colorName(parts[0])] = color
        }
        options.limits = try SharedOptions.limits(arguments, from: options.limits)
        guard !inputs.isEmpty else { throw UsageError("assets \(target.name) needs at least one input\n" + usage) }
        guard let output else { throw UsageError("assets \(target.name) needs --output, e.g. --output \(exampleOutput)") }
        if let problem = target.outputProblem(output) {
            throw UsageError("--output for \(target.name): \(problem), e.g. --output \(exampleOutput)")
        }
        if arguments.has(.icons) {
            return try runIcons(inputs: inputs, output: output, options: options, invocation: invocation)
        }
        for option in [OptionKey.manifest, .background] where arguments.value(option) != nil {
            throw UsageError("--\(option.name) is for app icons: add --icons")
        }
        var collector = AssetCollector(sourceScale: sourceDensity.scale)
        collector.followsLinks = arguments.has(.followLinks)
        collector.codecs = options.codecs
        let collection = try collector.collect(inputs)
        if options.theme != nil, let vector = collection.assets.first(where: { $0.kind == .vectorDrawable })?.variants.first?.path {
            _ = try AssetConverter.resources(forDrawableAt: vector, options: options)  // an unknown theme: a usage error, before any work
        }
        if !quiet {
            for warning in collection.warnings { console.warn("\(warning)") }
            for (name, nearest) in collection.unmatchedColorNames(Array(options.colors.keys), limits: options.limits) {
                console.warn(
                    "--color \(name): no drawable or values file of the inputs names a colour or theme attribute '\(name)'"
                        + (nearest.map { "; did you mean '\($0)'?" } ?? ""))
            }
        }
        guard !collection.assets.isEmpty else {
            throw InputError(
                "no images found in \(inputs.joined(separator: " ")) (.png/.jpg/.webp/.gif/.svg files, drawable-* folders with bitmaps or vector drawables, .imageset folders, .xcassets catalogs)"
            )
        }
        var run = AssetRun(
            converter: AssetConverter(options: options), output: output,
            jobs: jobs ?? TransformContext.processorCount, dryRun: dryRun, failFast: failFast)
        run.describeError = { ErrorText.describe($0) }
        try run.check(collection)
        // The report is opened (emptied) only once the run is known to start, and never over an input.
        if let report = arguments.value(.report), report != "-", collection.reads(report) {
            throw UsageError("--report \(report): that is one of the inputs; write the report elsewhere")
        }
        let records = try arguments.value(.report).map { try RecordLog(path: $0, console: console) }
        for skipped in collection.skipped { records?.write(object: AssetRecords.record(skipped)) }
        // SIGINT and SIGTERM stop the run between files instead of leaving temporaries behind.
        let interrupts = InterruptWatch()
        defer { interrupts.end() }
        run.cancellation = interrupts.flag
        let reporter = BatchReporter(
            console: console, total: collection.assets.count, quiet: quiet,
            verbose: arguments.has(.verbose), noun: "asset", printsLines: arguments.value(.report) != "-")
        let missing = Mutex<[[String]: [String]]>([:])  // scales left out → the assets
        let summary = run.runBlocking(collection) { [dryRun] event in
            records?.write(object: AssetRecords.record(event))
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
            case .leftOut(let asset, let reason):
                reporter.leftOut(asset.name, reason: reason)
            }
        }
        if dryRun && !summary.closingFilesWritten.isEmpty {
            // Files the target writes once a run: a catalog's Contents.json, assets.json, generated code, the pubspec.
            console.out("(run) → " + summary.closingFilesWritten.map(TerminalText.quoted).joined(separator: ", "))
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
            skipped: summary.skipped, detail: files, leftOut: summary.leftOut.map { ($0.asset, $0.reason) })
        if let code = interrupts.exitCode {
            console.err(
                "stopped by \(interrupts.signalName): \(summary.skipped) asset\(summary.skipped == 1 ? "" : "s") not converted; assets in flight were abandoned and their temporaries removed"
            )
            return code
        }
        return summary.failures.isEmpty && summary.skipped == 0 ? .success : .failure
    }
}
