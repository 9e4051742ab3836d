import NinepipeCore
import NinepipeHost

/// A command line that cannot be understood.
public struct UsageError: NinepipeError {
    /// What is wrong and what to do instead.
    public var message: String
    /// The message.
    public var description: String { message }
    /// Creates the error.
    public init(_ message: String) { self.message = message }
}
