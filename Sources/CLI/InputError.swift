import NinepipeCore
import NinepipeHost

/// An input the command line was given that cannot be used as asked: a plain image given to a
/// nine-patch command, say (exit 1, like a file that cannot be read).
public struct InputError: NinepipeError {
    /// What is wrong and what to do instead.
    public var message: String
    /// The message.
    public var description: String { message }
    /// Creates the error.
    public init(_ message: String) { self.message = message }
}
