import NinepipeCore

extension Transforms {
    /// `sharpen sigma=0.5 amount=1 threshold=0`: an unsharp mask on luma (see ``UnsharpMask``):
    /// colour channels move together, alpha is untouched, differences within `threshold` levels
    /// are left alone. Size, orientation and nine-patch information are unchanged.
    public struct Sharpen: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "sharpen"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Unsharp mask on luma: crisper edges after downscaling, no colour fringes, alpha untouched"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "sigma", .number(0.3...100), default: .number(0.5), positional: true,
                summary: "size of the detail sharpened, in pixels (the blur that gives the local mean)"),
            ParameterSpec("amount", .number(0...20), default: .number(1), summary: "how much of the detail is added (0: none)"),
            ParameterSpec(
                "threshold", .number(0...255), default: .number(0),
                summary: "luma differences up to this many 8-bit levels are left alone (keeps noise and skin smooth)"),
        ]

        /// The filter.
        public var mask: UnsharpMask

        /// Creates the step.
        public init(sigma: Double = 0.5, amount: Double = 1, threshold: Double = 0) {
            mask = UnsharpMask(sigma: sigma, amount: amount, threshold: threshold)
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(
                sigma: arguments["sigma"]?.doubleValue ?? 0.5, amount: arguments["amount"]?.doubleValue ?? 1,
                threshold: arguments["threshold"]?.doubleValue ?? 0)
        }

        /// Returns the sharpened image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try mask.apply(to: image, context: context)
        }
    }
}

extension Transforms.Sharpen: PeakMemoryEstimating {
    /// A blurred copy, the local means and the result: about four images' worth (measured: 3.3
    /// times the input beside it on a 4000×4000 photo).
    public func peakMemory(for image: Image) -> Int { 4 * image.byteCount }
}

extension Transforms.Sharpen: BandTransform {
    /// Streams through windows reaching ⌈3σ⌉ rows past each band (the local mean's reach).
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        guard mask.amount != 0 else { return input }
        return NeighborhoodBandSource(input, header: input.header, margin: GaussianBlur.radius(mask.sigma)) { window in
            try mask.apply(to: window, context: context)
        }
    }
}
