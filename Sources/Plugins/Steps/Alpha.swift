import NinepipeCore

extension Transforms {
    /// `alpha`: adds or removes the alpha channel.
    ///
    /// - `alpha add`: every pixel opaque, channel added (the classic `imageWithAlpha`); a PNG
    ///   written from it keeps the channel, though every pixel is opaque.
    /// - `alpha remove background=#ffffff`: composites onto an opaque colour and drops the channel
    ///   (at the image's depth; a gray image on a coloured background becomes RGB).
    public struct Alpha: TransformPlugin, Hashable {
        /// What to do with the alpha channel.
        public enum Action: String, Sendable, Hashable, CaseIterable {
            /// Add an opaque alpha channel (no change when there is one).
            case add
            /// Flatten onto the background and drop the channel.
            case remove
        }

        /// The step name.
        public static let name = "alpha"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Add an opaque alpha channel, or remove it by compositing onto a background colour"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "action", .choice(Action.allCases.map(\.rawValue)), required: true, positional: true,
                summary: "add or remove"),
            ParameterSpec("background", .color, summary: "remove only: the opaque colour to composite onto (default #ffffff)"),
        ]

        /// What to do.
        public var action: Action
        /// The colour `remove` composites onto.
        public var background: Color

        /// Creates the step.
        public init(_ action: Action, background: Color = .white) {
            self.action = action
            self.background = background
        }

        /// Builds the step from validated arguments; `background` only with `remove`, and opaque.
        public init(arguments: Arguments) throws {
            let action = Action(rawValue: arguments["action"]?.stringValue ?? "") ?? .add
            var background = Color.white
            if case .color(let color)? = arguments["background"] {
                guard action == .remove else {
                    throw ParameterError(name: "background", value: color.description, expected: "background= only with alpha remove")
                }
                guard color.alpha == 255 else {
                    throw ParameterError(
                        name: "background", value: color.description,
                        expected: "an opaque colour (alpha ff): the result has no alpha channel, e.g. background=#ffffff")
                }
                background = color
            }
            self.init(action, background: background)
        }

        /// Returns the image with alpha added or removed.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            var result =
                switch action {
                case .add: image.converted(to: image.layout.withAlpha)
                case .remove: image.flattened(onto: background)
                }
            // Asked for: written even where every pixel is opaque (PNG would leave it out).
            result.metadata.hints.keepsAlphaChannel = action == .add
            return result
        }
    }
}

extension Transforms.Alpha: BandTransform {
    /// Streams the change: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
