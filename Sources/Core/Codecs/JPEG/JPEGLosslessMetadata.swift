/// The markers of a losslessly edited JPEG made true of its new geometry: EXIF (orientation set
/// to the edit's ``LosslessEdit/recordedOrientation``, pixel dimensions updated, the thumbnail
/// turned the same way or dropped after a crop), XMP (its orientation), ICC and comments kept,
/// the edit's `stripped` kinds left out, and an MPF index (phones' depth and gain maps after the
/// picture) dropped, since what it points at is not carried.
struct JPEGLosslessMetadata {
    /// The edit that was applied.
    var edit: LosslessEdit
    /// What it kept.
    var plan: LosslessEdit.Plan

    /// `transformed` (the moved coefficients, every marker of the input copied) with its metadata
    /// made true of the new geometry and the `stripped` kinds left out.
    func rewrite(_ transformed: [UInt8], warn: (String) -> Void) throws(LosslessEditError) -> [UInt8] {
        guard let parsed = JPEGSegments(transformed) else { throw .failed("the transformed file has no scan") }
        var result: [UInt8] = [0xFF, 0xD8]
        var wroteEXIF = false
        for segment in parsed.segments {
            let payload = Array(transformed[segment.payload])
            let starts = { (signature: [UInt8]) in JPEGSegments.payload(of: segment, in: transformed, startsWith: signature) }
            switch segment.marker {
            case 0xE1 where starts(JPEGSegments.exifSignature):
                guard !wroteEXIF, let block = exif(EXIF.stripPrefix(payload), warn: warn) else { continue }
                wroteEXIF = true
                Self.append(0xE1, JPEGSegments.exifSignature + block, to: &result)
            case 0xE1 where starts(JPEGSegments.xmpSignature):
                let xmp = Array(payload.dropFirst(JPEGSegments.xmpSignature.count))
                if edit.stripped.contains(.exif) || (edit.stripped.contains(.location) && Self.firstIndex(of: Array("GPS".utf8), in: xmp) != nil) { continue }
                Self.append(0xE1, JPEGSegments.xmpSignature + Self.settingOrientation(edit.recordedOrientation, inXMP: xmp), to: &result)
            case 0xE2 where starts(JPEGSegments.iccSignature):
                if !edit.stripped.contains(.icc) { result += transformed[segment.range] }
            case 0xE2 where starts(JPEGSegments.mpfSignature):
                continue  // points at pictures after the end of this one, which are not carried
            case 0xFE:
                if !edit.stripped.contains(.text) { result += transformed[segment.range] }
            case 0xED, 0xE1:
                if !edit.stripped.contains(.exif) { result += transformed[segment.range] }  // IPTC, other APP1
            default:
                if !edit.stripped.contains(.all) || !(0xE0...0xEF).contains(segment.marker) || segment.marker == 0xEE || segment.marker == 0xE0 {
                    result += transformed[segment.range]
                }
            }
        }
        // A stripped EXIF still records an orientation the pixels need.
        if !wroteEXIF, edit.recordedOrientation != .up, let block = EXIF.block(nil, orientation: edit.recordedOrientation) {
            Self.append(0xE1, JPEGSegments.exifSignature + block, to: &result)
        }
        result += transformed[parsed.scanStart...]
        return result
    }

    /// The EXIF block for the output, or `nil` to leave it out.
    private func exif(_ block: [UInt8], warn: (String) -> Void) -> [UInt8]? {
        if edit.stripped.contains(.exif) { return edit.recordedOrientation == .up ? nil : EXIF.block(nil, orientation: edit.recordedOrientation) }
        var block = EXIF.block(block, orientation: edit.recordedOrientation) ?? block
        if edit.stripped.contains(.location) { block = EXIF.removingLocation(from: block) ?? block }
        block = EXIF.settingPixelDimensions(width: plan.kept.width, height: plan.kept.height, in: block)
        if let location = EXIF.thumbnailLocation(in: block) {
            // The thumbnail turns with the picture (as exiftran does); after a crop it no longer shows the picture.
            var thumbnail: [UInt8]?
            if edit.crop == nil {
                thumbnail =
                    edit.orientation == .up
                    ? Array(block[location.range])
                    : try? JPEGCodec.transform(Array(block[location.range]), orientation: edit.orientation, crop: nil, progressive: false, limits: .default)
            }
            block = EXIF.replacingThumbnail(in: block, with: thumbnail)
        }
        // An APP1 segment holds at most 65,533 bytes after its length.
        if block.count + JPEGSegments.exifSignature.count > 65_533 {
            block = EXIF.replacingThumbnail(in: block, with: nil)
            if block.count + JPEGSegments.exifSignature.count > 65_533 {
                warn("the EXIF block no longer fits a JPEG segment and was left out")
                return nil
            }
        }
        return block
    }

    /// XMP text with its `tiff:Orientation` (attribute or element) set to `orientation`.
    static func settingOrientation(_ orientation: Orientation, inXMP xmp: [UInt8]) -> [UInt8] {
        var text = xmp
        for (open, close) in [("tiff:Orientation=\"", "\""), ("<tiff:Orientation>", "</tiff:Orientation>")] {
            guard let start = firstIndex(of: Array(open.utf8), in: text) else { continue }
            let valueStart = start + open.utf8.count
            guard let length = firstIndex(of: Array(close.utf8), in: Array(text[valueStart...])), length <= 2 else { continue }
            text.replaceSubrange(valueStart..<(valueStart + length), with: Array(String(orientation.rawValue).utf8))
        }
        return text
    }

    /// Where `needle` first starts in `haystack`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }

    private static func append(_ marker: UInt8, _ payload: [UInt8], to bytes: inout [UInt8]) {
        let length = payload.count + 2
        bytes += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
