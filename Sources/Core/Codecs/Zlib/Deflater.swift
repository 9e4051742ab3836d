import CZlib

/// A streaming zlib compressor that hands its output to a sink in pieces.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var buffer: [UInt8]

    /// - Parameters:
    ///   - level: 0 (store) … 9 (smallest); zlib's default is 6.
    ///   - strategy: a zlib strategy such as `Z_DEFAULT_STRATEGY`, `Z_FILTERED` or `Z_RLE`.
    ///   - raw: a bare deflate stream, without zlib's header and Adler-32 trailer (a piece of a
    ///     larger stream: see ``PNGParallelDeflate``).
    init(level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY, raw: Bool = false, bufferSize: Int = 1 << 16) throws(ZlibError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        buffer = [UInt8](repeating: 0, count: bufferSize)
        let status = deflateInit2_(stream, level, Z_DEFLATED, raw ? -15 : 15, 9, strategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw ZlibError(code: status, message: "deflateInit failed")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Starts a new stream with the same settings, keeping the allocated state (cheaper than a
    /// new deflater).
    func reset() throws(ZlibError) {
        let status = deflateReset(stream)
        guard status == Z_OK else { throw ZlibError(code: status, message: "deflateReset failed") }
    }

    /// Compresses `input`; full output pieces go to `sink`.
    func write(_ input: UnsafeBufferPointer<UInt8>, sink: ([UInt8]) -> Void) throws(ZlibError) {
        try run(input, flush: Z_NO_FLUSH, sink: sink)
    }

    /// Primes the window with `dictionary` (the data just before this piece of a stream), so
    /// matches may reach back into it. Call before the first ``write(_:sink:)``.
    func setDictionary(_ dictionary: UnsafeBufferPointer<UInt8>) throws(ZlibError) {
        guard !dictionary.isEmpty else { return }
        let status = deflateSetDictionary(stream, dictionary.baseAddress, UInt32(dictionary.count))
        guard status == Z_OK else { throw ZlibError(code: status, message: "deflateSetDictionary failed") }
    }

    /// Flushes everything so far and ends on a byte boundary (an empty stored block), without
    /// ending the stream: what follows may be another deflater's output.
    func syncFlush(sink: ([UInt8]) -> Void) throws(ZlibError) {
        try run(UnsafeBufferPointer(start: nil, count: 0), flush: Z_SYNC_FLUSH, sink: sink)
    }

    /// Flushes everything and ends the stream.
    func finish(sink: ([UInt8]) -> Void) throws(ZlibError) {
        try run(UnsafeBufferPointer(start: nil, count: 0), flush: Z_FINISH, sink: sink)
    }

    private func run(_ input: UnsafeBufferPointer<UInt8>, flush: Int32, sink: ([UInt8]) -> Void) throws(ZlibError) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointee.avail_in = UInt32(input.count)
        let capacity = buffer.count
        while true {
            let (status, produced) = buffer.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = UInt32(capacity)
                let status = deflate(stream, flush)
                return (status, capacity - Int(stream.pointee.avail_out))
            }
            if status == Z_STREAM_ERROR { throw ZlibError(code: status, message: "deflate stream error") }
            if produced > 0 { sink(Array(buffer[0..<produced])) }
            if flush == Z_FINISH {
                if status == Z_STREAM_END { return }
            } else if status == Z_BUF_ERROR && produced == 0 {
                return  // nothing left to flush
            } else if stream.pointee.avail_in == 0 && produced < capacity {
                return
            }
        }
    }
}
