import NinepipeCore

/// A finding about a pipeline text: an error or warning with where it is.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable, Hashable {
        /// The pipeline cannot run.
        case error
        /// The pipeline runs, but probably not as meant.
        case warning
        /// Extra context for the previous diagnostic.
        case note
    }

    /// Error, warning or note.
    public var severity: Severity
    /// The message, e.g. `unknown step 'laod'; did you mean 'load'?`.
    public var message: String
    /// The text it is about.
    public var range: SourceRange

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, range: SourceRange) {
        self.severity = severity
        self.message = message
        self.range = range
    }

    /// `line:column: severity: message`.
    public var description: String { "\(range.start): \(severity.rawValue): \(message)" }
}
