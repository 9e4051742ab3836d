import NinepipeCore

/// A validated, immutable pipeline: compile once, run many times, from any thread.
///
/// Its ``description`` is the canonical text (one spelling per name, defaults
/// omitted, fixed number formatting), usable as a cache key; compiling the
/// canonical text gives an equal pipeline.
public struct Pipeline: Sendable, Hashable, CustomStringConvertible {
    /// The steps in order.
    public let steps: [PipelineStep]

    /// The canonical text: steps joined by ` | `.
    public var description: String { steps.map(\.description).joined(separator: " | ") }

    /// Whether the pipeline reads a file itself (starts with `load`).
    public var hasSource: Bool { steps.first?.role == .source }
}

/// One validated step: its name, arguments and what it does.
public struct PipelineStep: Sendable, Hashable, CustomStringConvertible {
    /// The step name.
    public let name: String
    /// The arguments given (defaults filled in).
    public let arguments: Arguments
    /// Where the step was written (not part of equality).
    public let location: SourceLocation?
    /// Source, sink or transform.
    public let role: StepDescriptor.Role
    let parameters: [ParameterSpec]
    let action: StepAction

    /// The canonical text: `name`, the positional value, then `name=value` in declaration order, defaults left out.
    public var description: String {
        var parts = [name]
        for spec in parameters {
            guard let value = arguments[spec.name], value != spec.defaultValue else { continue }
            parts.append(spec.isPositional ? value.description : "\(spec.name)=\(value)")
        }
        return parts.joined(separator: " ")
    }

    public static func == (lhs: PipelineStep, rhs: PipelineStep) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
