extension Transforms {
    /// How an image is fitted into a requested width × height (UIKit's content modes).
    public enum Fit: String, Sendable, Hashable, CaseIterable {
        /// Exactly width × height, ignoring the aspect ratio (scale-to-fill).
        case fill
        /// As large as fits inside width × height, aspect ratio kept (aspect-fit).
        case contain
        /// Covers width × height, aspect ratio kept, the overflow cropped by gravity (aspect-fill).
        case cover
    }
}
