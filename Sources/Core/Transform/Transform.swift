/// An image transformation: the one protocol every plugin implements.
///
/// A transform is a value (`Sendable`, usually a struct of its parameters) that
/// turns an ``Image`` into a new image or throws. It must not depend on hidden
/// state: the same input and parameters give the same output, from any thread.
///
/// ```swift
/// struct Invert: Transform {
///     func apply(to image: Image, context: TransformContext) throws -> Image { … }
/// }
/// ```
public protocol Transform: Sendable {
    /// Returns the transformed image.
    ///
    /// - Parameters:
    ///   - image: the input; never mutated (it is a value).
    ///   - context: warnings, limits and cancellation for this run.
    func apply(to image: Image, context: TransformContext) throws -> Image
}

extension Transform {
    /// Applies the transform with a default context (default limits, warnings discarded).
    public func apply(to image: Image) throws -> Image {
        try apply(to: image, context: TransformContext())
    }
}
