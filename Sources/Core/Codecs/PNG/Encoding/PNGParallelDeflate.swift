import CZlib
import Dispatch

/// Compresses a PNG's filtered rows on several cores into one ordinary zlib stream, the way
/// pigz does: the rows are cut into blocks of about 256 KiB, each block is deflated on its own
/// (a raw stream primed with the 32 KiB before it as its dictionary, so matches still reach
/// back across the cut) and ended with a sync flush, and the pieces are joined behind one zlib
/// header and the Adler-32 of the whole, combined from the blocks' own.
///
/// A block's dictionary is the filtered data just before it, which filtering the rows before
/// the block again gives (filtering is deterministic), so blocks need nothing from each other
/// and run at once; they are written in order as each wave of them finishes. The block size
/// never depends on the number of cores, so the bytes are the same on any machine.
struct PNGParallelDeflate {
    let height: Int
    /// Bytes of one packed row (without the filter type byte).
    let rowBytes: Int
    /// Bytes per complete pixel, for filtering.
    let bpp: Int
    let adaptive: Bool
    let level: Int32
    let strategy: Int32
    let packer: PNGRowPacker

    /// deflate's window: how far back a match can reach.
    static let window = 32 << 10
    /// About how much filtered data one block holds: small enough that a few megabytes still
    /// spread evenly over the cores, large enough that the cuts cost under 0.1% in size.
    static let blockBytes = 256 << 10

    /// Rows per block.
    var blockRows: Int { max(1, Self.blockBytes / (rowBytes + 1)) }

    /// Whether cutting into blocks pays: at least two blocks, and more than one core.
    static func pays(height: Int, rowBytes: Int, cores: Int) -> Bool {
        cores > 1 && height * (rowBytes + 1) >= 2 * blockBytes
    }

    /// One compressed block: its deflate bytes, and the Adler-32 and length of its input.
    private struct Block {
        var bytes: [UInt8] = []
        var adler: UInt = 1
        var length = 0
        var failure: ZlibError?
    }

    /// Writes the whole zlib stream (header, blocks, Adler-32) to `sink`, `cores` blocks at a time.
    func write(cores: Int, sink: ([UInt8]) throws -> Void) throws {
        var adler = try writeHeader(sink: sink)
        var next = 0
        while next < blockCount {
            let wave = next..<min(blockCount, next + max(1, cores))
            try compress(wave, packer: packer, adler: &adler, sink: sink)
            next = wave.upperBound
        }
        try writeTrailer(adler: adler, sink: sink)
    }

    /// The number of blocks.
    var blockCount: Int { (height + blockRows - 1) / blockRows }

    /// The rows of block `index`.
    func rows(ofBlock index: Int) -> Range<Int> { (index * blockRows)..<min(height, (index + 1) * blockRows) }

    /// Rows before a block that its dictionary is filtered from (plus one, the first one's
    /// filter reference).
    var dictionaryRows: Int { (Self.window + rowBytes) / (rowBytes + 1) + 2 }

    /// Writes the zlib header; returns the Adler-32 to start from.
    func writeHeader(sink: ([UInt8]) throws -> Void) throws -> UInt {
        // CMF: deflate, 32 KiB window; FLG: the level class, and a check making CMF·256+FLG a multiple of 31.
        let cmf = 0x78
        let levelClass = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        let flag = levelClass << 6
        try sink([UInt8(cmf), UInt8(flag + (31 - (cmf * 256 + flag) % 31) % 31)])
        return 1
    }

    /// Compresses `blocks` at once, each on its own core, and writes them in order. `packer` must
    /// hold their rows and the ``dictionaryRows`` before the first of them (or from row 0).
    func compress(_ blocks: Range<Int>, packer: PNGRowPacker, adler: inout UInt, sink: ([UInt8]) throws -> Void) throws {
        var results = [Block](repeating: Block(), count: blocks.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
                let block = blocks.lowerBound + index
                out[index] = compress(block: block, isLast: block == blockCount - 1, packer: packer)
            }
        }
        for block in results {
            if let failure = block.failure { throw failure }
            adler = adler32_combine(adler, block.adler, block.length)
            try sink(block.bytes)
        }
    }

    /// Writes the Adler-32 of everything compressed.
    func writeTrailer(adler: UInt, sink: ([UInt8]) throws -> Void) throws {
        try sink([UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
    }

    /// Deflates block `index`: primed with the filtered data before it, ended with a sync flush
    /// (or the final block's end).
    private func compress(block index: Int, isLast: Bool, packer: PNGRowPacker) -> Block {
        var block = Block()
        let rows = rows(ofBlock: index)
        do throws(ZlibError) {
            let deflater = try Deflater(level: level, strategy: strategy, raw: true)
            if rows.lowerBound > 0 {
                var dictionary: [UInt8] = []
                filter(max(0, rows.lowerBound - dictionaryRows + 1)..<rows.lowerBound, packer: packer) { dictionary.append(contentsOf: $0) }
                let tail = dictionary.suffix(Self.window)
                var dictionaryFailure: ZlibError?
                tail.withUnsafeBufferPointer { bytes in
                    do throws(ZlibError) { try deflater.setDictionary(bytes) } catch { dictionaryFailure = error }
                }
                if let dictionaryFailure { throw dictionaryFailure }
            }
            let collect: ([UInt8]) -> Void = { block.bytes.append(contentsOf: $0) }
            var failure: ZlibError?
            filter(rows, packer: packer) { filtered in
                guard failure == nil else { return }
                block.adler = adler32(block.adler, filtered.baseAddress, UInt32(filtered.count))
                block.length += filtered.count
                do throws(ZlibError) { try deflater.write(filtered, sink: collect) } catch { failure = error }
            }
            if let failure { throw failure }
            if isLast { try deflater.finish(sink: collect) } else { try deflater.syncFlush(sink: collect) }
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
