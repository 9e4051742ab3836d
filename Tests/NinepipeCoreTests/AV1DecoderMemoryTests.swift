import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// An AVIF whose AV1 sequence header declares frames far larger than its `ispe` made
/// dav1d ask for 1.06 GB at once (heif fuzz target in CI). The files here are `small.avif`
/// (400×300, a reduced still-picture header at byte 272) with that header rewritten.
@Suite("AV1 decoder memory", .enabled(if: Requirement.met(HEIFCodec.isAvailable), "this build has no libheif (libheif-dev was missing)"))
struct AV1DecoderMemoryTests {
    /// The fields of small.avif's sequence header, and a writer that changes some of them.
    struct Header {
        var reduced = true
        var width = 400, height = 300
        var widthBits: Int?, heightBits: Int?

        /// The OBU payload: the fields dav1d reads, in its order; the colour config of small.avif.
        var payload: [UInt8] {
            var bits: [Bool] = []
            func put(_ value: Int, _ count: Int) { for shift in (0..<count).reversed() { bits.append(value >> shift & 1 == 1) } }
            put(0, 3)  // profile 0
            put(1, 1)  // still picture
            put(reduced ? 1 : 0, 1)
            if reduced {
                put(0, 5)  // level
            } else {
                put(0, 1)  // no timing info
                put(0, 1)  // no display model
                put(0, 5)  // one operating point
                put(0, 12)  // its idc
                put(0, 5)  // its level
            }
            let wBits = widthBits ?? max(1, (width - 1).bitWidth - (width - 1).leadingZeroBitCount)
            let hBits = heightBits ?? max(1, (height - 1).bitWidth - (height - 1).leadingZeroBitCount)
            put(wBits - 1, 4)
            put(hBits - 1, 4)
            put(width - 1, wBits)
            put(height - 1, hBits)
            if !reduced { put(0, 1) }  // no frame ids
            put(0b011, 3)  // 64×64 superblocks, filter intra and intra edge filter on
            if !reduced { put(0, 4 + 1 + 1 + 1) }  // no inter tools, no order hint, screen content off
            put(0, 3)  // no superres, cdef, restoration
            put(0, 1)  // 8 bits
            put(0, 1)  // not monochrome
            put(1, 1)  // colour description
            put(2, 8)
            put(2, 8)
            put(6, 8)  // primaries and transfer unspecified, BT.601 matrix
            put(1, 1)  // full range
            put(0, 2)  // chroma position
            put(0, 1)  // no separate uv delta q
            put(0, 1)  // no film grain
            put(1, 1)  // trailing bits
            while bits.count % 8 != 0 { bits.append(false) }
            return stride(from: 0, to: bits.count, by: 8).map { start in bits[start..<(start + 8)].reduce(0) { $0 << 1 | ($1 ? 1 : 0) } }
        }
    }

    static let original: [UInt8] = [0x18, 0x22, 0x31, 0xF2, 0xB6, 0x08, 0x10, 0x10, 0x34, 0x20]

    func small() throws -> [UInt8] { try TestFiles.bytes(HEIFTests.fixtures.appendingPathComponent("small.avif")) }

    /// small.avif with its sequence header OBU (at byte 272) replaced by `header`'s; the item's
    /// length in iloc and the mdat size follow.
    func avif(_ header: Header) throws -> [UInt8] {
        var file = try small()
        let payload = header.payload
        #expect(Array(file[274..<284]) == Self.original)
        file.replaceSubrange(272..<284, with: [0x0A, UInt8(payload.count)] + payload)
        let delta = payload.count - 10
        Self.add(delta, toUInt32At: 117, in: &file)  // iloc: the extent's length
        Self.add(delta, toUInt32At: 262, in: &file)  // mdat's size
        return file
    }

    static func add(_ delta: Int, toUInt32At offset: Int, in file: inout [UInt8]) {
        let value = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } + delta
        file.replaceSubrange(offset..<(offset + 4), with: (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) })
    }

    @Test("small.avif's sequence header reads as dav1d reads it; the writer here reproduces it byte for byte")
    func parsesTheHeader() throws {
        #expect(Header().payload == Self.original)
        let header = try #require(AV1SequenceHeader(parsing: Self.original[...]))
        #expect(header.maxWidth == 400 && header.maxHeight == 300 && header.reducedStillPicture && header.bitDepth == 8)
        #expect(header.subsampledX && header.subsampledY && !header.monochrome)
        #expect(header.largestFrame == (400, 300) && header.largestFrameBytes == 400 * 300 * 3 / 2)
        // A full header may override the size up to its bit widths (dav1d does not check the maximum).
        var full = Header()
        full.reduced = false
        let parsed = try #require(AV1SequenceHeader(parsing: full.payload[...]))
        #expect(!parsed.reducedStillPicture && parsed.maxWidth == 400 && parsed.largestFrame == (512, 512))
        // Cut short, or breaking a rule dav1d enforces (profile 3): not a header dav1d accepts.
        for cut in 0..<5 { #expect(AV1SequenceHeader(parsing: Self.original.prefix(cut)) == nil, "\(cut)") }
        #expect(AV1SequenceHeader(parsing: ([0xE0] + Self.original.dropFirst())[...]) == nil)
        // The stream walk counts frames and stops where dav1d would (a size past the end).
        let stream = AV1Stream(try small()[270..<2069])
        #expect(stream.sequenceHeaders.map(\.offset) == [2] && stream.frameCount == 1)
        #expect(AV1Stream([0x0A, 0x7F, 0x18][...]).sequenceHeaders.isEmpty)
    }

    @Test("an AVIF declaring 30000×30000 frames in a 400×300 item is refused before dav1d allocates (it took 2.75 GB)")
    func refusesAnEnormousFrame() throws {
        var huge = Header()
        (huge.width, huge.height) = (30000, 30000)
        let file = try avif(huge)
        let error = try #require(throws: LimitError.self) { try HEIFDecoder().decode(file) }
        #expect(
            "\(error)".hasPrefix("the AV1 data at byte 272, whose sequence header allows frames up to 30000×30000 at 8 bits needs 2574 MiB"),
            "\(error)")
        // Reading its header says how the two sizes disagree.
        let mismatch = try #require(throws: HEIFError.self) { try HEIFDecoder().readInfo(file) }
        #expect("\(mismatch)".contains("the image data is 30000×30000, but the file declares 400×300"), "\(mismatch)")
        // The same file declaring its true size decodes, under the fuzz target's small limits too.
        let fuzzLimits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
        #expect(try HEIFDecoder(limits: fuzzLimits).decode(avif(Header())).width == 400)
        // A frame within the default limits but not the fuzz target's: refused only there.
        var large = Header()
        (large.width, large.height) = (6000, 6000)  // 2 × 54 MB, over 8 × 4 Mi + 64 MiB
        #expect(throws: LimitError.self) { try HEIFDecoder(limits: fuzzLimits).decode(avif(large)) }
        // A full header's size override: 400×300 declared, 16-bit widths: up to 65536×65536.
        var override = Header()
        override.reduced = false
        (override.widthBits, override.heightBits) = (16, 16)
        let overridden = try #require(throws: LimitError.self) { try HEIFDecoder().decode(avif(override)) }
        #expect("\(overridden)".contains("allows frames up to 65536×65536"), "\(overridden)")
    }

    @Test("a sequence header in the av1C box, which libheif puts in front of the item's data, is bounded too")
    func refusesAnEnormousConfiguration() throws {
        var huge = Header()
        (huge.width, huge.height) = (40000, 40000)
        let obu: [UInt8] = [0x0A, UInt8(huge.payload.count)] + huge.payload
        var file = try small()
        // av1C is at byte 191 (12 bytes), inside ipco (164), iprp (156), meta (28); the item's data moves too.
        file.insert(contentsOf: obu, at: 203)
        for box in [191, 164, 156, 28] { Self.add(obu.count, toUInt32At: box, in: &file) }
        Self.add(obu.count, toUInt32At: 107, in: &file)  // iloc: the item's base offset
        let error = try #require(throws: LimitError.self) { try HEIFDecoder().decode(file) }
        #expect("\(error)".hasPrefix("the AV1 data at byte 203 (in an av1C box), whose sequence header allows frames up to 40000×40000"), "\(error)")
        // The same box holding the item's own header: decodes.
        var same = try small()
        let own: [UInt8] = [0x0A, 10] + Self.original
        same.insert(contentsOf: own, at: 203)
        for box in [191, 164, 156, 28] { Self.add(own.count, toUInt32At: box, in: &same) }
        Self.add(own.count, toUInt32At: 107, in: &same)
        #expect(try HEIFDecoder().decode(same).width == 400)
    }

    @Test("items whose pieces name the same bytes again and again are refused before they are read")
    func overlappingItemsAreRefused() throws {
        /// `meta` { `iinf` with `count` av01 items, `iloc` giving each the whole file }, then padding.
        func file(items count: Int, padding: Int) -> [UInt8] {
            func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
                var bytes: [UInt8] = []
                bytes.appendBigEndian(UInt32(payload.count + 8))
                return bytes + Array(type.utf8) + payload
            }
            var infes: [UInt8] = []
            var locations: [UInt8] = []
            for id in 1...count {
                var infe: [UInt8] = [2, 0, 0, 0]
                infe.appendBigEndian(UInt16(id))
                infe += [0, 0] + Array("av01".utf8)
                infes += box("infe", infe)
                locations.appendBigEndian(UInt16(id))
                locations += [0, 0, 0, 1]  // data_reference_index 0, one extent
                locations += [0, 0, 0, 0, 0, 0, 0, 0]  // offset 0, length 0: the whole file
            }
            var iinf: [UInt8] = [0, 0, 0, 0]
            iinf.appendBigEndian(UInt16(count))
            var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00]
            iloc.appendBigEndian(UInt16(count))
            let meta = box("meta", [0, 0, 0, 0] + box("iinf", iinf + infes) + box("iloc", iloc + locations))
            return meta + [UInt8](repeating: 0x80, count: padding)
        }
        // One item over the whole file: read once, nothing in it.
        try AV1DecoderMemory.check(file(items: 1, padding: 1000), limits: .default)
        let error = try #require(throws: HEIFError.self) { try AV1DecoderMemory.check(file(items: 2, padding: 1000), limits: .default) }
        #expect("\(error)".contains("add up to more bytes than the file has"), "\(error)")
        #expect(HEIFItemLocations(file(items: 3, padding: 10)).items.count == 3)
    }
}
