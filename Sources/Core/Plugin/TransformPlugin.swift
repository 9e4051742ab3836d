/// A ``Transform`` that a pipeline can name: a *step*, declaring its step name, version and
/// parameters, built from validated ``Arguments``. (Of the three things called "plugin", this is
/// the step: built in, in a run-time plugin library, or added to a registry by an embedder.)
///
/// The host uses the declaration for DSL parsing and validation, `ninepipe plugins`
/// help, "did you mean …?" suggestions and canonical printing. See Plugins.md.
public protocol TransformPlugin: Transform {
    /// The step name in pipelines, lower case (e.g. `resize`).
    static var name: String { get }
    /// The plugin's version (e.g. `1.0.0`).
    static var version: String { get }
    /// One line describing what the step does.
    static var summary: String { get }
    /// The parameters, in the order help lists them.
    static var parameters: [ParameterSpec] { get }

    /// Builds the transform from arguments already checked against ``parameters``
    /// (defaults filled in). Throw ``ParameterError`` for constraints between parameters.
    init(arguments: Arguments) throws
}
