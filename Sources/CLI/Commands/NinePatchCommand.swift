import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// `ninepipe ninepatch inspect|compile|decompile …`: the tools around nine-patch files.
enum NinePatchCommand: Command {
    static let spec = CommandSpec(
        name: "ninepatch", summary: "inspect, compile, decompile and preview nine-patch images",
        usage: ["ninepatch inspect|compile|decompile|preview …"],
        subcommands: [
            CommandSpec(
                name: "inspect", summary: "print a nine-patch's regions as JSON, iOS cap insets, CSS border-image or Android XML",
                usage: ["ninepatch inspect FILE [--format json|ios|css|android] [--border | --insets T,L,B,R]"],
                options: [
                    OptionSpec(key: .format, value: .choice(["json", "ios", "css", "android"]), summary: "what to print (default json)"),
                    SharedOptions.borderOption,
                    OptionSpec(key: .insets, value: .text("T,L,B,R"), summary: "treat a plain image as a nine-patch with these cap insets"),
                ]),
            CommandSpec(
                name: "compile", summary: "strip the 1-pixel frame and write aapt's npTc/npLb/npOl chunks (aapt singleCrunch)",
                usage: ["ninepatch compile SRC.9.png OUT.png", "ninepatch compile SRC.png OUT.png --insets T,L,B,R"],
                options: [
                    SharedOptions.borderOption,
                    OptionSpec(key: .insets, value: .text("T,L,B,R"), summary: "compile a plain image (no frame) with these cap insets"),
                ]),
            CommandSpec(
                name: "decompile", summary: "draw the 1-pixel frame back from a compiled file's chunks",
                usage: ["ninepatch decompile COMPILED.png OUT.9.png"],
                options: [SharedOptions.borderOption]),
            CommandSpec(
                name: "preview", summary: "render several sizes side by side with the regions outlined",
                usage: ["ninepatch preview FILE --output preview.png"],
                options: [OptionSpec(key: .output, short: "o", value: .path("FILE.png"), summary: "the preview image to write"), SharedOptions.borderOption]),
        ],
        operands: .words(["inspect", "compile", "decompile", "preview"]))

    /// Runs the subcommand (inspect, compile, decompile, preview) with its parsed arguments.
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        let limits = invocation.limits
        let subcommand = invocation.subcommand
        let border = arguments.has(.border)
        let rest = arguments.operands
        let usage = invocation.usage
        switch subcommand {
        case "inspect":
            let format = arguments.value(.format) ?? "json"
            let insets = try insetsOption(arguments, border: border)
            guard rest.count == 1 else { throw UsageError("ninepatch inspect takes one file\n" + usage) }
            let (image, source) =
                try insets.map { (try withInsets($0, path: rest[0], limits: limits), "insets") }
                ?? load(rest[0], border: border, invocation: invocation)
            console.out(NinePatchReport(image: image, source: source, fileName: FileIO.baseName(of: rest[0])).text(format: format))
            return .success
        case "preview":
            guard let output = arguments.value(.output) else { throw UsageError("ninepatch preview needs --output FILE.png\n" + usage) }
            guard rest.count == 1 else { throw UsageError("ninepatch preview takes one file\n" + usage) }
            let (image, _) = try load(rest[0], border: border, invocation: invocation)
            try ImageCodecRegistry.builtIn.write(try NinePatchPreview.render(image), to: output, options: EncodeOptions(format: .png))
            return .success
        default:  // compile, decompile
            guard rest.count == 2 else { throw UsageError("ninepatch \(subcommand) takes an input and an output file\n" + usage) }
            let insets = subcommand == "compile" ? try insetsOption(arguments, border: border) : nil
            let (image, source) =
                try insets.map { (try withInsets($0, path: rest[0], limits: limits), "insets") }
                ?? load(rest[0], border: border, readsFrame: subcommand == "compile", invocation: invocation)
            if subcommand == "compile" && source == "npTc" {
                console.warn("\(rest[0]): already compiled (it carries an npTc chunk); its chunks are written unchanged")
            }
            let output =
                subcommand == "compile"
                ? NinePatchFrame.clearingTransparentColor(image)
                : NinePatchFrame.framed(image, warn: { console.warn("\(rest[1]): \($0)") })
            guard let output else { throw NinePatchSaveError(path: rest[1]) }
            try ImageCodecRegistry.builtIn.write(output, to: rest[1], options: EncodeOptions(format: .png)) { console.warn("\($0)") }
            return .success
        }
    }

    /// `--insets T,L,B,R`: four pixel counts in the range of the ninepatch step's `insets=` (the
    /// image's sides are checked once it is read); never with `--border`.
    private static func insetsOption(_ arguments: ParsedArguments, border: Bool) throws -> NinePatchInsets? {
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
    private static func withInsets(_ insets: NinePatchInsets, path: String, limits: ImageLimits) throws -> Image {
        let bytes = try FileIO.read(path)
        do {
            var image = try ImageCodecRegistry.builtIn.decode(bytes, options: DecodeOptions(limits: limits))
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
    private static func load(_ path: String, border: Bool, readsFrame: Bool = false, invocation: Invocation) throws -> (Image, String) {
        let console = invocation.console
        let limits = invocation.limits
        let bytes = try FileIO.read(path)
        do {
            let decoded = try ImageCodecRegistry.builtIn.decode(bytes, options: DecodeOptions(limits: limits)) { console.warn("\(path): \($0)") }
            let compiled = NinePatchSource.isCompiled(decoded)
            let rule: NinePatchSource = border || (readsFrame && !compiled) ? .border : .auto
            let image = try rule.resolve(decoded, path: path) { console.warn("\(path): \($0)") }
            guard NinePatchSource.isCompiled(image) else {
                throw InputError(
                    "\(path) has no nine-patch information: no npTc chunk, and the name does not end in .9.png (add --border to read its frame, or give --insets T,L,B,R to inspect)"
                )
            }
            // A vector nine-patch's information comes from its regions, computed as it is drawn.
            let vector = ImageCodecRegistry.builtIn.format(sniffing: Array(bytes.prefix(32))) == .svg && compiled
            return (image, vector ? "vector" : compiled ? "npTc" : "border")
        } catch let error as InputError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}
