/// A streamed stage broke the band contract (a bug in a stage, never caused by input).
public enum StreamError: NinepipeError, Equatable {
    /// A band came back with other rows, depth or width than asked for.
    case bandMismatch(expected: Range<Int>, got: Range<Int>)

    /// A one-line message.
    public var description: String {
        switch self {
        case .bandMismatch(let expected, let got):
            "a streamed stage returned rows \(got.lowerBound)..<\(got.upperBound) (or another layout) when asked for \(expected.lowerBound)..<\(expected.upperBound)"
        }
    }
}
