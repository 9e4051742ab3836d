import NinepipeCore
import NinepipePlugins

/// `ninepipe ninepatch inspect|compile|decompile …`: the tools around nine-patch files.
struct NinePatchCommand {
    let console: Console
    let limits: ImageLimits

    static let usage = """
    ninepipe ninepatch inspect FILE [--format json|ios|css|android] [--border | --insets T,L,B,R]
    ninepipe ninepatch compile SRC.9.png OUT.png        what aapt singleCrunch does
    ninepipe ninepatch decompile COMPILED.png OUT.9.png  restore the frame from the chunks
    ninepipe ninepatch preview FILE --output preview.png  several sizes side by side, regions outlined
    """

    func run(_ arguments: [String]) throws -> ExitCode {
        guard let subcommand = arguments.first else { throw UsageError("ninepatch needs a subcommand:\n" + Self.usage) }
        var rest = Array(arguments.dropFirst())
        let border = rest.contains("--border")
        rest.removeAll { $0 == "--border" }
        switch subcommand {
        case "inspect":
            var format = "json"
            if let index = rest.firstIndex(of: "--format") {
                guard index + 1 < rest.count else { throw UsageError("--format needs json, ios, css or android") }
                format = rest[index + 1]
                rest.removeSubrange(index...(index + 1))
            }
            guard ["json", "ios", "css", "android"].contains(format) else {
                throw UsageError("unknown --format '\(format)'\(Suggestions.hint(for: format, in: ["json", "ios", "css", "android"])); use json, ios, css or android")
            }
            var insets: [Int]?
            if let index = rest.firstIndex(of: "--insets") {
                let values = index + 1 < rest.count ? rest[index + 1].split(separator: ",").compactMap { Int($0) } : []
                guard values.count == 4, values.allSatisfy({ $0 >= 0 }) else {
                    throw UsageError("--insets needs four non-negative pixel counts top,left,bottom,right, e.g. --insets 12,16,12,16")
                }
                insets = values
                rest.removeSubrange(index...(index + 1))
            }
            guard rest.count == 1 else { throw UsageError("ninepatch inspect takes one file:\n" + Self.usage) }
            var (image, source): (Image, String)
            if let insets {
                image = try ImageCodecs.decode(try FileIO.read(rest[0]), options: DecodeOptions(limits: limits))
                let caps = NinePatchInsets(left: Int32(insets[1]), right: Int32(insets[3]), top: Int32(insets[0]), bottom: Int32(insets[2]))
                let step = Transforms.NinePatchStretch(width: nil, height: nil, insets: caps)
                image.metadata.ninePatch = NinePatchInfo(chunk: try step.chunk(for: image))
                source = "insets"
            } else {
                (image, source) = try load(rest[0], border: border)
            }
            console.out(NinePatchReport(image: image, source: source, fileName: String(rest[0].split(separator: "/").last ?? Substring(rest[0]))).text(format: format))
            return .success
        case "preview":
            guard let index = rest.firstIndex(of: "--output"), index + 1 < rest.count else {
                throw UsageError("ninepatch preview needs --output FILE.png:\n" + Self.usage)
            }
            let output = rest[index + 1]
            rest.removeSubrange(index...(index + 1))
            guard rest.count == 1 else { throw UsageError("ninepatch preview takes one file:\n" + Self.usage) }
            let (image, _) = try load(rest[0], border: border)
            try ImageCodecs.write(try NinePatchPreview.render(image), to: output, options: EncodeOptions(format: .png))
            return .success
        case "compile", "decompile":
            guard rest.count == 2 else { throw UsageError("ninepatch \(subcommand) takes an input and an output file:\n" + Self.usage) }
            let (image, source) = try load(rest[0], border: border, readsFrame: subcommand == "compile")
            if subcommand == "compile" && source == "npTc" {
                console.err("warning: \(rest[0]): already compiled (it carries an npTc chunk); its chunks are written unchanged")
            }
            let output = subcommand == "compile" ? NinePatchFrame.clearingTransparentColor(image)
                : NinePatchFrame.framed(image, warn: { console.err("warning: \(rest[1]): \($0)") })
            guard let output else { throw NinePatchSaveError(path: rest[1]) }
            try ImageCodecs.write(output, to: rest[1], options: EncodeOptions(format: .png)) { console.err("warning: \($0)") }
            return .success
        default:
            throw UsageError("unknown ninepatch subcommand '\(subcommand)'\(Suggestions.hint(for: subcommand, in: ["inspect", "compile", "decompile", "preview"]))\n" + Self.usage)
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
