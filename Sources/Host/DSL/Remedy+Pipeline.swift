import NinepipeCore

extension Remedy {
    /// The remedy as a pipeline says it: the step parameter that applies the policy.
    public var pipelineText: String {
        switch self {
        case .readFirstFrame: "load frames=first reads only the first"
        case .pickOneFrame: "pick one frame first (frame N, or load frames=first)"
        case .keepColorProfile: "load it with icc=keep to leave the colours as they are"
        case .useCompiledChunk: "leave out ninepatch=border and the chunk is used"
        case .giveCapInsets: "draw that border (a .9.png source), or give the cap insets instead (insets=top,left,bottom,right on the ninepatch step)"
        case .giveDrawingSize: "give the size to draw it at, e.g. load width=256 height=256"
        case .decodeAndEncode: "decode and encode again (lossless=never)"
        }
    }

    /// `error`'s message with its remedy in pipeline words, looking inside a ``FileError`` that
    /// names the file; other errors as they describe themselves.
    public static func pipelineDescription(of error: any Error) -> String {
        switch error {
        case FileError.inFile(let path, let underlying): "\(path): " + pipelineDescription(of: underlying)
        case let remediable as any RemediableError: remediable.described { $0.pipelineText }
        default: "\(error)"
        }
    }
}
