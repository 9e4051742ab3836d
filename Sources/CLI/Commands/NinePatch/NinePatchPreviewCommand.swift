import NinepipeCore
import NinepipeHost

/// `ninepipe ninepatch preview FILE --output preview.png`: several sizes side by side with the
/// regions outlined.
enum NinePatchPreviewCommand: Command {
    static let spec = CommandSpec(
        name: "preview", summary: "render several sizes side by side with the regions outlined",
        usage: ["ninepatch preview FILE --output preview.png"],
        options: [OptionSpec(key: .output, short: "o", value: .path("FILE.png"), summary: "the preview image to write"), SharedOptions.borderOption])

    /// Draws the preview of the one file given.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        guard let output = arguments.value(.output) else { throw UsageError("ninepatch preview needs --output FILE.png\n" + invocation.usage) }
        guard arguments.operands.count == 1 else { throw UsageError("ninepatch preview takes one file\n" + invocation.usage) }
        let (image, _) = try NinePatchCommand.load(arguments.operands[0], border: arguments.has(.border), invocation: invocation)
        try NinePatchCommand.codecs.write(try NinePatchPreview.render(image), to: output, options: EncodeOptions(format: .png))
        return .success
    }
}
