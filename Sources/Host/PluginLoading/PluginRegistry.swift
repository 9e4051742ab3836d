import NinepipeCore
import NinepipePlugins

/// The immutable map from step names to their descriptors, built once from an explicit list: the
/// built-in steps, steps of run-time plugins, and an embedder's own; with the codecs `load` and
/// `save` read and write through.
///
/// ```swift
/// let registry = try PluginRegistry.standard.adding([Sepia.self])
/// let withToy = PluginRegistry.standard(codecs: ImageCodecRegistry.builtIn.adding(ToyCodec()))
/// ```
public struct PluginRegistry: Sendable {
    /// Every step, in listing order: `load`, `save`, then the transforms.
    public let descriptors: [StepDescriptor]
    /// The codecs of its `load` and `save` steps, and of every pipeline compiled with it.
    public let codecs: ImageCodecRegistry
    private let index: [String: Int]

    /// Builds a registry; names must be unique lower-case words. `codecs` should be those the
    /// `load` and `save` descriptors among `descriptors` were made with.
    public init(descriptors: [StepDescriptor], codecs: ImageCodecRegistry = .builtIn) throws(RegistryError) {
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
        self.codecs = codecs
        self.index = index
    }

    /// `load`, `save` and every built-in transform, with the built-in codecs.
    public static let standard: PluginRegistry = standard(codecs: .builtIn)

    /// `load`, `save` and every built-in transform, reading and writing through `codecs`: `save`
    /// takes the `format=` names and parameters of its encoders.
    public static func standard(codecs: ImageCodecRegistry) -> PluginRegistry {
        do {
            return try PluginRegistry(
                descriptors: [
                    LoadStep.descriptor(codecs: codecs), SaveStep.descriptor(codecs: codecs), FrameSelection.frameDescriptor,
                    FrameSelection.framesDescriptor,
                ] + Transforms.all.map(StepDescriptor.init(plugin:)),
                codecs: codecs)
        } catch {
            preconditionFailure("built-in registry is invalid: \(error)")
        }
    }

    /// This registry plus `plugins`; a name already taken is an error.
    public func adding(_ plugins: [any TransformPlugin.Type]) throws(RegistryError) -> PluginRegistry {
        try PluginRegistry(descriptors: descriptors + plugins.map(StepDescriptor.init(plugin:)), codecs: codecs)
    }

    /// The descriptor for `name`.
    public subscript(name: String) -> StepDescriptor? { index[name].map { descriptors[$0] } }

    /// All step names.
    public var names: [String] { descriptors.map(\.name) }
}
