/// The declaration of one parameter of a step: name, type, default and a one-line doc.
public struct ParameterSpec: Sendable, Hashable {
    /// The name used in `name=value`.
    public let name: String
    /// What it accepts.
    public let type: ParameterType
    /// The value used when it is omitted; `nil` with ``isRequired`` false means "absent".
    public let defaultValue: ParameterValue?
    /// Whether the step refuses to run without it.
    public let isRequired: Bool
    /// Whether it may be written without its name (at most one per step, the first positional argument).
    public let isPositional: Bool
    /// One line of documentation.
    public var summary: String
    /// The value error messages show after "e.g." when there is no default (default: a
    /// typical value of the type).
    public let example: ParameterValue?

    /// Declares a parameter.
    ///
    /// - Parameters:
    ///   - name: the name in `name=value`.
    ///   - type: what it accepts.
    ///   - defaultValue: used when omitted (default: none).
    ///   - required: the step refuses to run without it (default `false`).
    ///   - positional: may be written without `name=` as the step's first argument (default `false`).
    ///   - summary: one line of documentation.
    ///   - example: shown in error messages when there is no default (default: a typical value).
    public init(
        _ name: String, _ type: ParameterType, default defaultValue: ParameterValue? = nil,
        required: Bool = false, positional: Bool = false, summary: String, example: ParameterValue? = nil
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isRequired = required
        self.isPositional = positional
        self.summary = summary
        self.example = example
    }

    /// What is accepted, with this parameter's default (or example, or a typical value) as the example.
    public var expectation: String { type.expectation(name: name, example: (defaultValue ?? example)?.description) }

    /// Checks `literal` against ``type``; errors use the default (or example) as the example.
    public func value(from literal: ArgumentLiteral) throws(ParameterError) -> ParameterValue {
        try type.value(from: literal, name: name, example: (defaultValue ?? example)?.description)
    }
}
