import NinepipeCore
import NinepipePlugins

/// `ninepipe ninepatch inspect|compile|decompile …`: the tools around nine-patch files.
struct NinePatchCommand {
    let console: Console
    let limits: ImageLimits

    /// Runs `subcommand` (inspect, compile, decompile, preview) with its parsed arguments.
    func run(_ subcommand: String, _ arguments: ParsedArguments) throws -> ExitCode {
        let border = arguments.has("border")
        let rest = arguments.operands
        let usage = HelpText.help(for: ["ninepatch", subcommand]) ?? ""
        switch subcommand {
        case "inspect":
            let format = arguments.value("format") ?? "json"
            var insets: [Int32]?
            if let text = arguments.value("insets") {
                // The range of the ninepatch step's insets= (the image's side is checked once it is read).
                let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int32(String($0)) ?? -1 }
                guard values.count == 4, values.allSatisfy({ (0...65_535).contains($0) }) else {
                    throw UsageError("--insets '\(text)': give four pixel counts top,left,bottom,right, each from 0 to 65535, e.g. --insets 12,16,12,16")
                }
                if border { throw UsageError("--insets and --border both say where the regions are: give one") }
                insets = values
            }
            guard rest.count == 1 else { throw UsageError("ninepatch inspect takes one file\n" + usage) }
            var (image, source): (Image, String)
            if let insets {
                image = try ImageCodecs.decode(try FileIO.read(rest[0]), options: DecodeOptions(limits: limits))
                let caps = NinePatchInsets(left: insets[1], right: insets[3], top: insets[0], bottom: insets[2])
                let step = Transforms.NinePatchStretch(width: nil, height: nil, insets: caps)
                do {
                    image.metadata.ninePatch = NinePatchInfo(chunk: try step.chunk(for: image))
                } catch {
                    throw FileError.inFile(path: rest[0], underlying: error)
                }
                source = "insets"
            } else {
                (image, source) = try load(rest[0], border: border)
            }
            console.out(NinePatchReport(image: image, source: source, fileName: FileIO.baseName(of: rest[0])).text(format: format))
            return .success
        case "preview":
            guard let output = arguments.value("output") else { throw UsageError("ninepatch preview needs --output FILE.png\n" + usage) }
            guard rest.count == 1 else { throw UsageError("ninepatch preview takes one file\n" + usage) }
            let (image, _) = try load(rest[0], border: border)
            try ImageCodecs.write(try NinePatchPreview.render(image), to: output, options: EncodeOptions(format: .png))
            return .success
        default:  // compile, decompile
            guard rest.count == 2 else { throw UsageError("ninepatch \(subcommand) takes an input and an output file\n" + usage) }
            let (image, source) = try load(rest[0], border: border, readsFrame: subcommand == "compile")
            if subcommand == "compile" && source == "npTc" {
                console.err("warning: \(rest[0]): already compiled (it carries an npTc chunk); its chunks are written unchanged")
            }
            let output =
                subcommand == "compile"
                ? NinePatchFrame.clearingTransparentColor(image)
                : NinePatchFrame.framed(image, warn: { console.err("warning: \(rest[1]): \($0)") })
            guard let output else { throw NinePatchSaveError(path: rest[1]) }
            try ImageCodecs.write(output, to: rest[1], options: EncodeOptions(format: .png)) { console.err("warning: \($0)") }
            return .success
        }
    }

    /// The image with its nine-patch information, and where that came from (`npTc` or `border`).
    ///
    /// A compiled file (one with an `npTc` chunk) is read from its chunk whatever its name;
    /// `--border` on one is an error. `readsFrame` (compile) reads the frame of a file with no
    /// chunk whatever its name.
    private func load(_ path: String, border: Bool, readsFrame: Bool = false) throws -> (Image, String) {
        let bytes = try FileIO.read(path)
        do {
            let decoded = try ImageCodecs.decode(bytes, options: DecodeOptions(limits: limits)) { console.err("warning: \(path): \($0)") }
            let compiled = NinePatchSource.isCompiled(decoded)
            let rule: NinePatchSource = border || (readsFrame && !compiled) ? .border : .auto
            let image = try rule.resolve(decoded, path: path) { console.err("warning: \(path): \($0)") }
            guard NinePatchSource.isCompiled(image) else {
                throw UsageError("\(path) has no nine-patch information: no npTc chunk, and the name does not end in .9.png (add --border to read its frame)")
            }
            return (image, compiled ? "npTc" : "border")
        } catch let error as UsageError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}
