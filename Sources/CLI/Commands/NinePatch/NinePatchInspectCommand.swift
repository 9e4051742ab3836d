import NinepipeCore
import NinepipeHost

/// `ninepipe ninepatch inspect FILE`: a nine-patch's regions as JSON, iOS cap insets, CSS
/// border-image or Android XML.
enum NinePatchInspectCommand: Command {
    static let spec = CommandSpec(
        name: "inspect", summary: "print a nine-patch's regions as JSON, iOS cap insets, CSS border-image or Android XML",
        usage: ["ninepatch inspect FILE [--format json|ios|css|android] [--border | --insets T,L,B,R]"],
        options: [
            OptionSpec(key: .format, value: .choice(["json", "ios", "css", "android"]), summary: "what to print (default json)"),
            SharedOptions.borderOption,
            OptionSpec(key: .insets, value: .text("T,L,B,R"), summary: "treat a plain image as a nine-patch with these cap insets"),
        ])

    /// Prints the report of the one file given.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let border = arguments.has(.border)
        let insets = try NinePatchCommand.insetsOption(arguments, border: border)
        let rest = arguments.operands
        guard rest.count == 1 else { throw UsageError("ninepatch inspect takes one file\n" + invocation.usage) }
        let (image, source) =
            try insets.map { (try NinePatchCommand.withInsets($0, path: rest[0], limits: invocation.limits), "insets") }
            ?? NinePatchCommand.load(rest[0], border: border, invocation: invocation)
        let report = NinePatchReport(image: image, source: source, fileName: FileIO.baseName(of: rest[0]))
        invocation.console.out(report.text(format: arguments.value(.format) ?? "json"))
        return .success
    }
}
