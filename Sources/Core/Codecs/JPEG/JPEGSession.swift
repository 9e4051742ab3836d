import CJPEGShim

/// One libjpeg decompressor over borrowed bytes; destroyed when released.
final class JPEGSession {
    let decoder: OpaquePointer
    /// The decoded width once started (after scaling).
    var outputWidth: UInt32 = 0
    let header: njs_header
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw JPEGError.corrupt("not a JPEG file: it does not start with the SOI marker FF D8")
        }
        guard let decoder = njs_decoder_create(bytes.baseAddress, bytes.count) else {
            throw JPEGError.corrupt("out of memory creating a decoder")
        }
        self.decoder = decoder
        self.bytes = bytes
        var header = njs_header()
        let status = njs_decoder_read_header(decoder, &header)
        self.header = header
        try check(status)
    }

    deinit { njs_decoder_destroy(decoder) }

    func check(_ status: Int32) throws {
        if status != 0 {
            let message = String(cString: njs_decoder_error(decoder))
            if message.contains("Premature end") || message.contains("Empty input") {
                throw JPEGError.truncated(message)
            }
            throw JPEGError.corrupt(message.isEmpty ? "libjpeg failed" : message)
        }
    }

    /// Decodes up to `count` rows into `out` (rows `stride` bytes apart), 16 at a time; returns
    /// how many came (fewer when the data ends).
    func readRows(into out: UnsafeMutablePointer<UInt8>, stride: Int, count: Int) throws -> Int {
        var done = 0
        while done < count {
            var got: UInt32 = 0
            try check(njs_decoder_read_rows(decoder, out + done * stride, stride, UInt32(min(16, count - done)), &got))
            if got == 0 { break }
            done += Int(got)
        }
        return done
    }

    /// EXIF (and its orientation) and ICC from the saved APP1/APP2 markers.
    func metadata(limits: ImageLimits) -> ImageMetadata {
        var metadata = ImageMetadata()
        var iccPieces: [(Int, [UInt8])] = []
        let exifPrefix = JPEGSegments.exifSignature
        let iccPrefix = JPEGSegments.iccSignature
        for index in 0..<njs_decoder_marker_count(decoder) {
            var code: Int32 = 0
            var data: UnsafePointer<UInt8>?
            var length = 0
            njs_decoder_marker(decoder, index, &code, &data, &length)
            guard let data, length > 0 else { continue }
            let payload = Array(UnsafeBufferPointer(start: data, count: length))
            if code == 0xE1, payload.starts(with: exifPrefix), metadata.exif == nil {
                let block = Array(payload.dropFirst(6))
                metadata.exif = block
                metadata.orientation = EXIF.orientation(in: block) ?? .up
            } else if code == 0xE2, payload.starts(with: iccPrefix), payload.count > 14 {
                iccPieces.append((Int(payload[12]), Array(payload.dropFirst(14))))
            }
        }
        if !iccPieces.isEmpty {
            let data = iccPieces.sorted { $0.0 < $1.0 }.flatMap(\.1)
            if data.count <= limits.maxMetadataBytes { metadata.iccProfile = ICCProfile(data: data) }
        }
        return metadata
    }

    /// Density from a JFIF APP0 segment, read directly from the bytes (libjpeg does not save APP0).
    var density: PhysicalDensity? {
        // SOI, then APP0: FF E0, length, "JFIF\0", version(2), units, Xdensity(2), Ydensity(2)
        guard bytes.count >= 20, bytes[2] == 0xFF, bytes[3] == 0xE0,
            Array(bytes[6..<11]) == Array("JFIF\0".utf8)
        else { return nil }
        let units = bytes[13]
        let x = Double(UInt16(bytes[14]) << 8 | UInt16(bytes[15]))
        let y = Double(UInt16(bytes[16]) << 8 | UInt16(bytes[17]))
        switch units {
        case 1: return PhysicalDensity(horizontal: UInt32((x / 0.0254).rounded()), vertical: UInt32((y / 0.0254).rounded()), unit: .meter)
        case 2: return PhysicalDensity(horizontal: UInt32(x * 100), vertical: UInt32(y * 100), unit: .meter)
        default: return nil
        }
    }
}
