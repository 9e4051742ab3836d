import Testing

@testable import NinepipeCore

/// Issue 29: ISA-L's inflate (when this build has it) and zlib's give the same bytes from the
/// same data, however the input is cut and however small the output buffer, and refuse the
/// same broken streams.
@Suite("inflate engines")
struct InflateEngineTests {
    /// `count` bytes of compressible data (runs and noise, as PNG rows are).
    static func sample(_ count: Int) -> [UInt8] {
        var generator = SeededBytes(seed: 29)
        return (0..<count).map { index in index % 97 < 40 ? UInt8(index % 7) : generator.next() }
    }

    /// Inflates `stream` on `engine`, handing it `inputPiece` bytes at a time into an output
    /// buffer of `outputPiece` bytes.
    static func inflate(_ stream: [UInt8], engine: InflateEngine, inputPiece: Int, outputPiece: Int) throws -> [UInt8] {
        let inflater = try makeInflater(engine)
        var output: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: outputPiece, alignment: 1)
        defer { buffer.deallocate() }
        try stream.withUnsafeBufferPointer { all in
            var offset = 0
            while !inflater.finished {
                if inflater.needsInput {
                    guard offset < all.count else { break }
                    let end = min(all.count, offset + inputPiece)
                    inflater.setInput(UnsafeBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                }
                let written = try inflater.inflateOrThrow(into: buffer)
                output.append(contentsOf: buffer.prefix(written))
            }
        }
        return output
    }

    @Test("the same bytes from either engine, fed whole or one byte at a time, into big or 1-byte buffers", arguments: InflateEngine.available)
    func sameBytes(engine: InflateEngine) throws {
        let data = Self.sample(300_000)
        let stream = try Zlib.compress(data, level: 6)
        for (input, output) in [(stream.count, 1 << 20), (1, 4096), (7, 1), (65_536, 333)] {
            #expect(try Self.inflate(stream, engine: engine, inputPiece: input, outputPiece: output) == data, "\(engine): input \(input), output \(output)")
        }
    }

    @Test("a damaged checksum, header or block is an error on either engine, never bytes", arguments: InflateEngine.available)
    func refusesDamage(engine: InflateEngine) throws {
        let stream = try Zlib.compress(Self.sample(10_000), level: 6)
        var checksum = stream
        checksum[checksum.count - 1] ^= 0xFF
        var header = stream
        header[1] ^= 0x01
        var block = stream
        block[2] = 0xFF
        for broken in [checksum, header, block] {
            #expect(throws: ZlibError.self) { try Self.inflate(broken, engine: engine, inputPiece: 4096, outputPiece: 4096) }
        }
    }

    @Test("decoders use the fastest engine this build has")
    func preferred() {
        #expect(InflateEngine.preferred == InflateEngine.available[0])
        #expect(CompressionLibraries.inflate.name == (InflateEngine.preferred == .isal ? "ISA-L" : "zlib"))
    }
}
