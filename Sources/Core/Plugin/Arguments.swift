/// The validated arguments of one step: every given value, plus defaults for the rest.
public struct Arguments: Sendable, Hashable {
    /// The values by parameter name.
    public private(set) var values: [String: ParameterValue]

    /// Creates arguments from values.
    public init(_ values: [String: ParameterValue] = [:]) { self.values = values }

    /// The value of `name`, or `nil` when absent.
    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The integer value of `name`; throws when it is absent or not an integer.
    public func integer(_ name: String) throws(ParameterError) -> Int {
        guard let value = values[name]?.intValue else { throw missing(name, "an integer") }
        return value
    }

    /// The numeric value of `name`; throws when it is absent or not a number.
    public func number(_ name: String) throws(ParameterError) -> Double {
        guard let value = values[name]?.doubleValue else { throw missing(name, "a number") }
        return value
    }

    /// The length value of `name` (pixels, or a percentage of a side the step chooses); throws
    /// when it is absent or not a length.
    public func length(_ name: String) throws(ParameterError) -> Length {
        guard let value = Length(values[name]) else { throw missing(name, "a length in pixels or percent") }
        return value
    }

    /// The text value of `name` (string, path or choice); throws when absent.
    public func string(_ name: String) throws(ParameterError) -> String {
        guard let value = values[name]?.stringValue else { throw missing(name, "a string") }
        return value
    }

    /// The boolean value of `name`; throws when absent.
    public func boolean(_ name: String) throws(ParameterError) -> Bool {
        guard case .boolean(let value) = values[name] else { throw missing(name, "true or false") }
        return value
    }

    /// The colour value of `name`; throws when absent.
    public func color(_ name: String) throws(ParameterError) -> Color {
        guard case .color(let value) = values[name] else { throw missing(name, "a colour") }
        return value
    }

    private func missing(_ name: String, _ expected: String) -> ParameterError {
        ParameterError(name: name, value: values[name]?.description ?? "", expected: expected)
    }
}
