import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `assets` from SVG sources. `Examples/vector/button.9.svg` becomes Android
/// nine-patches at every density (aapt, when installed, compiles each to our chunk), an iOS image
/// set with cap insets at each scale, and plain SVG icons become bitmaps drawn at each density.
@Suite("assets from SVG", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: a build without it, or librsvg2-2 not installed"))
struct VectorAssetsTests {
    static let root = Repository.root
    static let example = root.appendingPathComponent("Examples/vector/button.9.svg").path
    static let aapt = ChildProcess.tool("aapt", "/usr/lib/android-sdk/build-tools/debian/aapt")
    static let densities: [(name: String, scale: Double)] = [("ldpi", 0.75), ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)]

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The chunks of a PNG file by type.
    static func chunks(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        var index = 8
        while index + 12 <= bytes.count {
            let length = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            guard index + 12 + length <= bytes.count else { break }
            result[type] = Array(bytes[(index + 8)..<(index + 8 + length)])
            index += 12 + length
        }
        return result
    }

    @Test("Android: a .9.png per density, ldpi to xxxhdpi, its frame the regions of that density; aapt compiles each to our chunk")
    func android() throws {
        let folder = try TemporaryFolder.make("vector-android")
        let result = try AssetHarness.run([Self.example], target: .android, output: folder + "/res") { options in
            options.densities = Self.densities.compactMap { AndroidDensity(rawValue: $0.name) }
        }
        #expect(result.succeeded, "\(result.text)")
        for (name, scale) in Self.densities {
            let path = "\(folder)/res/drawable-\(name)/button.9.png"
            let source = try ImageCodecRegistry.builtIn.decode(bytes(path))
            #expect(source.width == Int((48 * scale).rounded(.up)) + 2 && source.height == Int((32 * scale).rounded(.up)) + 2, "\(name)")
            let read = try NinePatchFrame.parse(source)
            var options = DecodeOptions()
            options.rendering = VectorRendering(scale: scale)
            let drawn = try ImageCodecRegistry.builtIn.decode(bytes(Self.example), options: options)
            #expect(read.metadata.ninePatch?.chunk == drawn.metadata.ninePatch?.chunk, "\(name)")
            // What aapt compiles the file to, against ours.
            let ours = "\(folder)/\(name)-ours.png"
            try ImageCodecRegistry.builtIn.write(NinePatchFrame.clearingTransparentColor(read), to: ours, options: EncodeOptions(format: .png))
            guard let aapt = try Requirement.found(Self.aapt, "aapt") else {
                try Test.cancel("aapt not found (apt-get install aapt); the compiled chunks are not compared with aapt's")
            }
            let compiled = "\(folder)/\(name)-aapt.png"
            _ = try ChildProcess.output(of: aapt, ["singleCrunch", "-i", path, "-o", compiled])
            let (theirs, mine) = (Self.chunks(try bytes(compiled)), Self.chunks(try bytes(ours)))
            #expect(theirs["npTc"] != nil && theirs["npTc"] == mine["npTc"], "\(name): npTc")
            #expect(theirs["npOl"] == mine["npOl"] && theirs["npLb"] == mine["npLb"], "\(name): npOl/npLb")
        }
    }

    @Test("iOS: @1x, @2x and @3x drawn from the vector, cap insets and centre of each scale")
    func iOS() throws {
        let folder = try TemporaryFolder.make("vector-ios")
        let result = try AssetHarness.run([Self.example], target: .ios, output: folder + "/Assets.xcassets")
        #expect(result.succeeded, "\(result.text)")
        let set = folder + "/Assets.xcassets/button.imageset"
        let contents = try ImageSetContents(parsing: bytes(set + "/Contents.json"), path: set + "/Contents.json")
        for scale in 1...3 {
            let entry = try #require(contents.entries.first { $0.scale == scale })
            let image = try ImageCodecRegistry.builtIn.decode(bytes(set + "/" + (entry.filename ?? "")))
            #expect(image.width == 48 * scale && image.height == 32 * scale)
            let resizing = try #require(entry.resizing)
            #expect(resizing.capInsets == NinePatchInsets(top: Int32(12 * scale), left: Int32(12 * scale), bottom: Int32(12 * scale), right: Int32(12 * scale)))
        }
    }

    @Test("an SVG icon a vector drawable cannot express becomes a PNG per density, drawn at that density (not resampled), with a warning")
    func icons() throws {
        let folder = try TemporaryFolder.make("vector-icons")
        let icon = Self.root.appendingPathComponent("Tests/NinepipeCoreTests/Fixtures/svg/tango-software-update-available.svg").path
        try FileManager.default.copyItem(atPath: icon, toPath: folder + "/update.svg")
        let result = try AssetHarness.run([folder + "/update.svg"], target: .android, output: folder + "/res")
        #expect(result.succeeded, "\(result.text)")
        // Tango's icon has a blur filter, on the element whose start tag is on line 168.
        #expect(result.text.contains("update.svg: written as density PNGs, not a vector drawable: vector drawables have no filters (line 168)"))
        for (name, scale) in Self.densities where name != "ldpi" {
            let image = try ImageCodecRegistry.builtIn.decode(bytes("\(folder)/res/drawable-\(name)/update.png"))
            var options = DecodeOptions()
            options.rendering = VectorRendering(scale: scale)
            let drawn = try ImageCodecRegistry.builtIn.decode(bytes(icon), options: options)
            #expect(image.width == Int(48 * scale) && image.metadata.ninePatch == nil, "\(name)")
            #expect(image.unpremultiplied().storage == drawn.unpremultiplied().storage, "\(name) is not the drawing at \(scale)x")
        }
    }

    @Test("web: 1x and 2x drawn from the vector, border-image slices and padding from its regions")
    func web() throws {
        let folder = try TemporaryFolder.make("vector-web")
        let result = try AssetHarness.run([Self.example], target: .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let css = try String(contentsOfFile: folder + "/web/button.css", encoding: .utf8)
        #expect(css.contains("border-image-slice: 12 12 12 12 fill;") && css.contains("padding: 6px 8px 6px 8px;"), "\(css)")
        #expect(css.contains(#"image-set(url("button.png") 1x, url("button@2x.png") 2x)"#), "\(css)")
        for (name, scale) in [("button.png", 1.0), ("button@2x.png", 2.0)] {
            let image = try ImageCodecRegistry.builtIn.decode(bytes(folder + "/web/" + name))
            var options = DecodeOptions()
            options.rendering = VectorRendering(scale: scale)
            let drawn = try ImageCodecRegistry.builtIn.decode(bytes(Self.example), options: options)
            #expect(image.width == drawn.width && image.unpremultiplied().storage == drawn.unpremultiplied().storage, "\(name)")
        }
    }
}
