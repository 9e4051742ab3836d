import NinepipeCore

extension PipelineRunner {
    /// How `runToFiles` would write `pipeline`'s output: edited without decoding (a JPEG's DCT
    /// coefficients moved) or decoded and encoded again (with why), read from the input's headers;
    /// ``LosslessDecision/notApplicable`` when the pipeline does not load one file and save one in
    /// the same format, or the format has no lossless editor. Nothing is written.
    ///
    /// - Throws: ``LosslessPathError`` for `lossless=always` when the path cannot be taken; file
    ///   errors reading the input.
    public func losslessDecision(for pipeline: Pipeline) throws -> LosslessDecision {
        guard let candidate = singleFileCandidate(pipeline) else { return .notApplicable }
        let context = RunContext(limits: limits, codecs: pipeline.codecs, policy: policy, handler: warningHandler)
        guard let bytes = try Self.editableBytes(candidate.input, policy: context.policy, codecs: pipeline.codecs) else { return .notApplicable }
        return try candidate.path.decide(bytes, options: candidate.options(for: bytes), limits: limits)
    }

    /// Runs `pipeline` on the lossless path when it takes it; `false`, nothing done, otherwise.
    func runLossless(_ pipeline: Pipeline, context: RunContext) throws -> Bool {
        guard savePath == nil, let candidate = singleFileCandidate(pipeline),
            let bytes = try? Self.editableBytes(candidate.input, policy: context.policy, codecs: pipeline.codecs)
        else {
            return false
        }
        let saveIndex = pipeline.steps.count - 1
        let decision: LosslessDecision
        do {
            decision = try candidate.path.decide(bytes, options: candidate.options(for: bytes), limits: limits)
        } catch let error as LosslessPathError {
            let save = pipeline.steps[saveIndex]
            throw StepFailure(stepName: save.name, index: saveIndex + 1, location: save.location, underlying: error)
        } catch {
            let load = pipeline.steps[0]
            throw StepFailure(stepName: load.name, index: 1, location: load.location, underlying: FileError.inFile(path: candidate.input, underlying: error))
        }
        guard case .lossless(let transform, _) = decision else { return false }
        noteObserver?("\(candidate.input): \(decision)")
        try Self.writeLossless(transform, from: bytes, input: candidate.input, to: candidate.output, context: context)
        return true
    }

    /// Transforms `bytes` and writes the result to `output` atomically (a note when the plan
    /// trimmed or snapped); errors name the input.
    static func writeLossless(_ edit: LosslessEdit, from bytes: [UInt8], input: String, to output: String, context: RunContext) throws {
        let result: [UInt8]
        do {
            guard let format = context.codecs.format(sniffing: bytes), let editor = context.codecs.losslessEditor(for: format) else {
                throw LosslessEditError.unavailable
            }
            let (transformed, plan) = try editor.apply(edit, to: bytes, limits: context.limits) { context.warn("\(input): \($0)") }
            if let differences = plan.differences { context.warnOnce("\(output): lossless edit \(differences)") }
            result = transformed
        } catch {
            throw FileError.inFile(path: input, underlying: error)
        }
        if FileIO.streamDescriptor(output, forWriting: true) == nil { try context.policy.createParentDirectories(of: output) }
        let file = try context.policy.createFile(output)
        do {
            try result.withUnsafeBytes { try file.write($0) }
            try file.commit()
        } catch {
            file.abort()
            throw error
        }
    }

    /// The input, output, save and shape of a pipeline that loads one file and saves one.
    private func singleFileCandidate(_ pipeline: Pipeline) -> SingleFileCandidate? {
        guard case .load(let load)? = pipeline.steps.first?.action, let input = load.path,
            case .save(let save)? = pipeline.steps.last?.action, let output = save.path, !save.writesFrame(to: output),
            let path = LosslessPath(pipeline, batchOutput: false)
        else { return nil }
        return SingleFileCandidate(input: input, output: output, save: save, path: path)
    }

    /// The whole input when it is a file (not a pipe: its bytes would be gone for the other path)
    /// of a format with a lossless editor.
    static func editableBytes(_ path: String, policy: FilePolicy, codecs: ImageCodecRegistry) throws -> [UInt8]? {
        do {
            guard let file = try policy.openFile(path), let format = codecs.format(sniffing: try file.bytes(0..<min(32, file.count))),
                codecs.losslessEditor(for: format) != nil
            else { return nil }
            return try file.bytes(0..<file.count)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}

/// A pipeline that loads one file and saves one: what the lossless path needs to know.
private struct SingleFileCandidate {
    var input: String, output: String
    var save: SaveStep
    var path: LosslessPath

    /// The save's options, in the format it writes `bytes` in: the output's extension, `format=`,
    /// or (a stream without either) the input's own, as the save itself decides.
    func options(for bytes: [UInt8]) -> EncodeOptions {
        var options = save.options
        if save.formatFromInput { options.format = path.codecs.format(forPath: output) ?? path.codecs.format(sniffing: bytes) ?? options.format }
        return options
    }
}
