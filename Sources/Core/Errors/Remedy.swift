/// What avoids an error, as data. Core's messages name the policy ("read only the first frame");
/// each front end says it in its own words instead: the pipeline language as a step parameter
/// (`load frames=first`), the command line as one of its flags, an embedder in its API's terms.
public enum Remedy: Sendable, Hashable, CustomStringConvertible {
    /// Read only an animation's first frame.
    case readFirstFrame
    /// Pick one frame of an animation before a step that gives frames different sizes.
    case pickOneFrame
    /// Keep the ICC profile with the pixels instead of converting them to sRGB.
    case keepColorProfile
    /// Use a compiled nine-patch's chunk instead of asking for its frame.
    case useCompiledChunk
    /// Draw a nine-patch frame, or give the cap insets instead.
    case giveCapInsets
    /// Give the size to draw a vector picture at.
    case giveDrawingSize
    /// Decode and encode again instead of editing the file losslessly.
    case decodeAndEncode

    /// The policy, in Core's terms.
    public var description: String {
        switch self {
        case .readFirstFrame: "read only the first frame"
        case .pickOneFrame: "pick one frame first"
        case .keepColorProfile: "keep the ICC profile to leave the colours as they are"
        case .useCompiledChunk: "do not ask for the frame, and the chunk is used"
        case .giveCapInsets: "draw that border (a .9.png source), or give the cap insets instead"
        case .giveDrawingSize: "give the size to draw it at"
        case .decodeAndEncode: "decode and encode again"
        }
    }
}

/// An error whose message ends in what avoids it, given as data (``remedy``) so each front end
/// can word it; ``description`` words it in Core's terms.
public protocol RemediableError: NinepipeError {
    /// What went wrong, without the remedy.
    var problem: String { get }
    /// What avoids it, if anything does.
    var remedy: Remedy? { get }
}

extension RemediableError {
    /// The problem, then the remedy in Core's terms.
    public var description: String { described { $0.description } }

    /// The problem, then the remedy as `words` say it.
    public func described(remedy words: (Remedy) -> String) -> String { remedy.map { "\(problem); \(words($0))" } ?? problem }
}
