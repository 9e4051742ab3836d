import NinepipeCore
import Synchronization

/// What a run's drawables resolve their references to, worked out once per tree and appearance
/// (light or night): the tree's values with the theme's colours and dimensions and the colours
/// given over them (`AssetConverter.resources(forDrawableAt:options:night:)`). Each drawable
/// asked it afresh, in each configuration and by each reader: on Wikipedia's tree, a third of a
/// run went to listing and checking its values folders again.
final class ResolvedResources: Sendable {
    private let results = Mutex<[String: Result<VectorDrawable.Resources, any Error>]>([:])

    /// The resources of the drawable at `path` in `night` or light, made by `make` the first
    /// time its tree is asked (its error too: a values file Ninepipe refuses stops every drawable
    /// of the tree the same way).
    func resources(forDrawableAt path: String, night: Bool, make: () throws -> VectorDrawable.Resources) throws -> VectorDrawable.Resources {
        // Only drawables in a drawable or mipmap folder read their tree's values; others (a
        // loose file) are keyed by their own path.
        let key = (AndroidResourceValues.tree(ofDrawableAt: path) ?? path) + (night ? "\u{0}night" : "")
        if let known = results.withLock({ $0[key] }) { return try known.get() }
        let result = Result { try make() }
        results.withLock { $0[key] = result }
        return try result.get()
    }
}
