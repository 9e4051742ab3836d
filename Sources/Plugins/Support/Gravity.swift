import NinepipeCore

extension Transforms {
    /// Where something sits inside a larger area: a crop window, a letterboxed image, a tile pattern.
    public enum Gravity: String, Sendable, Hashable, CaseIterable {
        /// Centred on both axes.
        case center
        /// Top edge, centred horizontally.
        case north
        /// Bottom edge, centred horizontally.
        case south
        /// Right edge, centred vertically.
        case east
        /// Left edge, centred vertically.
        case west
        /// Top-right corner.
        case northeast
        /// Top-left corner.
        case northwest
        /// Bottom-right corner.
        case southeast
        /// Bottom-left corner.
        case southwest

        /// Where the thing sits on each axis: 0 = start, 0.5 = middle, 1 = end.
        public var alignment: (x: Double, y: Double) {
            switch self {
            case .center: (0.5, 0.5)
            case .north: (0.5, 0)
            case .south: (0.5, 1)
            case .east: (1, 0.5)
            case .west: (0, 0.5)
            case .northeast: (1, 0)
            case .northwest: (0, 0)
            case .southeast: (1, 1)
            case .southwest: (0, 1)
            }
        }

        /// The whole-pixel offset of something `inner` long inside something `outer` long on one axis,
        /// rounded down (negative when `inner` is longer).
        public func offset(inner: Int, outer: Int, vertical: Bool) -> Int {
            let fraction = vertical ? alignment.y : alignment.x
            return Int((Double(outer - inner) * fraction).rounded(.down))
        }

        /// The gravity as a parameter type for plugins: the nine names.
        public static let parameterType = ParameterType.choice(allCases.map(\.rawValue))

        /// The gravity named by `value`, or `nil`.
        init?(_ value: ParameterValue?) {
            guard let name = value?.stringValue, let gravity = Gravity(rawValue: name) else { return nil }
            self = gravity
        }
    }
}
