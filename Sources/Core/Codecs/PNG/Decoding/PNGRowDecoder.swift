/// Inflates and unfilters a PNG's rows one at a time, in file order (pass by pass for Adam7),
/// reading the `IDAT` data from its source in pieces: the whole-image decoder and the streamed
/// one share it, and neither needs the compressed data in one block.
final class PNGRowDecoder<Source: PNGByteSource> {
    let header: PNGHeader
    let passes: [PNGPass]
    /// Rows of every pass together.
    let expectedRows: Int
    /// Rows unfiltered so far.
    private(set) var decodedRows = 0

    private let source: Source
    private let ranges: [Range<Int>]
    private let inflater: any Inflater
    private let input: UnsafeMutableRawBufferPointer
    /// Inflated data not yet taken as rows, `ahead[aheadStart..<aheadEnd]`.
    private let ahead: UnsafeMutableRawBufferPointer
    private var aheadStart = 0, aheadEnd = 0
    /// The failure the data ran into while inflating ahead, thrown when its rows are needed.
    private var failure: ZlibError?
    private var nextRange = 0, rangeOffset = 0
    /// Two row buffers (current, previous), each with the filter-type byte in front.
    private let rowBuffer: UnsafeMutablePointer<UInt8>
    private var current: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>
    private var passIndex = 0, rowInPass = 0

    /// Input read from the source per piece.
    private static var pieceSize: Int { 256 << 10 }

    init(source: Source, structure: PNGStructure, engine: InflateEngine = .preferred) throws(ZlibError) {
        header = structure.header
        passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced).filter { !$0.isEmpty }
        expectedRows = passes.reduce(0) { $0 + $1.height }
        self.source = source
        ranges = structure.imageData
        inflater = try makeInflater(engine)
        input = .allocate(byteCount: Self.pieceSize, alignment: 1)
        ahead = .allocate(byteCount: Self.pieceSize, alignment: 16)
        let rowCapacity = header.rowBytes(pixels: header.width) + 1
        rowBuffer = .allocate(capacity: 2 * rowCapacity)
        rowBuffer.initialize(repeating: 0, count: 2 * rowCapacity)
        current = rowBuffer
        previous = rowBuffer + rowCapacity
    }

    deinit {
        input.deallocate()
        ahead.deallocate()
        rowBuffer.deallocate()
    }

    /// The next unfiltered row (valid until the next call), the pass it belongs to and its index
    /// in that pass; `nil` after the last row.
    func next() throws -> (row: UnsafePointer<UInt8>, pass: PNGPass, index: Int)? {
        guard passIndex < passes.count else { return nil }
        let pass = passes[passIndex]
        let rowBytes = header.rowBytes(pixels: pass.width)
        swap(&current, &previous)
        if rowInPass == 0 { previous.update(repeating: 0, count: rowBytes + 1) }
        let got = try fill(UnsafeMutableRawBufferPointer(start: current, count: rowBytes + 1))
        guard got == rowBytes + 1 else { throw PNGError.imageDataTooShort(decodedRows: decodedRows, expectedRows: expectedRows) }
        guard let filter = PNGFilter(rawValue: current[0]) else { throw PNGError.invalidFilter(type: current[0], row: decodedRows) }
        filter.unfilter(current + 1, previous: previous + 1, count: rowBytes, bpp: header.filterStride)
        let index = rowInPass
        decodedRows += 1
        rowInPass += 1
        if rowInPass == pass.height {
            passIndex += 1
            rowInPass = 0
        }
        return (UnsafePointer(current + 1), pass, index)
    }

    /// Throws when inflated data remains after the last row.
    func checkEnd() throws {
        var probe: UInt8 = 0
        if try withUnsafeMutableBytes(of: &probe, { try fill($0) }) > 0 { throw PNGError.imageDataTooLong }
    }

    /// Fills `buffer` as far as the data allows from the inflated read-ahead; returns the bytes
    /// written. A failure of the data is thrown only when `buffer` needs bytes beyond it.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            if aheadStart < aheadEnd {
                let count = Swift.min(buffer.count - filled, aheadEnd - aheadStart)
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: ahead[aheadStart..<(aheadStart + count)]))
                aheadStart += count
                filled += count
                continue
            }
            if let failure { throw PNGError.corruptImageData(reason: failure.message) }
            guard try inflateAhead() else { break }
        }
        return filled
    }

    /// Inflates the next stretch of data into the read-ahead buffer, feeding input as it runs
    /// out: one large call suits ISA-L (its fast path wants room) and costs zlib one copy.
    /// Returns `false` at the end of the data. A failure is kept with the bytes before it.
    private func inflateAhead() throws -> Bool {
        aheadStart = 0
        aheadEnd = 0
        while aheadEnd < ahead.count && !inflater.finished && failure == nil {
            if inflater.needsInput {
                guard nextRange < ranges.count else { break }
                let range = ranges[nextRange]
                let count = Swift.min(input.count, range.count - rangeOffset)
                let start = range.lowerBound + rangeOffset
                try source.copy(start..<(start + count), into: UnsafeMutableRawBufferPointer(rebasing: input[0..<count]))
                inflater.setInput(UnsafeBufferPointer(start: input.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
                rangeOffset += count
                if rangeOffset == range.count {
                    nextRange += 1
                    rangeOffset = 0
                }
                continue
            }
            let step = inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: ahead[aheadEnd...]))
            aheadEnd += step.written
            failure = step.failure
            if step.written == 0 && failure == nil && !inflater.needsInput && !inflater.finished {
                throw PNGError.corruptImageData(reason: "the zlib stream makes no progress")
            }
        }
        return aheadEnd > 0 || failure != nil
    }
}
