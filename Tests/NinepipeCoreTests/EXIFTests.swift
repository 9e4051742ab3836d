import Testing

@testable import NinepipeCore

/// Writing the orientation into EXIF blocks as cameras and phones leave them (found by the
/// `info` fuzz target: a block without an orientation tag was written back unchanged, so a
/// turned image lost its orientation on save).
@Suite("EXIF orientation writing")
struct EXIFTests {
    /// A TIFF block with IFD0 = Make (ASCII at offset 38) and a GPS IFD pointer, no orientation.
    static func cameraBlock(bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var block = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8)
        block += u16(2)
        block += u16(0x010F) + u16(2) + u32(6) + u32(38)  // Make: "Pixel" at 38
        block += u16(0x8825) + u16(4) + u32(1) + u32(44)  // GPS IFD at 44
        block += u32(0)  // no next IFD
        block += Array("Pixel\0".utf8)  // 38…43
        block += u16(1) + u16(0x0002) + u16(5) + u32(3) + u32(0) + u32(0)  // GPS: latitude (offset unused here)
        return block
    }

    @Test("a block without an orientation tag gains one; every other entry and byte survives", arguments: [true, false])
    func addsTag(bigEndian: Bool) throws {
        let original = Self.cameraBlock(bigEndian: bigEndian)
        #expect(EXIF.orientation(in: original) == nil)
        let written = try #require(EXIF.block(original, orientation: .right))
        #expect(EXIF.orientation(in: written) == .right)
        #expect(Array(written[8..<original.count]) == Array(original[8..<original.count]), "data before the new IFD is untouched")
        // The new IFD0 holds Make, Orientation, GPS pointer, in tag order.
        let ifd = bigEndian ? Int(written[6]) << 8 | Int(written[7]) : Int(written[5]) << 8 | Int(written[4])
        #expect(ifd % 2 == 0 && ifd >= original.count)
        func tag(_ index: Int) -> Int {
            let at = ifd + 2 + index * 12
            return bigEndian ? Int(written[at]) << 8 | Int(written[at + 1]) : Int(written[at + 1]) << 8 | Int(written[at])
        }
        #expect([tag(0), tag(1), tag(2)] == [0x010F, 0x0112, 0x8825])
        #expect(EXIF.block(original, orientation: .up) == original, "no tag already means up")
    }

    @Test("an unreadable block is replaced by a minimal one rather than losing the orientation")
    func unreadable() throws {
        let written = try #require(EXIF.block([1, 2, 3, 4, 5, 6, 7, 8, 9], orientation: .leftMirrored))
        #expect(EXIF.orientation(in: written) == .leftMirrored)
    }

    @Test("through PNG and JPEG: an image tagged right with a camera block comes back tagged right, GPS kept")
    func throughCodecs() throws {
        var image = Image(width: 4, height: 2, layout: .rgb, depth: .eight, fill: [10, 20, 30])
        image.metadata.exif = Self.cameraBlock(bigEndian: true)
        image.metadata.orientation = .right
        for bytes in [try PNGEncoder().encode(image), try JPEGEncoder().encode(image)] {
            let decoded = try ImageCodecRegistry.builtIn.decode(bytes)
            #expect(decoded.metadata.orientation == .right)
            let exif = try #require(decoded.metadata.exif)
            #expect(exif.count > 44 && Array(exif[38..<43]) == Array("Pixel".utf8))
        }
    }
}
