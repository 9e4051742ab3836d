/// A length a step parameter gives: pixels, or a percentage of a reference side the transform
/// chooses (the image's width for `resize width=50%`). Read with ``Arguments/length(_:)``.
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

    /// The length a validated ``ParameterType/length(_:percent:)`` value gives, or `nil` when it
    /// is absent or not a length.
    public init?(_ value: ParameterValue?) {
        switch value {
        case .percentage(let percent)?: self = .percent(percent)
        case .number(let pixels)?: self = .pixels(pixels)
        case .integer(let pixels)?: self = .pixels(Double(pixels))
        default: return nil
        }
    }
}
