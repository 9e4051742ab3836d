/// A malformed chunk body, reported by a chunk parser before the decoder adds the chunk name and offset.
public struct ChunkFormatError: Error, Sendable, Hashable {
    /// What is wrong, in words.
    public var reason: String

    /// Creates the error.
    public init(_ reason: String) { self.reason = reason }
}
