extension PipelineCompiler {
    /// How the host's users supply what a pipeline leaves open, for the compiler's messages.
    ///
    /// A pipeline can leave values to its host (`$size`, a `save` without a path in a batch); the
    /// diagnostics then tell the user how to give them, in the host's terms. The default speaks
    /// of the API (``PipelineCompiler/variables``, the batch's output template); the `ninepipe`
    /// command line names its own options.
    public struct Wording: Sendable {
        /// How a user sets the variable `name` to `value` (`nil`: a placeholder for any value).
        public var setting: @Sendable (_ name: String, _ value: String?) -> String
        /// What the batch's output destination is called.
        public var batchOutput: String
        /// Said after an unknown step that looks like no step of the registry: where steps from
        /// plugin libraries come from (`nil`: nothing).
        public var unknownStep: String?

        /// Creates a wording.
        public init(setting: @escaping @Sendable (_ name: String, _ value: String?) -> String, batchOutput: String) {
            self.setting = setting
            self.batchOutput = batchOutput
        }

        /// The API's terms: `variables["size"] = "VALUE"` and "the batch's output template".
        public static let api = Wording(
            setting: { name, value in "variables[\"\(name)\"] = \"\(value ?? "VALUE")\"" },
            batchOutput: "the batch's output template")
    }
}
