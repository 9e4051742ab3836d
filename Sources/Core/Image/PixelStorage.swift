/// The interleaved samples of an image, at 8 or 16 bits.
///
/// Arrays give copy-on-write: copying an ``Image`` is O(1) until one copy writes.
public enum PixelStorage: Sendable, Hashable {
    /// 8-bit samples.
    case eight([UInt8])
    /// 16-bit samples in host byte order.
    case sixteen([UInt16])

    /// The number of samples stored.
    public var count: Int {
        switch self {
        case .eight(let samples): samples.count
        case .sixteen(let samples): samples.count
        }
    }

    /// The sample depth.
    public var depth: SampleDepth {
        switch self {
        case .eight: .eight
        case .sixteen: .sixteen
        }
    }
}
