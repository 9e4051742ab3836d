import NinepipeCore

/// A validated, immutable pipeline: compile once, run many times, from any thread.
///
/// Its ``description`` is the canonical text (one spelling per name, defaults
/// omitted, fixed number formatting); compiling the canonical text gives an equal
/// pipeline. Two pipelines are equal when their steps have the same names and the same
/// typed argument values. ``cacheKey`` adds each step's plugin version, so a cached result
/// is not reused after a plugin changes what it computes.
public struct Pipeline: Sendable, Hashable, CustomStringConvertible {
    /// The steps in order.
    public let steps: [PipelineStep]
    /// The codecs its `load` and `save` steps read and write through: those of the registry it
    /// was compiled with (not part of equality).
    public let codecs: ImageCodecRegistry

    init(steps: [PipelineStep], codecs: ImageCodecRegistry) {
        self.steps = steps
        self.codecs = codecs
    }

    /// Equal when the steps are.
    public static func == (lhs: Pipeline, rhs: Pipeline) -> Bool { lhs.steps == rhs.steps }

    /// Hashes the steps.
    public func hash(into hasher: inout Hasher) { hasher.combine(steps) }

    /// The canonical text: steps joined by ` | `.
    public var description: String { steps.map(\.description).joined(separator: " | ") }

    /// A key for caching results: the canonical text, then each step's `name@version`
    /// (`resize width=320 | save "a.png" #resize@1.0.0,save@1.0.0`).
    public var cacheKey: String {
        description + " #" + steps.map { "\($0.name)@\($0.version)" }.joined(separator: ",")
    }

    /// Whether the pipeline reads a file itself (starts with `load`).
    public var hasSource: Bool { steps.first?.role == .source }
}

/// One validated step: its name, arguments and what it does.
public struct PipelineStep: Sendable, Hashable, CustomStringConvertible {
    /// The step name.
    public let name: String
    /// The arguments given (defaults filled in).
    public let arguments: Arguments
    /// The version of the plugin that made the step (part of ``Pipeline/cacheKey``).
    public let version: String
    /// Where the step was written (not part of equality).
    public let location: SourceLocation?
    /// Source, sink or transform.
    public let role: StepDescriptor.Role
    let parameters: [ParameterSpec]
    let action: StepAction

    /// The file a `load` step names; `nil` for other steps and for a `load` without a path
    /// (a batch pipeline's, whose inputs come from outside).
    public var loadPath: String? {
        if case .load(let load) = action { load.path } else { nil }
    }

    /// The transform this step runs; `nil` for `load` and `save`.
    public var transform: (any Transform)? {
        if case .transform(let transform) = action { transform } else { nil }
    }

    /// The canonical text: `name`, the positional value, then `name=value` in declaration order, defaults left out.
    public var description: String {
        var parts = [name]
        for spec in parameters {
            guard let value = arguments[spec.name], value != spec.defaultValue else { continue }
            parts.append(spec.isPositional ? value.description : "\(spec.name)=\(value)")
        }
        return parts.joined(separator: " ")
    }

    /// Equal when the names and the typed argument values are (where it was written and the
    /// plugin version do not count): a printer that dropped an argument makes the reprinted
    /// pipeline unequal.
    public static func == (lhs: PipelineStep, rhs: PipelineStep) -> Bool { lhs.name == rhs.name && lhs.arguments == rhs.arguments }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(arguments)
    }
}
