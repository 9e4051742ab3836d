import NinepipeCore

/// Everything the host knows about one step name: its documentation, its parameters,
/// and how to build it from validated arguments.
public struct StepDescriptor: Sendable {
    /// What a step does with the image flowing through the pipeline.
    public enum Role: String, Sendable, Hashable {
        /// Produces an image (`load`).
        case source
        /// Writes the image and passes it on (`save`).
        case sink
        /// Turns an image into another (every plugin).
        case transform
    }

    /// The step name.
    public let name: String
    /// The version of the step's implementation.
    public let version: String
    /// One line of help.
    public let summary: String
    /// The parameters, in help order.
    public let parameters: [ParameterSpec]
    /// Source, sink or transform.
    public let role: Role
    let build: @Sendable (Arguments) throws -> StepAction

    init(
        name: String, version: String, summary: String, parameters: [ParameterSpec], role: Role,
        build: @escaping @Sendable (Arguments) throws -> StepAction
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.parameters = parameters
        self.role = role
        self.build = build
    }

    /// The descriptor of a transform plugin.
    public init(plugin: any TransformPlugin.Type) {
        self.init(
            name: plugin.name, version: plugin.version, summary: plugin.summary, parameters: plugin.parameters,
            role: .transform
        ) { arguments in .transform(try plugin.init(arguments: arguments)) }
    }

    /// The parameter called `name`.
    public func parameter(named name: String) -> ParameterSpec? { parameters.first { $0.name == name } }
}

/// What a compiled step does when run.
enum StepAction: Sendable {
    case load(LoadStep)
    case save(SaveStep)
    case transform(any Transform)
    /// `frame` and `frames`: which frames of an animation flow on.
    case frames(FrameSelection)
}
