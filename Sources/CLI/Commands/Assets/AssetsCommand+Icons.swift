import NinepipeCore
import NinepipeHost

extension AssetsCommand {
    /// `assets PLATFORM --icons`: the launcher icon of the inputs, written for the platform.
    static func runIcons(inputs: [String], output: String, options: AssetOptions, invocation: Invocation) throws -> ExitCode {
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
        if let problem = options.target.appIconOutputProblem(output) { throw UsageError("--output for \(options.target.name) --icons: \(problem)") }
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
