import Foundation
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Metadata could not be removed, and a GPS position survived `thumbnail 128` into
/// the output. The fixtures are 48×32 photos to which exiftool 12.57 wrote Make, Model, a date,
/// orientation 6, EXIF GPS latitude/longitude/altitude and XMP GPS (`gps.png` has them in `eXIf`
/// and an XMP `iTXt`).
@Suite("stripping metadata")
struct StripMetadataTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/NinepipeHostTests").appendingPathComponent("Fixtures/metadata")

    /// The bytes of the GPS latitude value (three RATIONALs) in the file's EXIF block: what must
    /// not appear in a stripped output.
    static func latitudeBytes(in file: [UInt8]) throws -> [UInt8] {
        let info = try ImageCodecRegistry.builtIn.info(file)
        let block = try #require(info.metadata.exif.map(EXIF.stripPrefix))
        let big = block[0] == 0x4D
        func u16(_ at: Int) -> Int { big ? Int(block[at]) << 8 | Int(block[at + 1]) : Int(block[at + 1]) << 8 | Int(block[at]) }
        func u32(_ at: Int) -> Int { big ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }
        func entry(_ tag: Int, in ifd: Int) -> Int? { (0..<u16(ifd)).map { ifd + 2 + $0 * 12 }.first { u16($0) == tag } }
        let gps = u32(try #require(entry(0x8825, in: u32(4))) + 8)
        let latitude = try #require(entry(0x0002, in: gps))
        let offset = u32(latitude + 8)
        return Array(block[offset..<(offset + 24)])
    }

    func workspace() throws -> String {
        let directory = try TemporaryFolder.make("strip")
        return directory
    }

    /// Runs `text` and returns the bytes it saved to `out`.
    func run(_ text: String, out: String) throws -> [UInt8] {
        try PipelineRunner().run(try PipelineCompiler().pipeline(text))
        return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test("strip=gps removes the location and keeps the camera; strip=exif and strip=all leave no EXIF or XMP", arguments: ["jpg", "png"])
    func stripKinds(ext: String) throws {
        let input = Self.fixtures.appendingPathComponent("gps.\(ext)").path
        let source = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let latitude = try Self.latitudeBytes(in: source)
        let hasLatitude = source.contains(latitude)
        #expect(hasLatitude)
        let out = try workspace() + "/out.\(ext)"

        let kept = try run("load \"\(input)\" | save \"\(out)\"", out: out)
        let keptLatitude = kept.contains(latitude)
        #expect(keptLatitude, "without strip= the location is kept")
        let noGPS = try run("load \"\(input)\" | save \"\(out)\" strip=gps", out: out)
        let (gpsLatitude, gpsXMP) = (noGPS.contains(latitude), noGPS.contains(Array("GPSLatitude".utf8)))
        #expect(!gpsLatitude)
        #expect(!gpsXMP, "the XMP packet holding the position is gone")
        let metadata = try ImageCodecRegistry.builtIn.info(noGPS).metadata
        #expect(metadata.exif.map(EXIF.hasLocation(in:)) == false)
        let model = noGPS.contains(Array("FixtureCam".utf8))
        #expect(model, "the camera model stays")

        for kinds in ["exif", "all", "exif,gps"] {
            let stripped = try run("load \"\(input)\" | save \"\(out)\" strip=\(kinds)", out: out)
            let strippedLatitude = stripped.contains(latitude)
            #expect(!strippedLatitude, "strip=\(kinds)")
            // exiftool also wrote the model into a PNG tEXt entry: text, gone with strip=all only.
            let markers = ["Exif\0\0", "eXIf", "XML:com.adobe.xmp"] + (ext == "jpg" || kinds == "all" ? ["FixtureCam"] : [])
            for marker in markers {
                let left = stripped.contains(Array(marker.utf8))
                #expect(!left, "strip=\(kinds) left \(marker.debugDescription)")
            }
        }
        // Pixels left sideways keep their orientation, alone.
        let sideways = try run("load \"\(input)\" orient=keep | save \"\(out)\" strip=all", out: out)
        let info = try ImageCodecRegistry.builtIn.info(sideways)
        #expect(info.metadata.orientation == .right)
        let sidewaysLeft = sideways.contains(latitude) || sideways.contains(Array("FixtureCam".utf8))
        #expect(!sidewaysLeft)
    }

    @Test("thumbnail drops EXIF and XMP unless keep-metadata=true; the ICC profile stays")
    func thumbnailMetadata() throws {
        let input = Self.fixtures.appendingPathComponent("gps.jpg").path
        let latitude = try Self.latitudeBytes(in: Array(try Data(contentsOf: URL(fileURLWithPath: input))))
        let out = try workspace() + "/thumb.jpg"
        let thumbnail = try run("load \"\(input)\" | thumbnail 16 | save \"\(out)\"", out: out)
        let leaks = [latitude, Array("FixtureCam".utf8), Array("Exif\0\0".utf8)].filter { thumbnail.contains($0) }
        #expect(leaks.isEmpty, "the thumbnail kept \(leaks.count) of the source's EXIF markers")
        let kept = try run("load \"\(input)\" | thumbnail 16 keep-metadata=true | save \"\(out)\"", out: out)
        let keptLatitude = kept.contains(latitude)
        #expect(keptLatitude)

        var image = Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [200, 100, 50])
        image.metadata.iccProfile = ICCProfile(name: "test", data: Array(repeating: 7, count: 200))
        image.metadata.exif = try ImageCodecRegistry.builtIn.info(kept).metadata.exif
        let result = try Transforms.Thumbnail(width: 8, height: 8).apply(to: image, context: TransformContext())
        #expect(result.metadata.exif == nil && result.metadata.iccProfile == image.metadata.iccProfile)
    }

    @Test("strip= on the encoder removes ICC, text and nine-patch too; unknown kinds and a .9.png without its frame are refused")
    func encoderAndErrors() throws {
        var image = Image(width: 9, height: 9, layout: .rgba, depth: .eight, fill: [1, 2, 3, 255])
        image.metadata.iccProfile = ICCProfile(name: "test", data: Array(repeating: 7, count: 200))
        image.metadata.text = [TextEntry(keyword: "Comment", text: "hello")]
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [3, 6], yDivs: [3, 6],
                padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0), colors: []))
        let all = try ImageCodecRegistry.builtIn.decode(try ImageCodecRegistry.builtIn.encode(image, options: EncodeOptions(format: .png, stripped: .all)))
        #expect(all.metadata == ImageMetadata())
        let icc = try ImageCodecRegistry.builtIn.decode(
            try ImageCodecRegistry.builtIn.encode(image, options: EncodeOptions(format: .png, stripped: [.icc, .text])))
        #expect(icc.metadata.iccProfile == nil && icc.metadata.text.isEmpty && icc.metadata.ninePatch == image.metadata.ninePatch)

        let unknown = PipelineCompiler().compile(#"load "a.png" | save "b.png" strip=exif,colour"#)
        #expect(unknown.diagnostics.first?.message.contains("expected one of all, exif, icc, text, ninepatch, gps") == true)
        let frame = PipelineCompiler().compile(#"load "a.9.png" | save "b.9.png" strip=ninepatch"#)
        #expect(frame.diagnostics.first?.message.contains("no ninepatch for a .9.png output") == true, "\(frame.diagnostics)")
    }
}
