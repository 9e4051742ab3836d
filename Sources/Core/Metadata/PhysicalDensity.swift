/// Physical pixel density, as PNG `pHYs` stores it.
public struct PhysicalDensity: Sendable, Hashable {
    /// The unit of ``horizontal`` and ``vertical``.
    public enum Unit: UInt8, Sendable, Hashable {
        /// Only the aspect ratio is known.
        case unknown = 0
        /// Pixels per metre.
        case meter = 1
    }

    /// Pixels per unit along x.
    public var horizontal: UInt32
    /// Pixels per unit along y.
    public var vertical: UInt32
    /// The unit.
    public var unit: Unit

    /// Creates a density.
    public init(horizontal: UInt32, vertical: UInt32, unit: Unit) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.unit = unit
    }

    /// A density in dots per inch (stored as pixels per metre, rounded).
    public init(dpi: Double) {
        let perMeter = UInt32((dpi / 0.0254).rounded())
        self.init(horizontal: perMeter, vertical: perMeter, unit: .meter)
    }

    /// Horizontal dots per inch, when the unit is metres.
    public var horizontalDPI: Double? { unit == .meter ? Double(horizontal) * 0.0254 : nil }
}
