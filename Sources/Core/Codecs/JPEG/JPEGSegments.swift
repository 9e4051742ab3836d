/// The marker segments of a JPEG file up to its first scan, read without decoding: where each
/// segment lies, and the frame header's size and sampling. Every offset is bounds-checked.
struct JPEGSegments: Sendable {
    /// One marker segment: `FF marker`, a two-byte length, then its payload.
    struct Segment: Sendable, Hashable {
        /// The marker's second byte (`0xE1` for APP1).
        var marker: UInt8
        /// The whole segment, marker bytes included.
        var range: Range<Int>
        /// The payload after the length bytes.
        var payload: Range<Int>
    }

    /// The frame header (SOF): size, components and their sampling.
    struct Frame: Sendable {
        /// The SOF marker's second byte (`0xC0` baseline, `0xC2` progressive, …).
        var marker: UInt8
        /// Width and height in pixels.
        var width: Int, height: Int
        /// Each component's horizontal and vertical sampling factors.
        var sampling: [(horizontal: Int, vertical: Int)]

        /// The MCU's size in pixels: 8×8 for one component, else 8 times the largest factors.
        var mcuWidth: Int { sampling.count == 1 ? 8 : 8 * (sampling.map(\.horizontal).max() ?? 1) }
        /// The MCU's height in pixels.
        var mcuHeight: Int { sampling.count == 1 ? 8 : 8 * (sampling.map(\.vertical).max() ?? 1) }
        /// Whether the scans are progressive.
        var isProgressive: Bool { [0xC2, 0xCA].contains(marker) }
        /// Whether the coefficients are Huffman or arithmetic coded DCT (not lossless or hierarchical JPEG).
        var isDCT: Bool { [0xC0, 0xC1, 0xC2, 0xC9, 0xCA].contains(marker) }
    }

    /// The segments between SOI and the first SOS, in file order.
    var segments: [Segment]
    /// The frame header, when one came before the first scan.
    var frame: Frame?
    /// Where the first SOS marker starts.
    var scanStart: Int

    /// Reads the segments of `bytes`; `nil` when they are not a JPEG's or end before a scan.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        var segments: [Segment] = []
        var frame: Frame?
        while offset + 4 <= bytes.count {
            // Stray bytes before a marker are skipped, as libjpeg does (with a warning it ignores).
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            let marker = bytes[offset + 1]
            if marker == 0xFF || marker == 0x00 {  // a fill byte, or a stray 0xFF
                offset += 1
                continue
            }
            if marker == 0xDA {
                self.segments = segments
                self.frame = frame
                scanStart = offset
                return
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let payload = (offset + 4)..<(offset + 2 + length)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                frame = Self.frame(marker: marker, payload: bytes[payload])
            }
            segments.append(Segment(marker: marker, range: offset..<(offset + 2 + length), payload: payload))
            offset += 2 + length
        }
        return nil
    }

    private static func frame(marker: UInt8, payload: ArraySlice<UInt8>) -> Frame? {
        let p = Array(payload)
        guard p.count >= 6 else { return nil }
        let height = Int(p[1]) << 8 | Int(p[2])
        let width = Int(p[3]) << 8 | Int(p[4])
        let count = Int(p[5])
        guard count >= 1, p.count >= 6 + 3 * count else { return nil }
        let sampling = (0..<count).map { index in
            (horizontal: max(1, Int(p[7 + 3 * index] >> 4)), vertical: max(1, Int(p[7 + 3 * index] & 0x0F)))
        }
        return Frame(marker: marker, width: width, height: height, sampling: sampling)
    }

    /// What APP1 EXIF, APP1 XMP, APP2 ICC and APP2 MPF payloads start with.
    static let exifSignature = Array("Exif\0\0".utf8)
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let iccSignature = Array("ICC_PROFILE\0".utf8)
    static let mpfSignature = Array("MPF\0".utf8)

    /// Whether `segment`'s payload starts with `signature` (``exifSignature``, ``iccSignature``…).
    static func payload(of segment: Segment, in bytes: [UInt8], startsWith signature: [UInt8]) -> Bool {
        segment.payload.count >= signature.count && bytes[segment.payload.lowerBound..<(segment.payload.lowerBound + signature.count)].elementsEqual(signature)
    }
}
