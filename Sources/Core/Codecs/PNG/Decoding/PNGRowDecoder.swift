import Dispatch

/// Inflates and unfilters a PNG's rows one at a time, in file order (pass by pass for Adam7),
/// reading the `IDAT` data from its source in pieces: the whole-image decoder and the streamed
/// one share it, and neither needs the compressed data in one block.
///
/// Rows are served from 256 KiB blocks of inflated data. For images of more than a few blocks,
/// the next blocks are inflated on another thread, in order, while the rows of the current one
/// are unfiltered and used (``blockCount(inflatedSize:)`` blocks in all, so memory stays bounded): inflate, the
/// largest cost of a PNG decode, overlaps with the rest of the pipeline.
final class PNGRowDecoder<Source: PNGByteSource> {
    let header: PNGHeader
    let passes: [PNGPass]
    /// Rows of every pass together.
    let expectedRows: Int
    /// Rows unfiltered so far.
    private(set) var decodedRows = 0

    private let inflation: PNGInflation<Source>
    /// Blocks of inflated data: rows are taken from `blocks[currentBlock]`, while the others
    /// may be being filled by the ``pending`` jobs.
    private let blocks: [UnsafeMutableRawBufferPointer]
    private var currentBlock = 0
    /// The rows' bytes not yet taken, `blocks[currentBlock][aheadStart..<aheadEnd]`.
    private var aheadStart = 0, aheadEnd = 0
    /// The blocks being inflated on another thread, in data order.
    private var pending: [BlockJob] = []
    /// Where the pending jobs run, one after another (created on first use).
    private lazy var queue = DispatchQueue(label: "ninepipe.png-inflate")
    /// Whether blocks are inflated on another thread (images of more than four blocks).
    private let overlaps: Bool
    /// Two row buffers (current, previous), each with the filter-type byte in front.
    private let rowBuffer: UnsafeMutablePointer<UInt8>
    private var current: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>
    private var passIndex = 0, rowInPass = 0

    /// The size of a block of inflated data.
    private static var blockSize: Int { 256 << 10 }
    /// How many blocks a decoder holds for `inflatedSize` bytes of rows: the current one and
    /// those inflated ahead. Four (1 MiB) for most images; a very large one (over 64 MiB of rows)
    /// gets 32 (8 MiB), twice what a resampler pulls at a time (4 MiB), so inflate keeps running
    /// on its own core while the rows already there are resampled (a 20000² thumbnail: 1.61 →
    /// 1.27 s).
    static func blockCount(inflatedSize: Int) -> Int { inflatedSize > 64 << 20 ? 32 : 4 }

    init(source: Source, structure: PNGStructure, engine: InflateEngine = .preferred) throws(ZlibError) {
        header = structure.header
        passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced).filter { !$0.isEmpty }
        expectedRows = passes.reduce(0) { $0 + $1.height }
        inflation = try PNGInflation(source: source, ranges: structure.imageData, engine: engine)
        let rowHeader = structure.header
        let inflatedSize = passes.reduce(0) { $0 + $1.height * (rowHeader.rowBytes(pixels: $1.width) + 1) }
        overlaps = inflatedSize > 4 * Self.blockSize
        // A small image gets one block, inflated as its rows are asked for.
        blocks = (0..<(overlaps ? Self.blockCount(inflatedSize: inflatedSize) : 1)).map { _ in .allocate(byteCount: Self.blockSize, alignment: 16) }
        let rowCapacity = header.rowBytes(pixels: header.width) + 1
        rowBuffer = .allocate(capacity: 2 * rowCapacity)
        rowBuffer.initialize(repeating: 0, count: 2 * rowCapacity)
        current = rowBuffer
        previous = rowBuffer + rowCapacity
    }

    deinit {
        for job in pending { job.done.wait() }
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

    /// Makes the next block of inflated data current: the first inflated ahead, or one inflated
    /// now; then starts inflating into the block just given up, so that the others stay ahead.
    /// `false` at the end of the data; throws the data's failure once everything before it has
    /// been taken.
    private func nextBlock() throws -> Bool {
        if let job = pending.first {
            job.done.wait()
            pending.removeFirst()
            currentBlock = job.index
            aheadEnd = job.length
        } else if inflation.isExhausted {
            aheadEnd = 0
        } else {
            aheadEnd = inflation.fill(blocks[currentBlock])
        }
        aheadStart = 0
        guard aheadEnd > 0 else {
            // The end: jobs still queued find nothing, but wait for them before reading the failure.
            for job in pending { job.done.wait() }
            pending.removeAll()
            if let failure = inflation.failure { throw failure }
            return false
        }
        guard overlaps else { return true }
        // Keep every block but the current one being filled ahead (jobs run in order on the
        // queue; one that finds the data exhausted writes nothing).
        var busy = Set(pending.map(\.index))
        busy.insert(currentBlock)
        if pending.isEmpty && inflation.isExhausted { return true }
        for index in blocks.indices where !busy.contains(index) {
            let job = BlockJob(block: blocks[index], index: index)
            let inflation = self.inflation
            job.done.enter()
            queue.async {
                job.length = inflation.isExhausted ? 0 : inflation.fill(job.block)
                job.done.leave()
            }
            pending.append(job)
            busy.insert(index)
        }
        return true
    }
}

/// A block being inflated on another thread: written there, read here after ``done`` is waited
/// for (the wait orders the two accesses).
private final class BlockJob: @unchecked Sendable {
    let block: UnsafeMutableRawBufferPointer
    /// Its place in the decoder's blocks.
    let index: Int
    var length = 0
    let done = DispatchGroup()

    init(block: UnsafeMutableRawBufferPointer, index: Int) {
        self.block = block
        self.index = index
    }
}
