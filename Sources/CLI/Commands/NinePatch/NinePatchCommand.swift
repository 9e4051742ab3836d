import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// `ninepipe ninepatch inspect|compile|decompile|preview …`: the tools around nine-patch files,
/// one type per subcommand; this one holds what they share (reading the input).
enum NinePatchCommand: Command {
    static let subcommands: [any Command.Type] = [
        NinePatchInspectCommand.self, NinePatchCompileCommand.self, NinePatchDecompileCommand.self, NinePatchPreviewCommand.self,
    ]

    static let spec = CommandSpec(
        name: "ninepatch", summary: "inspect, compile, decompile and preview nine-patch images",
        usage: ["ninepatch inspect|compile|decompile|preview …"],
        subcommands: subcommands.map { $0.spec }, operands: .words(subcommands.map { $0.spec.name }))

    /// Never reached: the command line runs the subcommand's type.
    static func run(_ invocation: Invocation) throws -> ExitCode { throw UsageError.needsSubcommand(spec) }

    /// The codecs nine-patch files are read and written with.
    static let codecs = ImageCodecRegistry.builtIn

    /// `--insets T,L,B,R`: four pixel counts in the range of the ninepatch step's `insets=` (the
    /// image's sides are checked once it is read); never with `--border`.
    static func insetsOption(_ arguments: ParsedArguments, border: Bool) throws -> NinePatchInsets? {
        guard let text = arguments.value(.insets) else { return nil }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int32(String($0)) ?? -1 }
        guard values.count == 4, values.allSatisfy({ (0...65_535).contains($0) }) else {
            throw UsageError("--insets '\(text)': give four pixel counts top,left,bottom,right, each from 0 to 65535, e.g. --insets 12,16,12,16")
        }
        if border { throw UsageError("--insets and --border both say where the regions are: give one") }
        return NinePatchInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    /// The image at `path` (a plain image: any frame or chunk it has is ignored) made a
    /// nine-patch by cap insets, as the ninepatch step's `insets=` makes it.
    static func withInsets(_ insets: NinePatchInsets, path: String, limits: ImageLimits) throws -> Image {
        let bytes = try FileIO.read(path)
        do {
            var image = try codecs.decode(bytes, options: DecodeOptions(limits: limits))
            image.metadata.ninePatch = NinePatchInfo(chunk: try Transforms.NinePatch(width: nil, height: nil, insets: insets).chunk(for: image))
            return image
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }

    /// The image with its nine-patch information, and where that came from (`npTc`, `border`, or
    /// `vector` for an SVG's `ninepatch-` regions, drawn at its own size).
    ///
    /// A compiled file (one with an `npTc` chunk) is read from its chunk whatever its name;
    /// `--border` on one is an error. `readsFrame` (compile) reads the frame of a file with no
    /// chunk whatever its name.
    static func load(_ path: String, border: Bool, readsFrame: Bool = false, invocation: Invocation) throws -> (Image, String) {
        let console = invocation.console
        let limits = invocation.limits
        let bytes = try FileIO.read(path)
        do {
            let decoded = try codecs.decode(bytes, options: DecodeOptions(limits: limits)) { console.warn("\(path): \($0)") }
            let compiled = NinePatchSource.isCompiled(decoded)
            let rule: NinePatchSource = border || (readsFrame && !compiled) ? .border : .auto
            let image = try rule.resolve(decoded, path: path) { console.warn("\(path): \($0)") }
            guard NinePatchSource.isCompiled(image) else {
                throw InputError(
                    "\(path) has no nine-patch information: no npTc chunk, and the name does not end in .9.png (add --border to read its frame, or give --insets T,L,B,R to inspect)"
                )
            }
            // A vector nine-patch's information comes from its regions, computed as it is drawn.
            let vector = codecs.format(sniffing: Array(bytes.prefix(32))) == .svg && compiled
            return (image, vector ? "vector" : compiled ? "npTc" : "border")
        } catch let error as InputError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}
