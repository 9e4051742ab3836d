import Foundation

/// What a test needs from the machine beyond the build (a tool such as `chromium` or `aapt`,
/// Pillow, a library the build found), checked in a test's `.enabled(if:)` trait so that a
/// missing one is a skip the runner reports, with the reason, never a pass that tested nothing.
///
/// With `NINEPIPE_NO_SKIPS=1` (as `.ci/run` sets, having installed every tool) nothing is
/// skipped: the test runs and fails on what is missing, since a skip there is a check lost.
public enum Requirement {
    /// The environment variable that turns skips into failures.
    public static let noSkipsVariable = "NINEPIPE_NO_SKIPS"

    /// Whether a test may be skipped for what the machine lacks.
    public static let skipsAllowed = ProcessInfo.processInfo.environment[noSkipsVariable] != "1"

    /// `condition`, or `true` when skips are not allowed (the test then fails on what is missing).
    public static func met(_ condition: Bool) -> Bool { condition || !skipsAllowed }

    /// `value`, or `nil` when it is missing and skips are allowed (the test then cancels itself,
    /// `try Test.cancel(reason)`, which the runner reports); when skips are not allowed, a
    /// missing value throws ``Missing`` with `missing`, failing the test.
    public static func found<Value>(_ value: Value?, _ missing: @autoclosure () -> String) throws -> Value? {
        if value == nil && !skipsAllowed { throw Missing(missing() + " (skips are not allowed: \(noSkipsVariable)=1)") }
        return value
    }

    /// The first of the tools `names` found (``ChildProcess/tool(in:)``), as ``found(_:_:)`` gives it.
    public static func tool(_ names: String...) throws -> String? {
        try found(ChildProcess.tool(in: names), "none of \(names.joined(separator: ", ")) is installed")
    }

    /// The `ninepipe` executable built with the tests: `swift test` builds it with every other
    /// product, so a missing one is a failure, not a skip.
    public static func executable() throws -> String {
        let path = Repository.builtExecutable.path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing("\(path) is not built: run swift build (swift test builds it too)") }
        return path
    }

    /// A requirement found missing inside a test that runs anyway (skips not allowed).
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to get it.
        public var description: String
        /// Creates the error.
        public init(_ description: String) { self.description = description }
    }
}
