import NinepipeCore
import NinepipePlugins

/// The immutable map from step names to their descriptors, built once from an explicit list: the
/// built-in steps, steps of run-time plugins, and an embedder's own.
///
/// ```swift
/// let registry = try PluginRegistry.standard.adding([Sepia.self])
/// ```
public struct PluginRegistry: Sendable {
    /// Every step, in listing order: `load`, `save`, then the transforms.
    public let descriptors: [StepDescriptor]
    private let index: [String: Int]

    /// Builds a registry; names must be unique lower-case words.
    public init(descriptors: [StepDescriptor]) throws(RegistryError) {
        var index: [String: Int] = [:]
        for (position, descriptor) in descriptors.enumerated() {
            let name = descriptor.name
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_" }),
                name.first.map({ $0.isLetter }) == true
            else {
                throw .invalidName(name)
            }
            if name == ScriptParameters.keyword { throw .reservedName(name) }
            if index[name] != nil { throw .duplicateName(name) }
            index[name] = position
        }
        self.descriptors = descriptors
        self.index = index
    }

    /// `load`, `save` and every built-in transform, built on first use (with the codecs
    /// registered by then).
    public static let standard: PluginRegistry = makeStandard()

    /// `load`, `save` and every built-in transform, with `save` taking the parameters of every
    /// codec registered now (`ImageCodecs`): build it after registering a codec of your own.
    public static func makeStandard() -> PluginRegistry {
        do {
            return try PluginRegistry(
                descriptors: [LoadStep.descriptor, SaveStep.descriptor, FrameSelection.frameDescriptor, FrameSelection.framesDescriptor]
                    + Transforms.all.map(StepDescriptor.init(plugin:)))
        } catch {
            preconditionFailure("built-in registry is invalid: \(error)")
        }
    }

    /// This registry plus `plugins`; a name already taken is an error.
    public func adding(_ plugins: [any TransformPlugin.Type]) throws(RegistryError) -> PluginRegistry {
        try PluginRegistry(descriptors: descriptors + plugins.map(StepDescriptor.init(plugin:)))
    }

    /// The descriptor for `name`.
    public subscript(name: String) -> StepDescriptor? { index[name].map { descriptors[$0] } }

    /// All step names.
    public var names: [String] { descriptors.map(\.name) }
}
