import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

/// SVG from the command line: `load` sizes, the size the next step asks for, batch
/// folders, `info`, `--max-render-seconds`, and raster files refusing a drawing size.
@Suite(
    "SVG on the command line",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: a build without it, or librsvg2-2 not installed"))
struct SVGCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures/svg")

    /// A folder holding the Tango icon `tango-go-next.svg` (48×48) as `icon.svg`.
    func workspace() throws -> String {
        let folder = try TemporaryFolder.make("svg-cli")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("tango-go-next.svg").path, toPath: folder + "/icon.svg")
        return folder
    }

    func image(_ path: String) throws -> Image { try ImageCodecRegistry.builtIn.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) }

    @Test("load draws at width=, height=, density= or its own size; the sizes are what was asked")
    func sizes() throws {
        let folder = try workspace()
        let cases: [(String, Int, Int)] = [
            (#"load "icon.svg""#, 48, 48), (#"load "icon.svg" width=100"#, 100, 100), (#"load "icon.svg" height=30"#, 30, 30),
            (#"load "icon.svg" width=90 height=30"#, 90, 30), (#"load "icon.svg" density=288"#, 144, 144), (#"load "icon.svg" density=72"#, 36, 36),
        ]
        for (load, width, height) in cases {
            let result = TestConsole.run(["run", "-e", "\(load) | save \"out.png\""], in: folder)
            #expect(result.status == 0, "\(load): \(result.err)")
            let image = try image(folder + "/out.png")
            #expect(image.width == width && image.height == height, "\(load): \(image.width)×\(image.height)")
        }
        let info = TestConsole.run(["info", "icon.svg"], in: folder)
        #expect(info.status == 0 && info.out.contains("format: SVG") && info.out.contains("size: 48×48"), "\(info.out)")
    }

    @Test("thumbnail and resize right after load have the SVG drawn at their size: as sharp as drawing it there")
    func drawnAtTheStepsSize() throws {
        let folder = try workspace()
        #expect(TestConsole.run(["run", "-e", #"load "icon.svg" | thumbnail 200 | save "thumb.png""#], in: folder).status == 0)
        #expect(TestConsole.run(["run", "-e", #"load "icon.svg" width=200 | save "drawn.png""#], in: folder).status == 0)
        // Enlarging the 48-pixel drawing instead: what the hint avoids.
        #expect(TestConsole.run(["run", "-e", #"load "icon.svg" density=96 | resize width=200 | save "enlarged.png""#], in: folder).status == 0)
        let thumbnail = try image(folder + "/thumb.png")
        let drawn = try image(folder + "/drawn.png")
        let enlarged = try image(folder + "/enlarged.png")
        #expect(thumbnail.width == 200 && thumbnail.height == 200)
        #expect(thumbnail.storage == drawn.storage, "the thumbnail is not the drawing at 200 pixels")
        #expect(enlarged.storage != drawn.storage)
        #expect(TestConsole.run(["run", "-e", #"load "icon.svg" | resize width=25% | save "quarter.png""#], in: folder).status == 0)
        #expect(try image(folder + "/quarter.png").width == 12)
    }

    @Test("a batch folder takes SVGs and writes PNGs beside the other results")
    func batch() throws {
        let folder = try workspace()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/icon.svg", toPath: folder + "/in/icon.svg")
        try ImageCodecRegistry.builtIn.write(
            Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [1, 2, 3]), to: folder + "/in/photo.jpg", options: EncodeOptions(format: .jpeg))
        let result = TestConsole.run(["run", "-q", "-e", "load | thumbnail 64", "in", "--output", "out/"], in: folder)
        #expect(result.status == 0, "\(result.err)")
        #expect(try image(folder + "/out/icon.png").width == 64)
        #expect(ImageCodecRegistry.builtIn.format(sniffing: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/photo.jpg")))) == .jpeg)
    }

    @Test("usage: density with a size is exit 2; a raster file refuses a drawing size (exit 1); a slow drawing names --max-render-seconds")
    func refusals() throws {
        let folder = try workspace()
        let both = TestConsole.run(["run", "-e", #"load "icon.svg" width=10 density=200 | save "x.png""#], in: folder)
        #expect(both.status == 2 && both.err.contains("either a size (width=) or a density"), "\(both.err)")
        #expect(TestConsole.run(["run", "-e", #"load "icon.svg" | save "raster.png""#], in: folder).status == 0)
        let raster = TestConsole.run(["run", "-e", #"load "raster.png" width=10 | save "x.png""#], in: folder)
        #expect(raster.status == 1 && raster.err.contains("this is PNG, a raster file: use resize after load"), "\(raster.err)")
        // Not ignored on the streamed path, nor on a JPEG's lossless one.
        let streamed = TestConsole.run(["run", "--stream", "always", "-e", #"load "raster.png" height=10 | resize width=5 | save "x.png""#], in: folder)
        #expect(streamed.status == 1 && streamed.err.contains("a raster file"), "\(streamed.err)")
        try ImageCodecRegistry.builtIn.write(
            Image(width: 16, height: 16, layout: .rgb, depth: .eight, fill: [9, 9, 9]), to: folder + "/photo.jpg", options: EncodeOptions(format: .jpeg))
        let lossless = TestConsole.run(["run", "-e", #"load "photo.jpg" density=192 | save "y.jpg""#], in: folder)
        #expect(lossless.status == 1 && lossless.err.contains("this is JPEG, a raster file"), "\(lossless.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png") && !FileManager.default.fileExists(atPath: folder + "/y.jpg"))
        let blurs = (0..<20).map { "<feGaussianBlur stdDeviation=\"\(50 + $0)\"/>" }.joined()
        let slow =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="f">\#(blurs)</filter><rect width="8000" height="8000" filter="url(#f)"/></svg>"#
        try slow.write(toFile: folder + "/slow.svg", atomically: true, encoding: .utf8)
        let stopped = TestConsole.run(["run", "--max-render-seconds", "1", "-e", #"load "slow.svg" | save "x.png""#], in: folder)
        #expect(stopped.status == 1 && stopped.err.contains("longer than the 1 s allowed") && stopped.err.contains("--max-render-seconds"), "\(stopped.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
        let range = TestConsole.run(["run", "--max-render-seconds", "0", "-e", #"load "icon.svg" | save "x.png""#], in: folder)
        #expect(range.status == 2 && range.err.contains("from 1 to 3600"), "\(range.err)")
    }

    @Test("info and ninepatch inspect, compile and preview read a vector nine-patch's regions")
    func ninePatchCommands() throws {
        let folder = try workspace()
        let example = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/vector/button.9.svg").path
        let info = TestConsole.run(["info", example], in: folder)
        #expect(info.out.contains("nine-patch: vector (regions ninepatch-stretch, ninepatch-content,"), "\(info.out)")
        let inspect = TestConsole.run(["ninepatch", "inspect", example], in: folder)
        #expect(
            inspect.status == 0 && inspect.out.contains(#""xDivs":[12,36],"yDivs":[12,20]"#) && inspect.out.contains(#""source":"vector""#), "\(inspect.out)")
        let compile = TestConsole.run(["ninepatch", "compile", example, "button.png"], in: folder)
        #expect(compile.status == 0 && compile.err.isEmpty, "\(compile.err)")
        #expect(try image(folder + "/button.png").metadata.ninePatch?.chunk?.xDivs == [12, 36])
        #expect(TestConsole.run(["ninepatch", "preview", example, "--output", "preview.png"], in: folder).status == 0)
    }
}
