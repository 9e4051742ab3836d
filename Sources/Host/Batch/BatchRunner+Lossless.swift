import NinepipeCore

extension BatchRunner {
    /// How `input`'s result would be written: edited without decoding (a JPEG's coefficients
    /// moved) or decoded and encoded again (with why), read from the file's headers;
    /// ``LosslessDecision/notApplicable`` when it is not written to ``output`` in its own format
    /// by a codec that edits losslessly. Nothing is written.
    public func losslessDecision(for pipeline: Pipeline, input: BatchInput) throws -> LosslessDecision {
        guard let candidate = losslessCandidate(pipeline, input: input),
            let bytes = try PipelineRunner.editableBytes(input.path, policy: runner.policy, codecs: pipeline.codecs)
        else {
            return .notApplicable
        }
        return try candidate.path.decide(bytes, options: candidate.options, limits: runner.limits)
    }

    /// What ``runLossless(_:pipeline:claim:context:)`` did.
    enum LosslessOutcome {
        /// Written losslessly, at this size.
        case written(width: Int, height: Int)
        /// Not taken; the file's bytes when they were read to decide (for the other path to use).
        case declined(bytes: [UInt8]?)
    }

    /// Writes `input` on the lossless path when it takes it, naming the output with `claim`.
    func runLossless(
        _ input: BatchInput, pipeline: Pipeline, claim: (String, _ width: Int, _ height: Int, _ metadata: ImageMetadata) throws -> String,
        context: RunContext
    ) throws -> LosslessOutcome {
        guard let output, let candidate = losslessCandidate(pipeline, input: input),
            let bytes = try PipelineRunner.editableBytes(input.path, policy: runner.policy, codecs: pipeline.codecs)
        else { return .declined(bytes: nil) }
        guard case .lossless(let transform, let plan) = try candidate.path.decide(bytes, options: candidate.options, limits: runner.limits) else {
            return .declined(bytes: bytes)
        }
        let path = try claim(output.pattern, plan.kept.width, plan.kept.height, ImageMetadata())
        try PipelineRunner.writeLossless(transform, from: bytes, input: input.path, to: path, context: context)
        return .written(width: plan.kept.width, height: plan.kept.height)
    }

    /// The shape and the output's encoding options, when `input` is written to ``output`` in a
    /// format with a lossless editor.
    private func losslessCandidate(_ pipeline: Pipeline, input: BatchInput) -> (path: LosslessPath, options: EncodeOptions)? {
        guard let output, let path = LosslessPath(pipeline, batchOutput: true) else { return nil }
        let save = Self.outputSave(of: pipeline)
        let codecs = pipeline.codecs
        guard let format = codecs.format(forPath: Self.formatted(output.path(for: input, codecs: codecs), pattern: output.pattern, save: save)),
            codecs.losslessEditor(for: format) != nil, !(save?.writesFrame(to: output.pattern) ?? false)
        else { return nil }
        var options = save?.options ?? EncodeOptions(format: format)
        options.format = format
        return (path, options)
    }
}
