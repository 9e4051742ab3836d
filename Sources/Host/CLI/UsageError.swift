import NinepipeCore

/// A command line that cannot be understood.
struct UsageError: NinepipeError {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}
