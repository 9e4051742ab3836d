import NinepipeCore

/// The command line's wording of library errors: limits in terms of its own flags, and whether
/// the size came from the input file or from a step's result.
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
        default:
            return "\(error)"
        }
    }

    /// A limit message: for a decoded file, raise the flag if the file is trusted; for a step's
    /// result, ask the step for less (or raise the flag).
    static func describe(_ error: LimitError, producedBy step: String?) -> String {
        let (flag, size): (String?, String)
        switch error {
        case .tooManyPixels(let width, let height, let limit):
            flag = "--max-pixels"
            size = "\(width)×\(height) = \(width.multipliedReportingOverflow(by: height).partialValue) pixels, over the limit of \(limit) pixels"
        case .dimensionTooLarge(let width, let height, let limit):
            flag = "--max-dimension"
            size = "\(width)×\(height), a side over the limit of \(limit) pixels"
        case .decoderMemoryTooLarge:
            return "\(error)".replacingFirst("(8 bytes per allowed pixel, ImageLimits.decoderMemoryLimit)", with: "(8 bytes per pixel --max-pixels allows)")
                + "; raise --max-pixels N if you trust this file"
        case .metadataTooLarge:
            return "\(error)"
        }
        guard let flag else { return "\(error)" }
        if let step {
            return "the result of '\(step)' would be \(size); ask '\(step)' for a smaller size, or raise the limit with \(flag) N"
        }
        return "image is \(size); raise it with \(flag) N if you trust this file"
    }
}

extension String {
    /// The string with the first `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
