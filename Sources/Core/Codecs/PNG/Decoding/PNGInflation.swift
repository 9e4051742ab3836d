/// The inflating half of a PNG row decoder: reads the `IDAT` data from its source in pieces and
/// inflates it into blocks.
///
/// One thread at a time uses it: the row decoder either calls ``fill(_:)`` itself or hands it to
/// a worker and waits for that before touching it again (the wait orders the two), which is why
/// it may be `@unchecked Sendable`.
final class PNGInflation<Source: PNGByteSource>: @unchecked Sendable {
    private let source: Source
    private let ranges: [Range<Int>]
    private let inflater: any Inflater
    private let input: UnsafeMutableRawBufferPointer
    private var nextRange = 0, rangeOffset = 0
    /// Why the data stopped early: a failure of the data (after the bytes before it were
    /// delivered) or of the source. Thrown when a row needs what lies beyond.
    private(set) var failure: (any Error)?
    /// Whether there is nothing more to inflate: the stream ended, the input ran out, or it failed.
    private(set) var isExhausted = false

    /// Input read from the source per piece.
    static var pieceSize: Int { 256 << 10 }

    init(source: Source, ranges: [Range<Int>], engine: InflateEngine) throws(ZlibError) {
        self.source = source
        self.ranges = ranges
        inflater = try makeInflater(engine)
        input = .allocate(byteCount: Self.pieceSize, alignment: 1)
    }

    deinit { input.deallocate() }

    /// Inflates the next stretch of data into `block`, feeding input as it runs out, and returns
    /// the bytes written: all of `block` but at the end of the data or at a failure.
    func fill(_ block: UnsafeMutableRawBufferPointer) -> Int {
        var end = 0
        while end < block.count && !isExhausted {
            if inflater.finished {
                isExhausted = true
            } else if inflater.needsInput {
                guard nextRange < ranges.count else {
                    isExhausted = true
                    break
                }
                let range = ranges[nextRange]
                let count = Swift.min(input.count, range.count - rangeOffset)
                let start = range.lowerBound + rangeOffset
                do {
                    try source.copy(start..<(start + count), into: UnsafeMutableRawBufferPointer(rebasing: input[0..<count]))
                } catch {
                    failure = error
                    isExhausted = true
                    break
                }
                inflater.setInput(UnsafeBufferPointer(start: input.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
                rangeOffset += count
                if rangeOffset == range.count {
                    nextRange += 1
                    rangeOffset = 0
                }
            } else {
                let step = inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: block[end...]))
                end += step.written
                if let broken = step.failure {
                    failure = PNGError.corruptImageData(reason: broken.message)
                    isExhausted = true
                } else if step.written == 0 && !inflater.needsInput && !inflater.finished {
                    failure = PNGError.corruptImageData(reason: "the zlib stream makes no progress")
                    isExhausted = true
                }
            }
        }
        return end
    }
}
