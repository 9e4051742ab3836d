import Testing

@testable import NinepipeCore

/// ISA-L's inflate (when this build has it) and zlib's give the same bytes from the
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

extension InflateEngineTests {
    /// A 1200×900 RGBA picture (4.3 MB of rows: the row decoder inflates ahead on another thread).
    static let large: Image = {
        var generator = SeededBytes(seed: 7)
        var samples = [UInt8](repeating: 0, count: 1200 * 900 * 4)
        for index in samples.indices { samples[index] = index % 5 == 0 ? generator.next() : UInt8(truncatingIfNeeded: index / 4800) }
        return Image(width: 1200, height: 900, layout: .rgba, samples: samples)
    }()

    @Test("a large PNG inflated ahead on another thread: the same pixels whole, streamed and by region, on every engine", arguments: InflateEngine.available)
    func overlapped(engine: InflateEngine) throws {
        let bytes = try PNGEncoder(compressionLevel: 6).encode(Self.large)
        var decoder = PNGDecoder()
        decoder.inflateEngine = engine
        #expect(try decoder.decode(bytes).storage == Self.large.storage)
        let region = PixelRect(x: 100, y: 700, width: 300, height: 150)
        #expect(try decoder.decode(bytes, region: region).storage == Self.large.cropped(to: region).storage)
        let streamed = try #require(try PNGDecoder().bands(bytes))
        #expect(try streamed.materialized(bandRows: 37).storage == Self.large.storage)
    }

    @Test("damage halfway through a large PNG's data stops the rows below it only", arguments: InflateEngine.available)
    func damageHalfway(engine: InflateEngine) throws {
        var bytes = try PNGEncoder(compressionLevel: 6).encode(Self.large)
        // Break the zlib data about two thirds in, and give its IDAT chunk a CRC that matches, so
        // the stream itself is what fails.
        let structure = try PNGStructure.read(bytes, limits: .default) { _ in }
        let data = try #require(structure.imageData.first)
        bytes[data.lowerBound + data.count * 2 / 3] ^= 0x55
        let crc = Array(bytes[(data.lowerBound - 4)..<data.upperBound]).withUnsafeBytes { Zlib.crc32($0) }
        for (offset, shift) in [24, 16, 8, 0].enumerated() { bytes[data.upperBound + offset] = UInt8(truncatingIfNeeded: crc >> UInt32(shift)) }
        var decoder = PNGDecoder()
        decoder.inflateEngine = engine
        let top = PixelRect(x: 0, y: 0, width: 1200, height: 100)
        #expect(try decoder.decode(bytes, region: top).storage == Self.large.cropped(to: top).storage)
        #expect(throws: (any Error).self) { try decoder.decode(bytes) }
    }
}
