/// The protocol behind every error Ninepipe throws: a message a user can act on.
///
/// Each stage has its own type (each codec its own, in its folder under `Codecs/`; ``LimitError``,
/// ``ParameterError``, ``FileError``); `description` is the human message.
public protocol NinepipeError: Error, Sendable, CustomStringConvertible {}
