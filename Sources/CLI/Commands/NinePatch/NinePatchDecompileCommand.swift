import NinepipeCore
import NinepipeHost

/// `ninepipe ninepatch decompile COMPILED OUT.9.png`: the 1-pixel frame drawn back from a compiled
/// file's chunks.
enum NinePatchDecompileCommand: Command {
    static let spec = CommandSpec(
        name: "decompile", summary: "draw the 1-pixel frame back from a compiled file's chunks",
        usage: ["ninepatch decompile COMPILED.png OUT.9.png"],
        options: [SharedOptions.borderOption])

    /// Reads the compiled file and writes it with its frame.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let rest = invocation.arguments.operands
        guard rest.count == 2 else { throw UsageError("ninepatch decompile takes an input and an output file\n" + invocation.usage) }
        let console = invocation.console
        let (image, _) = try NinePatchCommand.load(rest[0], border: invocation.arguments.has(.border), invocation: invocation)
        guard let framed = NinePatchFrame.framed(image, warn: { console.warn("\(rest[1]): \($0)") }) else { throw NinePatchSaveError(path: rest[1]) }
        try NinePatchCommand.codecs.write(framed, to: rest[1], options: EncodeOptions(format: .png)) { console.warn("\($0)") }
        return .success
    }
}
