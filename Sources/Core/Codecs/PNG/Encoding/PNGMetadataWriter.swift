/// The ancillary chunks that carry ``ImageMetadata`` back into a PNG, in the order they are written.
enum PNGMetadataWriter {
    /// Chunks that go between `IHDR` and `PLTE`/`IDAT`.
    static func chunks(for metadata: ImageMetadata) throws -> [(PNGChunkType, [UInt8])] {
        var chunks: [(PNGChunkType, [UInt8])] = []
        // aapt's order: npOl, npLb (only when a bound is non-zero), npTc, right after IHDR.
        if let ninePatch = metadata.ninePatch {
            if let outline = ninePatch.outline { chunks.append((.outline, outline.serialized)) }
            if let bounds = ninePatch.layoutBounds, !bounds.insets.isZero { chunks.append((.layoutBounds, bounds.serialized)) }
            if let chunk = ninePatch.chunk { chunks.append((.ninePatch, chunk.serialized)) }
        }
        if let profile = metadata.iccProfile {
            var body = Array(Self.keyword(profile.name).utf8)
            body.append(0)
            body.append(0)
            body.append(contentsOf: try Zlib.compress(profile.data))
            chunks.append((.iccProfile, body))
        } else {
            if let intent = metadata.sRGBIntent { chunks.append((.sRGB, [intent])) }
            if let gamma = metadata.gamma {
                var body: [UInt8] = []
                body.appendBigEndian(gamma)
                chunks.append((.gamma, body))
            }
        }
        if let density = metadata.density {
            var body: [UInt8] = []
            body.appendBigEndian(density.horizontal)
            body.appendBigEndian(density.vertical)
            body.append(density.unit.rawValue)
            chunks.append((.physicalDimensions, body))
        }
        if let exif = EXIF.block(metadata.exif, orientation: metadata.orientation) {
            chunks.append((.exif, exif))
        }
        for entry in metadata.text {
            let keyword = Array(Self.keyword(entry.keyword).unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
            if entry.text.unicodeScalars.allSatisfy({ $0.value < 256 }) {
                chunks.append((.text, keyword + [0] + entry.text.unicodeScalars.map { UInt8($0.value) }))
            } else {
                chunks.append((.internationalText, keyword + [0, 0, 0, 0, 0] + Array(entry.text.utf8)))
            }
        }
        return chunks
    }

    /// A keyword PNG accepts: Latin-1, 1–79 characters.
    private static func keyword(_ name: String) -> String {
        let scalars = name.unicodeScalars.filter { $0.value >= 32 && $0.value < 256 && $0 != "\u{7F}" }.prefix(79)
        let result = String(String.UnicodeScalarView(scalars))
        return result.isEmpty ? "ICC Profile" : result
    }
}
