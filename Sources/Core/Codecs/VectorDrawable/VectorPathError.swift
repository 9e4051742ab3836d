/// Why a `pathData` could not be read.
struct VectorPathError: Error, Hashable {
    /// The character (UTF-8 offset) where it went wrong.
    var offset: Int
    /// What is wrong.
    var reason: String
    /// Whether it is the command limit that was passed (not bad data).
    var isOverLimit = false
}
