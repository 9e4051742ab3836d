import NinepipeCore
import Synchronization

/// What a run's drawables resolve their references to, worked out once per tree and
/// configuration (light or dark, a direction, a locale): the tree's values with the theme's colours and dimensions and the colours
/// given over them (`AssetConverter.resources(forDrawableAt:options:configuration:)`). Each drawable
/// asked it afresh, in each configuration and by each reader: on Wikipedia's tree, a third of a
/// run went to listing and checking its values folders again.
final class ResolvedResources: Sendable {
    /// One tree and configuration's resources: made by the first worker that asks while the
    /// others wait for it, never made twice.
    private final class Slot: Sendable {
        let result = Mutex<Result<VectorDrawable.Resources, any Error>?>(nil)
    }
    private let slots = Mutex<[String: Slot]>([:])

    /// How many times resources were made (what tests count).
    var made: Int { makings.withLock { $0 } }
    private let makings = Mutex(0)

    /// The resources of the drawable at `path` in `configuration`, made by `make` the first
    /// time its tree is asked (its error too: a values file Ninepipe refuses stops every drawable
    /// of the tree the same way).
    func resources(forDrawableAt path: String, configuration: AssetConfiguration, make: () throws -> VectorDrawable.Resources) throws
        -> VectorDrawable.Resources
    {
        // Only drawables in a drawable or mipmap folder read their tree's values; others (a
        // loose file) are keyed by their own path.
        let key = (AndroidResourceValues.tree(ofDrawableAt: path) ?? path) + "\u{0}" + configuration.description
        let slot = slots.withLock { slots in
            if let known = slots[key] { return known }
            let made = Slot()
            slots[key] = made
            return made
        }
        return try slot.result.withLock { result in
            if let result { return result }
            makings.withLock { $0 += 1 }
            let fresh = Result { try make() }
            result = fresh
            return fresh
        }.get()
    }
}
