import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The nine-patch slicing the Flutter target generates, drawn as Flutter draws it: Skia's
/// `drawImageNine` (what `Image(centerSlice:)` and `paintImage` call) with the generated slice of
/// the file Flutter loads at each density, and the generated painter's stretch (re-stated here,
/// drawn with Skia's `drawImageRect`) for several regions an axis. Each must match
/// `ninepipe ninepatch` of the source at that density and size.
@Suite(
    "assets flutter: nine-patches drawn by Skia",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: the tree's vectors are read by the SVG helpers"))
struct FlutterNinePatchTests {
    /// A Python whose skia-python has `drawImageNine`: `NINEPIPE_SKIA_PYTHON` (`.ci/run` makes one), else `python3`.
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["NINEPIPE_SKIA_PYTHON"], "python3"].compactMap { $0 }
        return candidates.first { candidate in
            (try? ChildProcess.run("/usr/bin/env", [candidate, "-c", "import skia; skia.Canvas.drawImageNine"]).status) == 0
        }
    }()

    /// Draws `image` at `width` × `height` pixels: with `drawImageNine` and the centre `slice`,
    /// or, given `xDivs`/`yDivs`, cell by cell as the generated painter does.
    static let script = #"""
        import json, sys, skia
        request = json.loads(sys.argv[1])
        image = skia.Image.open(request["image"])
        width, height = request["width"], request["height"]
        surface = skia.Surface(width, height)
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorTRANSPARENT)
        paint = skia.Paint()
        paint.setFilterQuality(skia.FilterQuality.kLow_FilterQuality)

        def spans(divs, length, target):
            if not divs:
                return [(0, length, 0, target)]
            bounds = [0] + divs + [length]
            fixed = sum(bounds[i + 1] - bounds[i] for i in range(len(bounds) - 1) if i % 2 == 0)
            stretched = sum(bounds[i + 1] - bounds[i] for i in range(len(bounds) - 1) if i % 2 == 1)
            shrink = target / fixed if fixed > target else 1.0
            free = target - fixed * shrink
            result, at = [], 0.0
            for i in range(len(bounds) - 1):
                span = bounds[i + 1] - bounds[i]
                if span <= 0:
                    continue
                drawn = (free * span / stretched if stretched > 0 else 0.0) if i % 2 == 1 else span * shrink
                result.append((bounds[i], bounds[i + 1], at, at + drawn))
                at += drawn
            return result

        if "slice" in request:
            l, t, r, b = request["slice"]
            canvas.drawImageNine(image, skia.IRect.MakeLTRB(l, t, r, b), skia.Rect.MakeWH(width, height), paint)
        else:
            # "round": the Compose painter's integer destination edges (Kotlin's roundToInt).
            edge = (lambda v: float(int(v + 0.5))) if request.get("round") else (lambda v: v)
            for row in spans(request["yDivs"], image.height(), height):
                for column in spans(request["xDivs"], image.width(), width):
                    if edge(column[3]) <= edge(column[2]) or edge(row[3]) <= edge(row[2]):
                        continue
                    canvas.drawImageRect(
                        image, skia.Rect.MakeLTRB(column[0], row[0], column[1], row[1]),
                        skia.Rect.MakeLTRB(edge(column[2]), edge(row[2]), edge(column[3]), edge(row[3])), paint)
        surface.makeImageSnapshot().save(request["output"], skia.kPNG)
        """#

    /// One variant's slicing as the generated Dart says it, by scale.
    struct Slicing {
        var width: Double, height: Double, xDivs: [Double], yDivs: [Double]
    }

    /// The slicings of nine-patch `identifier` in `dart` (`ninepatches.g.dart`), by variant key and scale.
    static func slicings(of identifier: String, in dart: String) throws -> [String: [Double: Slicing]] {
        let start = try #require(dart.range(of: "  static const \(identifier) = NinePatch(\n"))
        let block = dart[start.upperBound...]
        let end = try #require(block.range(of: "\n  );\n"))
        let body = block[..<end.lowerBound]
        var result: [String: [Double: Slicing]] = [:]
        var key = ""
        // The numbers, in order, from each slicing's argument lines.
        let pattern = /'([^']*)': \{|(\d+\.\d+): NinePatchSlicing\(\s*width: ([\d.]+),\s*height: ([\d.]+),\s*xDivs: \[([^\]]*)\],\s*yDivs: \[([^\]]*)\]/
        for match in body.matches(of: pattern) {
            if let named = match.1 {
                key = String(named)
                continue
            }
            guard let scale = match.2.flatMap({ Double($0) }), let width = match.3.flatMap({ Double($0) }), let height = match.4.flatMap({ Double($0) }) else {
                continue
            }
            func numbers(_ text: Substring?) -> [Double] { (text ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
            result[key, default: [:]][scale] = Slicing(width: width, height: height, xDivs: numbers(match.5), yDivs: numbers(match.6))
        }
        return result
    }

    /// `image` drawn by Skia at `width` × `height` as `request` says.
    func drawn(_ request: [String: Any], python: String) throws -> Image {
        let folder = try TemporaryFolder.make("skia")
        try Self.script.write(toFile: folder + "/draw.py", atomically: true, encoding: .utf8)
        var request = request
        request["output"] = folder + "/out.png"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        _ = try ChildProcess.output(of: "/usr/bin/env", [python, folder + "/draw.py", json])
        return try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/out.png"))
    }

    /// `ninepipe ninepatch` of the source file at `path` at `width` × `height` pixels.
    func reference(_ path: String, width: Int, height: Int) throws -> Image {
        let decoded = try ImageCodecRegistry.builtIn.decode(FileIO.read(path))
        let source = try NinePatchSource.auto.resolve(decoded, path: path)
        return try Transforms.NinePatch(width: width, height: height).apply(to: source)
    }

    @Test(
        "each density's generated slice, drawn by drawImageNine on the file Flutter loads at that density, is ninepipe ninepatch of that density's source (mean ≤ 1 level); several regions, drawn as the generated painter does, too"
    )
    func drawnAsFlutterDraws() throws {
        let tests = FlutterAssetTests()
        let folder = try tests.tree()
        let app = folder + "/app"
        let outcome = try tests.convert(folder, into: app)
        #expect(outcome.succeeded, "\(outcome.text)")
        let dart = try String(contentsOfFile: app + "/lib/ninepipe/ninepatches.g.dart", encoding: .utf8)
        let slicings = try Self.slicings(of: "btnDefaultNormal", in: dart)
        #expect(Set(slicings.keys) == ["", "dark"] && Set((slicings[""] ?? [:]).keys) == [1, 1.5, 2])
        // xhdpi's slices are not twice mdpi's: a slice given in logical pixels would be wrong at 2.0x.
        #expect(slicings[""]?[2]?.xDivs == [9, 38] && slicings[""]?[1]?.xDivs == [5, 19])
        guard let python = try Requirement.found(Self.python, "skia-python 87.9 (with drawImageNine)") else {
            try Test.cancel("no skia-python with drawImageNine (pip install skia-python==87.9; .ci/run makes NINEPIPE_SKIA_PYTHON): the slicing is not drawn")
        }
        let sources = [(1.0, "drawable-mdpi", "btn_default_normal.png"), (2.0, "drawable-xhdpi", "2.0x/btn_default_normal.png")]
        for (scale, density, written) in sources {
            let slicing = try #require(slicings[""]?[scale])
            for (width, height) in [(60, 48), (120, 60), (40, 90)] {
                let (w, h) = (Int(Double(width) * scale), Int(Double(height) * scale))
                let skia = try drawn(
                    [
                        "image": app + "/assets/images/" + written, "width": w, "height": h,
                        "slice": [slicing.xDivs[0], slicing.yDivs[0], slicing.xDivs[1], slicing.yDivs[1]].map { Int($0) },
                    ], python: python)
                let ours = try reference(folder + "/res/\(density)/btn_default_normal.9.png", width: w, height: h)
                let difference = PremultipliedDifference.meanDifference(skia, ours)
                #expect(difference <= 1, "\(density) at \(w)×\(h): \(difference)")
            }
        }
        // The dark variant: three regions across, which one centerSlice cannot say.
        let dark = try #require(slicings["dark"]?[1])
        #expect(dark.xDivs.count == 6)
        for (width, height) in [(80, 40), (140, 64)] {
            let skia = try drawn(
                ["image": app + "/assets/images/btn_default_normal_dark.png", "width": width, "height": height, "xDivs": dark.xDivs, "yDivs": dark.yDivs],
                python: python)
            let ours = try reference(folder + "/res/drawable-night-mdpi/btn_default_normal.9.png", width: width, height: height)
            let difference = PremultipliedDifference.meanDifference(skia, ours)
            #expect(difference <= 1, "dark at \(width)×\(height): \(difference)")
        }
    }
}
