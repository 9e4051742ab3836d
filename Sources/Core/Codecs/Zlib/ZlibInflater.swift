import CZlib

/// zlib's inflate: the decompressor every build has.
final class ZlibInflater: Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private(set) var finished = false

    init() throws(ZlibError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw ZlibError(code: status, message: "inflateInit failed")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Whether all input given so far has been consumed.
    var needsInput: Bool { stream.pointee.avail_in == 0 }

    /// Hands zlib the next piece of compressed input.
    func setInput(_ input: UnsafeBufferPointer<UInt8>) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointee.avail_in = UInt32(input.count)
    }

    func inflate(into output: UnsafeMutableRawBufferPointer) -> InflateStep {
        guard !finished, output.count > 0 else { return InflateStep(written: 0) }
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let written = output.count - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK, Z_BUF_ERROR: break
        case Z_STREAM_END: finished = true
        default: return InflateStep(written: written, failure: ZlibError(code: status, message: currentMessage(status)))
        }
        return InflateStep(written: written)
    }

    private func currentMessage(_ status: Int32) -> String {
        if let message = stream.pointee.msg { return String(cString: message) }
        return status == Z_NEED_DICT ? "a preset dictionary is required" : "invalid compressed data"
    }
}
