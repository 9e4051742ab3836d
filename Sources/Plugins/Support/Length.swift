import NinepipeCore

extension Transforms {
    /// A length in pixels or as a percentage of a reference side the transform chooses.
    public enum Length: Sendable, Hashable {
        /// Pixels.
        case pixels(Double)
        /// Percent of the reference side (50 = half).
        case percent(Double)

        /// The length in pixels when the reference side is `side` pixels.
        public func resolved(against side: Int) -> Double {
            switch self {
            case .pixels(let value): value
            case .percent(let value): value / 100 * Double(side)
            }
        }

        /// The length given by a validated `.length` parameter value, or `nil` when absent.
        init?(_ value: ParameterValue?) {
            switch value {
            case .percentage(let percent)?: self = .percent(percent)
            case let value? where value.doubleValue != nil: self = .pixels(value.doubleValue ?? 0)
            default: return nil
            }
        }
    }
}
