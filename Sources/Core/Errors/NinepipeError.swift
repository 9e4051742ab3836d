/// The protocol behind every error Ninepipe throws: a message a user can act on.
///
/// Each stage has its own type (each codec its own, in its folder under `Codecs/`; ``LimitError``,
/// ``ParameterError``, ``FileError``); `description` is the human message.
public protocol NinepipeError: Error, Sendable, CustomStringConvertible {}

/// A malformed chunk body, reported by a chunk parser before the decoder adds the chunk name and offset.
public struct ChunkFormatError: Error, Sendable, Hashable {
    /// What is wrong, in words.
    public var reason: String

    /// Creates the error.
    public init(_ reason: String) { self.reason = reason }
}
