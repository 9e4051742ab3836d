import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Lossless JPEG turns, flips and crops on DCT coefficients, compared with `jpegtran`
/// (libjpeg-turbo-progs) coefficient for coefficient, and their metadata.
@Suite("lossless JPEG transforms")
struct JPEGLosslessTests {
    static let photos = JPEGTests.fixtures.appendingPathComponent("photos")
    static let jpegtran = ["/usr/bin/jpegtran", "/usr/local/bin/jpegtran", "/opt/homebrew/bin/jpegtran"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// jpegtran's spelling of each turn.
    static let turnFlags: [Orientation: [String]] = [
        .up: [], .upMirrored: ["-flip", "horizontal"], .down: ["-rotate", "180"], .downMirrored: ["-flip", "vertical"],
        .leftMirrored: ["-transpose"], .right: ["-rotate", "90"], .rightMirrored: ["-transverse"], .left: ["-rotate", "270"],
    ]

    /// `jpegtran ARGUMENTS` on `bytes`.
    static func jpegtran(_ arguments: [String], _ bytes: [UInt8]) throws -> [UInt8] {
        let folder = try TemporaryFolder.make("jpegtran")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/in.jpg"
        let output = folder + "/out.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        _ = try ChildProcess.output(of: try #require(jpegtran), arguments + ["-outfile", output, input])
        return try TestFiles.bytes(URL(fileURLWithPath: output))
    }

    @Test("orientations compose as applying one after the other; rectangles follow the turn")
    func algebra() throws {
        let image = Image(width: 3, height: 2, layout: .gray, samples: (0..<6).map { UInt8($0 * 40) })
        for first in Orientation.allCases {
            for next in Orientation.allCases {
                #expect(image.applying(first).applying(next).storage == image.applying(first.followed(by: next)).storage, "\(first) then \(next)")
            }
            // Cropping then turning equals turning then cropping the turned rectangle.
            let rect = PixelRect(x: 1, y: 0, width: 2, height: 1)
            let cropped = image.cropped(to: rect).applying(first)
            let turned = image.applying(first).cropped(to: rect.applying(first, width: 3, height: 2))
            #expect(cropped.storage == turned.storage, "\(first)")
        }
    }

    @Test(
        "all eight turns with -trim equal jpegtran's coefficients; only aligned edges are exact",
        .enabled(if: Requirement.met(JPEGLosslessTests.jpegtran != nil), "jpegtran is not installed (Debian: libjpeg-turbo-progs)"))
    func turns() throws {
        let bytes = try TestFiles.bytes(Self.photos.appendingPathComponent("rocket.jpg"))  // 640×427: 427 rows leave a partial block row
        let frame = try #require(JPEGSegments(bytes)?.frame)
        #expect(640 % frame.mcuWidth == 0 && 427 % frame.mcuHeight != 0)
        for orientation in Orientation.allCases {
            let transform = LosslessEdit(orientation: orientation, allowsTrimming: true)
            let (ours, plan) = try JPEGCodec().apply(transform, to: bytes)
            let theirs = try Self.jpegtran(["-copy", "all", "-trim"] + (Self.turnFlags[orientation] ?? []), bytes)
            #expect(try JPEGCoefficients(ours) == JPEGCoefficients(theirs), "\(orientation)")
            let decoded = try JPEGDecoder().decode(ours)
            #expect(decoded.width == plan.kept.width && decoded.height == plan.kept.height, "\(orientation)")
            // 640 is a whole number of blocks, 427 is not: turns that move the bottom edge trim it.
            let movesBottom: Set<Orientation> = [.downMirrored, .down, .rightMirrored, .right]
            #expect(plan.isExact == !movesBottom.contains(orientation), "\(orientation)")
            if movesBottom.contains(orientation) {
                #expect(throws: LosslessEditError.self) { try JPEGCodec().plan(LosslessEdit(orientation: orientation), for: bytes) }
                #expect(plan.kept.width * plan.kept.height == 640 * (427 - 427 % frame.mcuHeight))
            }
        }
    }

    @Test(
        "every sampling (4:2:0, 4:2:2, 4:4:0, 2×4, 4×2, gray, CMYK, progressive, arithmetic): all eight turns, and a turn with a crop, equal jpegtran's coefficients",
        arguments: [
            "sampling-2x4.jpg", "sampling-4x2.jpg", "gray.jpg", "cmyk-red-blue.jpg", "progressive.jpg", "arithmetic", "photos/phone6.jpg", "photos/retina.jpg",
        ])
    func samplings(_ name: String) throws {
        let bytes =
            name == "arithmetic"
            ? try Self.jpegtran(["-arithmetic"], try TestFiles.bytes(Self.photos.appendingPathComponent("rocket.jpg")))
            : try TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent(name))
        for orientation in Orientation.allCases {
            let (ours, plan) = try JPEGCodec().apply(LosslessEdit(orientation: orientation, allowsTrimming: true), to: bytes)
            let theirs = try Self.jpegtran(["-copy", "all", "-trim"] + (Self.turnFlags[orientation] ?? []), bytes)
            #expect(try JPEGCoefficients(ours) == JPEGCoefficients(theirs), "\(name) \(orientation)")
            #expect(JPEGSegments(ours)?.frame?.isProgressive == JPEGSegments(bytes)?.frame?.isProgressive, "\(name): progressive stays progressive")
            let info = try JPEGCodec().info(ours, limits: .default)
            #expect(info.width == plan.kept.width && info.height == plan.kept.height, "\(name) \(orientation)")
            // A crop of the turned picture, a block in from its corner.
            let turned = plan.kept
            guard turned.width > 2 * plan.blockWidth, turned.height > 2 * plan.blockHeight else { continue }
            let asked = PixelRect(x: plan.blockWidth + 3, y: plan.blockHeight + 1, width: turned.width / 2, height: turned.height / 2)
            let cropped = try JPEGCodec().apply(LosslessEdit(orientation: orientation, crop: asked.offsetBy(turned), allowsTrimming: true), to: bytes)
            let kept = cropped.plan.kept
            let snapped = "\(kept.width)x\(kept.height)+\(kept.x - turned.x)+\(kept.y - turned.y)"
            let reference = try Self.jpegtran(["-copy", "all", "-trim"] + (Self.turnFlags[orientation] ?? []) + ["-crop", snapped], bytes)
            #expect(try JPEGCoefficients(cropped.bytes) == JPEGCoefficients(reference), "\(name) \(orientation) crop \(snapped)")
        }
    }

    @Test(
        "a crop starts on the block grid: the coefficients equal jpegtran -crop's at the snapped origin",
        .enabled(if: Requirement.met(JPEGLosslessTests.jpegtran != nil), "jpegtran is not installed (Debian: libjpeg-turbo-progs)"))
    func crop() throws {
        let bytes = try TestFiles.bytes(Self.photos.appendingPathComponent("retina.jpg"))
        let header = try #require(JPEGSegments(bytes)?.frame)
        let (blockWidth, blockHeight) = (header.mcuWidth, header.mcuHeight)
        let asked = PixelRect(x: 1234 % 1100, y: 567, width: 300, height: 200)
        let transform = LosslessEdit(crop: asked, allowsTrimming: true)
        let (ours, plan) = try JPEGCodec().apply(transform, to: bytes)
        let x = asked.x / blockWidth * blockWidth
        let y = asked.y / blockHeight * blockHeight
        #expect(plan.kept == PixelRect(x: x, y: y, width: asked.width + asked.x - x, height: asked.height + asked.y - y))
        #expect(!plan.isExact && plan.differences?.contains("kept \(plan.kept.width)×\(plan.kept.height) at \(x),\(y)") == true, "\(plan)")
        let theirs = try Self.jpegtran(["-copy", "all", "-crop", "\(plan.kept.width)x\(plan.kept.height)+\(x)+\(y)"], bytes)
        #expect(try JPEGCoefficients(ours) == JPEGCoefficients(theirs))
        // A crop on the grid is exact; the decoded pixels equal decoding everything and cutting.
        let aligned = PixelRect(x: 4 * blockWidth, y: 3 * blockHeight, width: 101, height: 77)
        let exact = try JPEGCodec().apply(LosslessEdit(crop: aligned), to: bytes)
        #expect(exact.plan.isExact)
        let cut = try JPEGDecoder().decode(bytes).cropped(to: aligned)
        let decoded = try JPEGDecoder().decode(exact.bytes)
        #expect(decoded.width == 101 && decoded.height == 77)
        #expect(decoded.storage == cut.storage)
    }

    @Test(
        "turn and crop together: the crop is in the turned picture, as jpegtran's",
        .enabled(if: Requirement.met(JPEGLosslessTests.jpegtran != nil), "jpegtran is not installed (Debian: libjpeg-turbo-progs)"))
    func turnAndCrop() throws {
        let bytes = try TestFiles.bytes(Self.photos.appendingPathComponent("rocket.jpg"))
        let frame = try #require(JPEGSegments(bytes)?.frame)
        let transform = LosslessEdit(orientation: .right, crop: PixelRect(x: 37, y: 100, width: 200, height: 300), allowsTrimming: true)
        let (ours, plan) = try JPEGCodec().apply(transform, to: bytes)
        // Turning 427 rows by 90° drops the rows of the partial block: the output starts that many columns in.
        let (blockWidth, blockHeight) = (frame.mcuHeight, frame.mcuWidth)
        let trimmed = 427 % blockWidth
        let x = (37 - trimmed) / blockWidth * blockWidth
        let y = 100 / blockHeight * blockHeight
        #expect(plan.kept == PixelRect(x: x + trimmed, y: y, width: 200 + 37 - trimmed - x, height: 300 + 100 - y))
        let theirs = try Self.jpegtran(["-copy", "all", "-rotate", "90", "-trim", "-crop", "\(plan.kept.width)x\(plan.kept.height)+\(x)+\(y)"], bytes)
        #expect(try JPEGCoefficients(ours) == JPEGCoefficients(theirs))
    }

    @Test("metadata: orientation 1 in EXIF and XMP, dimensions updated, thumbnail turned, ICC kept, MPF dropped")
    func metadata() throws {
        let bytes = try TestFiles.bytes(Self.photos.appendingPathComponent("phone6.jpg"))
        let (ours, plan) = try JPEGCodec().apply(LosslessEdit(orientation: .right, allowsTrimming: true), to: bytes)
        let info = try JPEGCodec().info(ours, limits: .default)
        #expect(info.metadata.orientation == .up)
        #expect(info.width == plan.kept.width && info.height == plan.kept.height && info.width == 416 && info.height == 640)
        #expect(info.metadata.iccProfile == (try JPEGCodec().info(bytes, limits: .default)).metadata.iccProfile)
        let exif = try #require(info.metadata.exif)
        let block = EXIF.stripPrefix(exif)
        let tiff = try #require(TIFFBytes(block))
        let ifd0 = try #require(tiff.firstIFD)
        let exifIFD = try #require(EXIF.entry(0x8769, inIFD: ifd0, of: tiff).flatMap { tiff.u32($0 + 8) })
        let dimension = { (tag: UInt16) in
            EXIF.entry(tag, inIFD: exifIFD, of: tiff).flatMap { tiff.u16($0 + 2) == 4 ? tiff.u32($0 + 8) : tiff.u16($0 + 8).map(Int.init) }
        }
        #expect(dimension(0xA002) == 416 && dimension(0xA003) == 640)
        // The thumbnail was 160×107 sideways; now it is upright, 107 rows wide less its partial block.
        let location = EXIF.thumbnailLocation(in: block)
        #expect(location != nil, "the thumbnail was dropped")
        guard let location else { return }
        let thumbnail = try JPEGDecoder().decode(Array(block[location.range]))
        #expect(thumbnail.width == 96 && thumbnail.height == 160, "\(thumbnail.width)×\(thumbnail.height)")
        #expect(EXIF.hasLocation(in: block))
        let segments = try #require(JPEGSegments(ours))
        let payloads = segments.segments.map { String(decoding: ours[$0.payload].prefix(28), as: UTF8.self) }
        #expect(!payloads.contains { $0.hasPrefix("MPF") })
        let xmp = try #require(segments.segments.first { JPEGSegments.payload(of: $0, in: ours, startsWith: Array("http://ns.adobe.com/xap/1.0/".utf8)) })
        #expect(String(decoding: ours[xmp.payload], as: UTF8.self).contains("tiff:Orientation=\"1\""))
        #expect(payloads.contains("a comment"))

        // strip=location,icc keeps the rest; strip=all keeps nothing but the picture.
        var stripping = LosslessEdit(orientation: .right, allowsTrimming: true)
        stripping.stripped = [.location, .icc]
        let lean = try JPEGCodec().info(try JPEGCodec().apply(stripping, to: bytes).bytes, limits: .default)
        #expect(lean.metadata.iccProfile == nil && lean.metadata.exif.map { !EXIF.hasLocation(in: EXIF.stripPrefix($0)) } == true)
        stripping.stripped = .all
        let bare = try #require(JPEGSegments(try JPEGCodec().apply(stripping, to: bytes).bytes))
        #expect(bare.segments.allSatisfy { !(0xE1...0xEF).contains($0.marker) && $0.marker != 0xFE }, "\(bare.segments.map(\.marker))")
    }

    @Test("bad input: not a JPEG, lossless JPEG, damaged data: errors, never a crash")
    func refusals() throws {
        #expect(throws: LosslessEditError.self) { try JPEGCodec().apply(LosslessEdit(orientation: .right), to: Array("not a jpeg".utf8)) }
        var bytes = try TestFiles.bytes(Self.photos.appendingPathComponent("rocket.jpg"))
        bytes.removeLast(bytes.count / 2)
        // Truncated data reads as zeros with a warning: refused, as decoding refuses it.
        var warnings: [String] = []
        #expect(throws: LosslessEditError.self) {
            try JPEGCodec().apply(LosslessEdit(orientation: .down, allowsTrimming: true), to: bytes, warn: { warnings.append($0) })
        }
        // A picture smaller than one block keeps nothing once its moving edges are trimmed.
        let tiny = try TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent("icc.jpg"))
        #expect(throws: LosslessEditError.nothingKept(requested: PixelRect(x: 0, y: 0, width: 8, height: 8), blockWidth: 16, blockHeight: 16)) {
            try JPEGCodec().apply(LosslessEdit(orientation: .down, allowsTrimming: true), to: tiny)
        }
        // A fuzzer's file (stray bytes between markers, arithmetic coding): every turn either
        // works or is refused.
        let fuzzed = try TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent("fuzz-crop-2x4-arithmetic.jpg"))
        for orientation in Orientation.allCases {
            _ = try? JPEGCodec().apply(
                LosslessEdit(orientation: orientation, crop: PixelRect(x: 16, y: 8, width: 40, height: 40), allowsTrimming: true), to: fuzzed)
        }
        let small = ImageLimits(maxPixelCount: 1000, maxDimension: 100)
        #expect(throws: LimitError.self) {
            try JPEGCodec().apply(
                LosslessEdit(orientation: .right, allowsTrimming: true), to: try TestFiles.bytes(Self.photos.appendingPathComponent("rocket.jpg")),
                limits: small)
        }
    }
}

extension PixelRect {
    /// This rectangle moved by `other`'s origin.
    fileprivate func offsetBy(_ other: PixelRect) -> PixelRect { PixelRect(x: x + other.x, y: y + other.y, width: width, height: height) }
}
