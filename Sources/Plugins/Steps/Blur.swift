import NinepipeCore

extension Transforms {
    /// `blur sigma=4`: a Gaussian blur (see ``GaussianBlur``): separable, on premultiplied
    /// alpha, edges repeated, depth kept; exact kernel up to σ = 30, decimated above (within one
    /// level). Size, orientation and nine-patch information are unchanged.
    public struct Blur: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "blur"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Gaussian blur for backgrounds and privacy: exact kernel up to sigma 30, premultiplied alpha, edges repeated"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "sigma", .number(0.3...1000), required: true, positional: true,
                summary: "standard deviation in pixels (the kernel reaches 3 sigma)")
        ]

        /// The blur.
        public var blur: GaussianBlur

        /// Creates the step.
        ///
        /// - Precondition: `sigma > 0`.
        public init(sigma: Double) {
            blur = GaussianBlur(sigma: sigma)
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(sigma: arguments["sigma"]?.doubleValue ?? 1)
        }

        /// Returns the blurred image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try blur.apply(to: image, context: context)
        }
    }
}

extension Transforms.Blur: PeakMemoryEstimating {
    /// The result, and above ``GaussianBlur/exactLimit`` the decimated copies it passes
    /// through: up to three images' worth (measured: 2.6 times the input at σ = 40).
    public func peakMemory(for image: Image) -> Int { (blur.sigma > GaussianBlur.exactLimit ? 3 : 1) * image.byteCount }
}

extension Transforms.Blur: BandTransform {
    /// Streams: the exact kernel through a ring of `2⌈3σ⌉ + 1` rows, a decimated blur through
    /// three chained streamed resamplings.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try blur.bands(from: input, context: context)
    }
}
