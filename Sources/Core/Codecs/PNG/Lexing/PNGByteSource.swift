/// The bytes of a PNG file as the chunk reader sees them: all in memory, or a file read by
/// position so that a large image is never held whole.
protocol PNGByteSource: SendableMetatype {
    /// The file's length.
    var count: Int { get }
    /// The bytes in `range` (inside the file).
    func slice(_ range: Range<Int>) throws(PNGError) -> ArraySlice<UInt8>
    /// The CRC-32 of the bytes in `range`.
    func crc32(_ range: Range<Int>) throws(PNGError) -> UInt32
    /// Copies the bytes in `range` (inside the file) into `buffer`, which holds exactly that many.
    func copy(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws(PNGError)
    /// Hands the bytes in `range` to `body` in pieces, in order.
    func forEachPiece(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
}

extension Array: PNGByteSource where Element == UInt8 {
    func slice(_ range: Range<Int>) throws(PNGError) -> ArraySlice<UInt8> { self[range] }

    func crc32(_ range: Range<Int>) throws(PNGError) -> UInt32 {
        withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    func copy(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws(PNGError) {
        withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    func forEachPiece(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

extension FileBytes: PNGByteSource {
    /// Bytes read per piece when streaming a range.
    static let pieceSize = 256 << 10

    func slice(_ range: Range<Int>) throws(PNGError) -> ArraySlice<UInt8> {
        let bytes: [UInt8]
        do { bytes = try self.bytes(range) } catch { throw .unreadable(offset: range.lowerBound, reason: error.description) }
        guard bytes.count == range.count else { throw .unreadable(offset: range.lowerBound + bytes.count, reason: "the file became shorter while it was read") }
        return bytes[...]
    }

    func crc32(_ range: Range<Int>) throws(PNGError) -> UInt32 {
        var crc: UInt32 = 0
        do {
            try forEachPiece(range) { crc = Zlib.crc32(UnsafeRawBufferPointer($0), crc: crc) }
        } catch let error as PNGError {
            throw error
        } catch {
            throw .unreadable(offset: range.lowerBound, reason: "\(error)")
        }
        return crc
    }

    func copy(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws(PNGError) {
        let got: Int
        do { got = try read(into: buffer, at: range.lowerBound) } catch { throw .unreadable(offset: range.lowerBound, reason: error.description) }
        guard got == range.count else { throw .unreadable(offset: range.lowerBound + got, reason: "the file became shorter while it was read") }
    }

    func forEachPiece(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: Swift.min(range.count, Self.pieceSize))
        var offset = range.lowerBound
        while offset < range.upperBound {
            let want = Swift.min(buffer.count, range.upperBound - offset)
            var failure: FileError?
            let got = buffer.withUnsafeMutableBytes { raw in
                do throws(FileError) { return try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]), at: offset) } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw PNGError.unreadable(offset: offset, reason: failure.description) }
            guard got == want else { throw PNGError.unreadable(offset: offset + got, reason: "the file became shorter while it was read") }
            try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<got])) }
            offset += got
        }
    }
}
