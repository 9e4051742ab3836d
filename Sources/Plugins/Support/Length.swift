import NinepipeCore

extension Transforms {
    /// A length in pixels or as a percentage of a reference side the transform chooses (Core's
    /// `Length`, named here too for the steps that take one).
    public typealias Length = NinepipeCore.Length
}
