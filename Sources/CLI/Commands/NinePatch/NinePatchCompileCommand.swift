import NinepipeCore
import NinepipeHost

/// `ninepipe ninepatch compile SRC OUT`: the 1-pixel frame (or `--insets`) becomes aapt's
/// `npTc`/`npLb`/`npOl` chunks, as aapt's singleCrunch writes them.
enum NinePatchCompileCommand: Command {
    static let spec = CommandSpec(
        name: "compile", summary: "strip the 1-pixel frame and write aapt's npTc/npLb/npOl chunks (aapt singleCrunch)",
        usage: ["ninepatch compile SRC.9.png OUT.png", "ninepatch compile SRC.png OUT.png --insets T,L,B,R"],
        options: [
            SharedOptions.borderOption,
            OptionSpec(key: .insets, value: .text("T,L,B,R"), summary: "compile a plain image (no frame) with these cap insets"),
        ])

    /// Reads the input's frame (whatever its name) or the insets given, and writes the compiled PNG.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let rest = arguments.operands
        guard rest.count == 2 else { throw UsageError("ninepatch compile takes an input and an output file\n" + invocation.usage) }
        let border = arguments.has(.border)
        let insets = try NinePatchCommand.insetsOption(arguments, border: border)
        let (image, source) =
            try insets.map { (try NinePatchCommand.withInsets($0, path: rest[0], limits: invocation.limits), "insets") }
            ?? NinePatchCommand.load(rest[0], border: border, readsFrame: true, invocation: invocation)
        if source == "npTc" {
            invocation.console.warn("\(rest[0]): already compiled (it carries an npTc chunk); its chunks are written unchanged")
        }
        let compiled = NinePatchFrame.clearingTransparentColor(image)
        try NinePatchCommand.codecs.write(compiled, to: rest[1], options: EncodeOptions(format: .png)) { invocation.console.warn("\($0)") }
        return .success
    }
}
