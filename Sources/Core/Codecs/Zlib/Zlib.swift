import CZlib

/// One-shot zlib helpers for small blocks (ICC profiles, compressed text) and CRC-32.
enum Zlib {
    /// Decompresses a complete zlib stream, refusing output over `limit` bytes.
    static func decompress(_ input: ArraySlice<UInt8>, limit: Int) throws(ZlibError) -> [UInt8] {
        let inflater = try makeInflater()
        var output: [UInt8] = []
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 15, alignment: 1)
        defer { piece.deallocate() }
        var failure: ZlibError?
        input.withUnsafeBufferPointer { pointer in
            inflater.setInput(pointer)
            do throws(ZlibError) {
                while !inflater.finished {
                    let written = try inflater.inflateOrThrow(into: piece)
                    if written == 0 {
                        if !inflater.finished { failure = ZlibError(code: Z_BUF_ERROR, message: "compressed data ends early") }
                        break
                    }
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[0..<written]))
                    if output.count > limit {
                        failure = ZlibError(code: Z_MEM_ERROR, message: "decompresses to more than \(limit) bytes")
                        break
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Compresses bytes into a complete zlib stream.
    static func compress(_ input: [UInt8], level: Int32 = 9) throws(ZlibError) -> [UInt8] {
        let deflater = try Deflater(level: level)
        var output: [UInt8] = []
        var failure: ZlibError?
        input.withUnsafeBufferPointer { pointer in
            do throws(ZlibError) {
                try deflater.write(pointer) { output.append(contentsOf: $0) }
                try deflater.finish { output.append(contentsOf: $0) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return output
    }

    /// CRC-32 of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: UnsafeRawBufferPointer, crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        return UInt32(truncatingIfNeeded: CZlib.crc32(UInt(crc), base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count)))
    }
}
