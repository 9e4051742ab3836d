/// How a run moves pixels from step to step.
///
/// ```
///  whole images:  load ──Image──▶ crop ──Image──▶ resize ──Image──▶ save
///  streamed:      load ◀─rows── crop ◀─rows── resize ◀─rows── save (pulls bands, writes as they come)
/// ```
///
/// Streamed, the decoder, each step and the encoder hold a few bands of rows, so memory grows
/// with the image's width, not its area; a step that needs the whole image (a plugin that only
/// implements `Transform`, a 90° turn) receives it whole, and the stream starts again after it.
public enum Execution: String, Sendable, Hashable, CaseIterable {
    /// Streams a run that loads a file whose decoded pixels take at least
    /// ``PipelineRunner/streamingThreshold`` bytes and saves it (the CLI's default); whole images
    /// otherwise, and whenever the run's result is returned as an `Image`.
    case automatic
    /// Whole images between all steps.
    case whole
    /// Streams whenever the load, the steps and the save allow, at any size; a result returned
    /// as an `Image` is collected at the end.
    case streamed
}
