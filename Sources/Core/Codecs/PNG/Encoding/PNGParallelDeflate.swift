import CZlib
import Dispatch
import Synchronization

/// Compresses a PNG's filtered rows on several cores into one ordinary zlib stream, the way
/// pigz does: the rows are cut into blocks of about 256 KiB, each block is deflated on its own
/// (a raw stream primed with the 32 KiB before it as its dictionary, so matches still reach
/// back across the cut) and ended with a sync flush, and the pieces are joined behind one zlib
/// header and the Adler-32 of the whole, combined from the blocks' own.
///
/// A block's dictionary is the filtered data just before it, which filtering the rows before
/// the block again gives (filtering is deterministic), so blocks need nothing from each other:
/// while worker threads compress the blocks in flight (as many as there are cores), the
/// calling thread gets the next block's rows (for a stream, decodes them) and writes finished
/// blocks in order. The block size never depends on the number of cores, so the bytes are the
/// same on any machine, and images of one block (under 256 KiB of rows) take the same path.
struct PNGParallelDeflate: Sendable {
    let height: Int
    /// Bytes of one packed row (without the filter type byte).
    let rowBytes: Int
    /// Bytes per complete pixel, for filtering.
    let bpp: Int
    let adaptive: Bool
    let level: Int32
    let strategy: Int32
    /// Whether each block tries run-length matching (``PNGStrategyTrial``): for filtered rows,
    /// not for palette indices, where it never wins.
    var triesRuns = true

    /// deflate's window: how far back a match can reach.
    static let window = 32 << 10
    /// About how much filtered data one block holds: small enough that a few megabytes still
    /// spread evenly over the cores, large enough that the cuts cost under 0.1% in size.
    static let blockBytes = 256 << 10

    /// Rows per block.
    var blockRows: Int { max(1, Self.blockBytes / (rowBytes + 1)) }

    /// One compressed block: its deflate bytes, and the Adler-32 and length of its input.
    fileprivate struct Block: Sendable {
        var bytes: [UInt8] = []
        var adler: UInt = 1
        var length = 0
        var failure: ZlibError?
    }

    /// Writes the whole zlib stream (header, blocks, Adler-32) to `sink`, compressing up to
    /// `cores` blocks at once on worker threads. `rows` is called on this thread once per block,
    /// in order, for a packer holding the block's rows and the ``dictionaryRows`` before them
    /// (or from row 0); an error it throws ends the stream after the blocks in flight finish.
    func write(cores: Int, rows: (Int) throws -> PNGRowPacker, sink: ([UInt8]) throws -> Void) throws {
        var adler = try writeHeader(sink: sink)
        var inFlight: [PendingBlock] = []
        func writeOldest() throws {
            let block = inFlight.removeFirst().wait()
            if let failure = block.failure { throw failure }
            adler = adler32_combine(adler, block.adler, block.length)
            try sink(block.bytes)
        }
        do {
            for index in 0..<blockCount {
                let packer = try rows(index)
                if inFlight.count >= max(1, cores) { try writeOldest() }
                let pending = PendingBlock()
                let deflate = self
                DispatchQueue.global().async {
                    pending.finish(deflate.compress(block: index, isLast: index == deflate.blockCount - 1, packer: packer))
                }
                inFlight.append(pending)
            }
            while !inFlight.isEmpty { try writeOldest() }
        } catch {
            for pending in inFlight { _ = pending.wait() }
            throw error
        }
        try writeTrailer(adler: adler, sink: sink)
    }

    /// The number of blocks (one for an image without rows: the stream still needs its end).
    var blockCount: Int { max(1, (height + blockRows - 1) / blockRows) }

    /// The rows of block `index`.
    func rows(ofBlock index: Int) -> Range<Int> { (index * blockRows)..<min(height, (index + 1) * blockRows) }

    /// Rows before a block that its dictionary is filtered from (plus one, the first one's
    /// filter reference).
    var dictionaryRows: Int { (Self.window + rowBytes) / (rowBytes + 1) + 2 }

    /// Writes the zlib header; returns the Adler-32 to start from.
    private func writeHeader(sink: ([UInt8]) throws -> Void) throws -> UInt {
        // CMF: deflate, 32 KiB window; FLG: the level class, and a check making CMF·256+FLG a multiple of 31.
        let cmf = 0x78
        let levelClass = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        let flag = levelClass << 6
        try sink([UInt8(cmf), UInt8(flag + (31 - (cmf * 256 + flag) % 31) % 31)])
        return 1
    }

    /// Writes the Adler-32 of everything compressed.
    private func writeTrailer(adler: UInt, sink: ([UInt8]) throws -> Void) throws {
        try sink([UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
    }

    /// Deflates block `index`: primed with the filtered data before it, compressed with the
    /// strategy its samples choose (``PNGStrategyTrial``), ended with a sync flush (or the
    /// final block's end).
    private func compress(block index: Int, isLast: Bool, packer: PNGRowPacker) -> Block {
        var block = Block()
        let rows = rows(ofBlock: index)
        let first = max(0, rows.lowerBound - dictionaryRows + 1)
        let start = (rows.lowerBound - first) * (rowBytes + 1)
        var data: [UInt8] = []
        data.reserveCapacity((rows.upperBound - first) * (rowBytes + 1))
        filter(first..<rows.upperBound, packer: packer) { data.append(contentsOf: $0) }
        do throws(ZlibError) {
            try data.withUnsafeBufferPointer { data throws(ZlibError) in
                let input = UnsafeBufferPointer(rebasing: data[start...])
                block.adler = adler32(1, input.baseAddress, UInt32(input.count))
                block.length = input.count
                let chosen = triesRuns ? try PNGStrategyTrial(level: level, preferred: strategy).strategy(for: data, start: start) : strategy
                let deflater = try Deflater(level: level, strategy: chosen, raw: true)
                try deflater.setDictionary(UnsafeBufferPointer(rebasing: data[max(0, start - Self.window)..<start]))
                let collect: ([UInt8]) -> Void = { block.bytes.append(contentsOf: $0) }
                try deflater.write(input, sink: collect)
                if isLast { try deflater.finish(sink: collect) } else { try deflater.syncFlush(sink: collect) }
            }
        } catch {
            block.failure = error
        }
        return block
    }

    /// Packs and filters `rows` (the row before them is packed again as the filter's previous
    /// row), handing each filtered row, type byte first, to `body`.
    private func filter(_ rows: Range<Int>, packer: PNGRowPacker, body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !rows.isEmpty else { return }
        var rowFilter = PNGRowFilter(rowBytes: rowBytes, bpp: bpp)
        var buffer = [UInt8](repeating: 0, count: 2 * rowBytes)
        buffer.withUnsafeMutableBufferPointer { buffer in
            var current = buffer.baseAddress!
            var previous = current + rowBytes
            if rows.lowerBound > 0 { packer.pack(row: rows.lowerBound - 1, into: previous, count: rowBytes) }
            for y in rows {
                packer.pack(row: y, into: current, count: rowBytes)
                rowFilter.filter(current, previous: previous, adaptive: adaptive, body: body)
                swap(&current, &previous)
            }
        }
    }
}

/// A block being compressed on a worker thread, and the wait for it.
private final class PendingBlock: Sendable {
    private let result = Mutex<PNGParallelDeflate.Block?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ block: PNGParallelDeflate.Block) {
        result.withLock { $0 = block }
        done.signal()
    }

    func wait() -> PNGParallelDeflate.Block {
        done.wait()
        return result.withLock { $0 } ?? PNGParallelDeflate.Block()
    }
}
