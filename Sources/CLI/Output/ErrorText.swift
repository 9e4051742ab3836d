import NinepipeCore
import NinepipeHost

/// The command line's wording of library errors.
///
/// The libraries say what was refused and why in their own terms (policies, `ImageLimits`
/// fields, "the output target"); this is the one place that turns a typed error into advice
/// about the flags that change it (`--max-pixels`, `--output`, `--shard`, `--strict`…). It
/// matches error cases and builds its own sentences: it never edits a library's message text.
enum ErrorText {
    /// `error` as the command line says it; `step` is the step that failed, when known.
    static func describe(_ error: any Error, step: String? = nil) -> String {
        switch error {
        case let failure as StepFailure:
            let place = failure.location.map { " (\($0))" } ?? ""
            return "step \(failure.index) '\(failure.stepName)'\(place): " + describe(failure.underlying, step: failure.stepName)
        case FileError.inFile(let path, let underlying):
            return "\(path): " + describe(underlying, step: step)
        case let limit as LimitError:
            return describe(limit, producedBy: step.flatMap { $0 == "load" ? nil : $0 })
        case let batch as BatchError:
            return describe(batch)
        case let asset as AssetError:
            return describe(asset)
        case AppIconError.tooSmall:
            return "\(error) (pass --upscale)"
        case let layer as DrawableLayerError where layer.needsUpscale:
            return "\(error) (pass --upscale)"
        case AppIconError.notFound:
            return "\(error) (--manifest FILE names the manifest)"
        case SVGError.tooSlow:
            return "\(error) (--max-render-seconds N)"
        case let unavailable as FormatUnavailableError:
            return "\(unavailable) (`ninepipe --version` lists the formats this build has)"
        case let remediable as any RemediableError:
            // Outside a pipeline (step is nil), the nine-patch commands take flags instead.
            return remediable.described { remedy in
                switch remedy {
                case .giveCapInsets where step == nil: "\(remedy) (ninepatch compile|inspect FILE --insets T,L,B,R)"
                case .useCompiledChunk where step == nil: "leave out --border and the chunk is used"
                default: remedy.pipelineText
                }
            }
        default:
            return "\(error)"
        }
    }

    /// A limit message: for a decoded file, raise the flag if the file is trusted; for a step's
    /// result, ask the step for less (or raise the flag).
    static func describe(_ error: LimitError, producedBy step: String?) -> String {
        let (flag, size): (String, String)
        switch error {
        case .tooManyPixels(let width, let height, let limit):
            flag = "--max-pixels"
            size = "\(width)×\(height) = \(width.multipliedReportingOverflow(by: height).partialValue) pixels, over the limit of \(limit) pixels"
        case .dimensionTooLarge(let width, let height, let limit):
            flag = "--max-dimension"
            size = "\(width)×\(height), a side over the limit of \(limit) pixels"
        case .decoderMemoryTooLarge(let kind, let size, let limit):
            return
                "\(kind) needs \(size >> 20) MiB of decoder memory, over the limit of \(limit >> 20) MiB (8 bytes per pixel --max-pixels allows); raise --max-pixels N if you trust this file"
        case .memoryUnavailable(let kind, let size, let addressSpaceLimit):
            let limit = addressSpaceLimit.map { " under its address-space limit of \($0 >> 20) MiB (ulimit -v)" } ?? ""
            let smaller = step.map { "work on a smaller image (resize or thumbnail before '\($0)')" } ?? "lower --max-pixels N to refuse such files at once"
            return "\(kind) needs \(size >> 20) MiB, which this process cannot allocate now\(limit); free memory or raise the limit, or \(smaller)"
        case .metadataTooLarge:
            return "\(error)"
        case .tooManyFrames(let frames, let limit):
            return
                "animation has \(frames) frames, over the limit of \(limit) frames; \(Remedy.readFirstFrame.pipelineText), or raise the limit with --max-frames N if you trust this file"
        case .animationTooLarge(let width, let height, let frames, let limit):
            return
                "animation is \(frames) frames of \(width)×\(height) = \(width * height * frames) pixels in all, over the limit of \(limit) pixels counted over every frame; \(Remedy.readFirstFrame.pipelineText), or raise --max-pixels N if you trust this file"
        }
        if let step {
            return "the result of '\(step)' would be \(size); ask '\(step)' for a smaller size, or raise the limit with \(flag) N"
        }
        return "image is \(size); raise it with \(flag) N if you trust this file"
    }

    /// A batch that cannot run as described, in terms of `--output` and `--shard`.
    static func describe(_ error: BatchError) -> String {
        switch error {
        case _ where error.setting != nil:
            // The setting the library names in its terms, named here by its flag.
            return error.setting.map { "--\($0.setting.rawValue) '\($0.value)': \(error.reason)" } ?? "\(error)"
        case .outputSaveWithoutOutput:
            return "the pipeline ends in a save without a path, which writes each result to --output; give --output DIR/ or a name such as 'out/{name}.jpg'"
        case .outputIsInput(let input, let output, let original):
            return "the output for \(input) would be \(output), which is the input \(original); outputs never overwrite inputs: choose another --output"
        default:
            return "\(error)"
        }
    }

    /// An asset conversion that cannot go ahead, in terms of `--upscale` and `--strict`.
    static func describe(_ error: AssetError) -> String {
        switch error {
        case .notDenseEnough:
            return "\(error) (pass --upscale)"
        case .themeColorsNeeded:
            return "\(error) (--theme NAME chooses a theme, --color ATTRIBUTE=#RRGGBB gives a colour)"
        case .leftOut(_, let reason) where reason.hasSuffix("give each colour by name to convert it"):
            return "\(error) (--color NAME=#RRGGBB gives a colour resource or a theme attribute)"
        case .cannotExpress(let detail):
            return "\(detail) (an error because of --strict; without it, a warning)"
        case .outputIsInput(let asset, let input):
            return "the output for \(asset) would replace the input \(input); outputs never overwrite inputs: choose another --output folder"
        default:
            return "\(error)"
        }
    }
}

extension PipelineCompiler.Wording {
    /// The command line's terms: `--set size=VALUE` and `--output`.
    static let commandLine = PipelineCompiler.Wording(
        setting: { name, value in "--set \(name)=\(value ?? "VALUE")" }, batchOutput: "--output")
}
