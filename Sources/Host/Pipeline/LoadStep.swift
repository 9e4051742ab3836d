import NinepipeCore

/// `load "PATH" [orient=auto|keep]`: reads and decodes an image file.
///
/// With `orient=auto` (the default) the EXIF orientation is applied, so pixels come out
/// upright and the tag is 1; `orient=keep` keeps the stored pixels and the tag.
struct LoadStep: Sendable, Hashable {
    var path: String
    var keepsOrientation: Bool
    /// JPEG DCT downscaling denominator (1, 2, 4 or 8); PNG ignores it.
    var shrink: Int

    static let descriptor = StepDescriptor(
        name: "load", version: "1.0.0",
        summary: "Read a PNG or JPEG file; applies its EXIF orientation unless orient=keep",
        parameters: [
            ParameterSpec("path", .path, required: true, positional: true, summary: "the file to read"),
            ParameterSpec("orient", .choice(["auto", "keep"]), default: .choice("auto"),
                          summary: "auto: turn pixels upright and reset the tag; keep: leave pixels and tag as stored"),
            ParameterSpec("shrink", .choice(["1", "2", "4", "8"]), default: .choice("1"),
                          summary: "JPEG only: decode at 1/N size with libjpeg's DCT scaling (fast, sides rounded up); PNG ignores it"),
        ],
        role: .source
    ) { arguments in
        .load(LoadStep(path: try arguments.string("path"), keepsOrientation: try arguments.string("orient") == "keep",
                       shrink: Int(try arguments.string("shrink")) ?? 1))
    }

    func run(_ context: RunContext) throws -> Image {
        let resolved = try context.policy.resolve(path, forWriting: false)
        let bytes = try FileIO.read(resolved)
        do {
            var image = try ImageCodecs.decode(bytes, options: DecodeOptions(limits: context.limits, jpegScaleDenominator: shrink)) { context.warn("\(path): \($0)") }
            if !keepsOrientation { image = image.uprighted() }
            return image
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}
