/// A transform parameter that is missing, of the wrong type, or out of range.
public struct ParameterError: NinepipeError, Hashable {
    /// The parameter's name.
    public var name: String
    /// The value given, as written (empty when missing).
    public var value: String
    /// What is accepted, e.g. `an integer in 1...16384, e.g. width=320`.
    public var expected: String

    /// Creates the error.
    public init(name: String, value: String, expected: String) {
        self.name = name
        self.value = value
        self.expected = expected
    }

    /// The message.
    public var description: String {
        value.isEmpty
            ? "missing parameter '\(name)': expected \(expected)"
            : "invalid value \(value) for '\(name)': expected \(expected)"
    }
}
