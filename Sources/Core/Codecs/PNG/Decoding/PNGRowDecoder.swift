import Dispatch

/// Inflates and unfilters a PNG's rows one at a time, in file order (pass by pass for Adam7),
/// reading the `IDAT` data from its source in pieces: the whole-image decoder and the streamed
/// one share it, and neither needs the compressed data in one block.
///
/// Rows are served from 256 KiB blocks of inflated data. For images of more than a few blocks,
/// the next block is inflated on another thread while the rows of the current one are unfiltered
/// and used (two blocks in all, so memory stays bounded): inflate, the largest cost of a PNG
/// decode, overlaps with the rest of the pipeline.
final class PNGRowDecoder<Source: PNGByteSource> {
    let header: PNGHeader
    let passes: [PNGPass]
    /// Rows of every pass together.
    let expectedRows: Int
    /// Rows unfiltered so far.
    private(set) var decodedRows = 0

    private let inflation: PNGInflation<Source>
    /// Two blocks of inflated data: rows are taken from `blocks[currentBlock]`, while the other
    /// may be being filled by ``pending``.
    private let blocks: [UnsafeMutableRawBufferPointer]
    private var currentBlock = 0
    /// The rows' bytes not yet taken, `blocks[currentBlock][aheadStart..<aheadEnd]`.
    private var aheadStart = 0, aheadEnd = 0
    /// The block being inflated on another thread, if any.
    private var pending: BlockJob?
    /// Whether blocks are inflated on another thread (images of more than four blocks).
    private let overlaps: Bool
    /// Two row buffers (current, previous), each with the filter-type byte in front.
    private let rowBuffer: UnsafeMutablePointer<UInt8>
    private var current: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>
    private var passIndex = 0, rowInPass = 0

    /// The size of a block of inflated data.
    private static var blockSize: Int { 256 << 10 }

    init(source: Source, structure: PNGStructure, engine: InflateEngine = .preferred) throws(ZlibError) {
        header = structure.header
        passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced).filter { !$0.isEmpty }
        expectedRows = passes.reduce(0) { $0 + $1.height }
        inflation = try PNGInflation(source: source, ranges: structure.imageData, engine: engine)
        blocks = (0..<2).map { _ in .allocate(byteCount: Self.blockSize, alignment: 16) }
        let rowHeader = structure.header
        let inflatedSize = passes.reduce(0) { $0 + $1.height * (rowHeader.rowBytes(pixels: $1.width) + 1) }
        overlaps = inflatedSize > 4 * Self.blockSize
        let rowCapacity = header.rowBytes(pixels: header.width) + 1
        rowBuffer = .allocate(capacity: 2 * rowCapacity)
        rowBuffer.initialize(repeating: 0, count: 2 * rowCapacity)
        current = rowBuffer
        previous = rowBuffer + rowCapacity
    }

    deinit {
        pending?.done.wait()
        for block in blocks { block.deallocate() }
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

    /// Fills `buffer` as far as the data allows from the inflated blocks; returns the bytes
    /// written. A failure of the data is thrown only when `buffer` needs bytes beyond it.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            if aheadStart < aheadEnd {
                let count = Swift.min(buffer.count - filled, aheadEnd - aheadStart)
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: blocks[currentBlock][aheadStart..<(aheadStart + count)]))
                aheadStart += count
                filled += count
                continue
            }
            guard try nextBlock() else { break }
        }
        return filled
    }

    /// Makes the next block of inflated data current: the one inflated ahead, or one inflated
    /// now; then starts inflating the block after it on another thread. `false` at the end of
    /// the data; throws the data's failure once everything before it has been taken.
    private func nextBlock() throws -> Bool {
        if let job = pending {
            job.done.wait()
            pending = nil
            currentBlock = 1 - currentBlock
            aheadEnd = job.length
        } else if inflation.isExhausted {
            aheadEnd = 0
        } else {
            aheadEnd = inflation.fill(blocks[currentBlock])
        }
        aheadStart = 0
        guard aheadEnd > 0 else {
            if let failure = inflation.failure { throw failure }
            return false
        }
        if overlaps && !inflation.isExhausted {
            let job = BlockJob(block: blocks[1 - currentBlock])
            let inflation = self.inflation
            job.done.enter()
            DispatchQueue.global().async {
                job.length = inflation.fill(job.block)
                job.done.leave()
            }
            pending = job
        }
        return true
    }
}

/// A block being inflated on another thread: written there, read here after ``done`` is waited
/// for (the wait orders the two accesses).
private final class BlockJob: @unchecked Sendable {
    let block: UnsafeMutableRawBufferPointer
    var length = 0
    let done = DispatchGroup()

    init(block: UnsafeMutableRawBufferPointer) { self.block = block }
}
