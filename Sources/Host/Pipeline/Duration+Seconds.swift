extension Duration {
    /// The duration in seconds, as a floating-point number (for rates and printed timings).
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
