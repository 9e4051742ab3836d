import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// `ninepipe info IMAGE...`: headers, and on request transparency, trim and placeholders.
enum InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", summary: "describe image files without decoding pixels",
        usage: ["info IMAGE... [--format text|json] [--alpha] [--trim] [--placeholder [--components XxY] [--approximate]]"],
        options: [
            OptionSpec(
                key: .format, value: .choice(["text", "json"]),
                summary: "text (default), or json: one object a file on one line (JSON Lines), keys as Docs/CLI.md lists them"),
            OptionSpec(
                key: .alpha,
                summary: "also count the pixels that are not fully opaque (this decodes the pixels)"),
            OptionSpec(
                key: .trim,
                summary: "also print the rectangle the trim step would keep (default threshold and background; decodes the pixels)"),
            OptionSpec(
                key: .placeholder,
                summary: "also print the dominant colour and a 4×3 BlurHash of every decoded pixel (the reference encoders' string)"),
            OptionSpec(
                key: .components, value: .text("XxY"),
                summary: "the BlurHash's components across and down, 1…9 each (default 4x3); implies --placeholder"),
            OptionSpec(
                key: .approximate,
                summary:
                    "hash a small copy decoded scaled down (many times faster on big photos; may differ from the reference's string in a few characters); implies --placeholder"
            ),
        ]
            + SharedOptions.limitOptions)

    /// `--components 5x4` (or `5×4`) as BlurHash components; `nil` when not given.
    static func blurHashComponents(_ text: String?) throws(UsageError) -> (x: Int, y: Int)? {
        guard let text else { return nil }
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).map(String.init)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), (1...9).contains(x), (1...9).contains(y) else {
            throw UsageError("--components '\(text)': give the components across and down, each 1…9, as in --components 4x3")
        }
        return (x, y)
    }

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        let options = try PipelineOptions(arguments, limits: invocation.limits)
        guard !options.positionals.isEmpty else { throw UsageError("info needs at least one image file") }
        let components = try Self.blurHashComponents(arguments.value(.components))
        let precision: Placeholder.Precision = arguments.has(.approximate) ? .approximate : .exact
        let wantsPlaceholder = arguments.has(.placeholder) || components != nil || precision == .approximate
        let codecs = ImageCodecRegistry.builtIn
        let json = arguments.value(.format) == "json"
        var status = ExitCode.success
        var blocks: [String] = []
        for path in options.positionals {
            do {
                let bytes = try FileIO.read(path)
                do {
                    let info = try codecs.info(bytes, limits: options.limits)
                    // Headers only, unless asked about the pixels (or, for JSON, a vector's colours).
                    let drawsVector = json && codecs.decoder(for: info.format)?.capabilities.rendersAtAnySize == true
                    let image =
                        arguments.has(.alpha) || arguments.has(.trim) || drawsVector
                        ? try codecs.decode(bytes, options: DecodeOptions(limits: options.limits)) : nil
                    let transparent = info.hasAlpha && arguments.has(.alpha) ? image?.transparentPixelCount : nil
                    let placeholder =
                        wantsPlaceholder
                        ? try Placeholder(bytes: bytes, components: components ?? (4, 3), precision: precision, limits: options.limits) : nil
                    if json {
                        var object = InfoJSON.object(
                            path: path, info: info, byteCount: bytes.count,
                            vector: drawsVector ? image.map(InfoJSON.VectorSummary.init(drawing:)) : nil)
                        if arguments.has(.alpha) { object["transparentPixels"] = JSONValue(transparent ?? 0) }
                        if arguments.has(.trim), let image { object["trim"] = try InfoJSON.trim(image) }
                        if let placeholder { object["placeholder"] = InfoJSON.placeholder(placeholder) }
                        blocks.append(InfoJSON.line(object))
                        continue
                    }
                    var block = InfoFormatter.format(path: path, info: info, byteCount: bytes.count, transparentPixels: transparent)
                    if arguments.has(.trim), let image { block += "\n" + (try InfoFormatter.trim(image)) }
                    if let placeholder { block += "\n" + InfoFormatter.placeholder(placeholder) }
                    blocks.append(block)
                } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
            } catch {
                // The command line's wording: limits are named by their flags (--max-pixels).
                console.error(ErrorText.describe(error))
                if json { blocks.append(InfoJSON.line(["file": .string(path), "error": .string(ErrorText.describe(error))])) }
                status = .failure
            }
        }
        if !blocks.isEmpty { console.out(blocks.joined(separator: json ? "\n" : "\n\n")) }
        return status
    }
}
