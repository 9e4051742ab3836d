import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Every frame of an animated GIF composited as Pillow composites it (`ImageSequence`,
/// `convert('RGBA')`), exactly. The `anim-*.gif` fixtures were written byte by byte by
/// `Scripts/make-gif-fixtures.py`, one rule each; their `.pillow` files are Pillow 13's frames
/// (`Scripts/pillow-frames.py`). With Pillow installed, the test also reads Pillow's own test
/// GIFs and any folder in `NINEPIPE_GIF_CORPUS`.
@Suite("GIF compositing", .enabled(if: Requirement.met(GIFCodec.isAvailable), "this build has no GIF (libgif-dev was missing)"))
struct GIFCompositingTests {
    static let fixtures = GIFTests.fixtures
    static let names = ["anim-keep", "anim-background", "anim-previous", "anim-local", "anim-grow", "anim-gray", "anim-short-table"]

    /// Frames as `pillow-frames.py` writes them: width, height, RGBA.
    static func pillowFrames(_ bytes: [UInt8]) -> [(width: Int, height: Int, rgba: [UInt8])] {
        var frames: [(Int, Int, [UInt8])] = []
        var at = 0
        func word(_ i: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[i + $1]) << (8 * $1) } }
        while at + 8 <= bytes.count {
            let width = word(at)
            let height = word(at + 4)
            let count = width * height * 4
            frames.append((width, height, Array(bytes[at + 8..<at + 8 + count])))
            at += 8 + count
        }
        return frames
    }

    /// The pixels of ours that differ from Pillow's (compared over Pillow's frame size, which
    /// is smaller than ours before a canvas grows), and how many frames there are of each.
    static func differences(_ ours: Animation, _ pillow: [(width: Int, height: Int, rgba: [UInt8])], tolerance: Int = 0) -> (count: String, pixels: Int) {
        guard ours.frames.count == pillow.count else { return ("\(ours.frames.count) frames, Pillow \(pillow.count)", 0) }
        var differing = 0
        for (frame, reference) in zip(ours.frames, pillow) {
            let image = frame.image.converted(to: .rgba)
            guard case .eight(let samples) = image.storage else { continue }
            for y in 0..<min(reference.height, image.height) {
                for x in 0..<min(reference.width, image.width) {
                    let ourAt = (y * image.width + x) * 4
                    let theirAt = (y * reference.width + x) * 4
                    if (0..<4).contains(where: { abs(Int(samples[ourAt + $0]) - Int(reference.rgba[theirAt + $0])) > tolerance }) { differing += 1 }
                }
            }
        }
        return ("", differing)
    }

    @Test("each rule's fixture: every frame equals Pillow's, every byte", arguments: names)
    func fixture(_ name: String) throws {
        let ours = try GIFDecoder().decodeAnimation(TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".gif")))
        let pillow = Self.pillowFrames(try TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".pillow")))
        let result = Self.differences(ours, pillow)
        #expect(result.count.isEmpty, "\(name): \(result.count)")
        #expect(result.pixels == 0, "\(name): \(result.pixels) pixels differ")
    }

    @Test("the first frame alone is the animation's first frame, on the canvas info reports")
    func firstFrame() throws {
        for name in Self.names {
            let bytes = try TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".gif"))
            let animation = try GIFDecoder().decodeAnimation(bytes)
            let first = try GIFDecoder().decode(bytes)
            let info = try ImageCodecRegistry.builtIn.info(bytes)
            #expect(first.width == info.width && first.height == info.height && first == animation.frames[0].image, "\(name)")
            let pillow = Self.pillowFrames(try TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".pillow")))
            let result = Self.differences(Animation(frames: [AnimationFrame(image: first, duration: 0)]), [pillow[0]])
            #expect(result.pixels == 0, "\(name): \(result.pixels) pixels differ from Pillow's first frame")
        }
    }

    @Test(
        "Pillow's test GIFs and any corpus folder: every frame equal to Pillow's; the files refused are the known ones",
        .enabled(
            if: Requirement.met(corpusReady(extension: "gif")), "no Pillow (apt-get install python3-pil) or no Pillow test images (NINEPIPE_PILLOW_IMAGES)"))
    func corpus() throws {
        try Self.compareCorpus(extension: "gif", variable: "NINEPIPE_GIF_CORPUS", tolerance: 0, knownRefusals: Self.knownRefusals) {
            try GIFDecoder().decodeAnimation($0)
        }
    }

    /// Pillow's test GIFs Ninepipe refuses, and why: a refusal of any other file Pillow reads is
    /// a finding, and a file here that decodes means the list is out of date.
    static let knownRefusals = [
        "decompression_bomb.gif": "its image data ends early (Pillow refuses it too)",
        "decompression_bomb_extents.gif": "65635 × 65635 pixels, over the default pixel limit (Pillow refuses it too)",
        "zero_width.gif": "a 0 × 32 logical screen (Pillow refuses it too)",
        "issue_2811.gif": "an LZW minimum code size of 11, over the 8 GIF allows: giflib stops there, Pillow reads on",
    ]

    /// Pillow's test images: `NINEPIPE_PILLOW_IMAGES` (`.ci/run` unpacks Pillow's source
    /// there), else `/tmp/pil/pillow-11.0.0/Tests/images`.
    static var pillowImages: String {
        ProcessInfo.processInfo.environment["NINEPIPE_PILLOW_IMAGES"] ?? "/tmp/pil/pillow-11.0.0/Tests/images"
    }

    /// The files ending in `.extension` among Pillow's test images and the folders in `variable`.
    static func corpusFiles(extension suffix: String, variable: String? = nil) -> [String] {
        var folders = [pillowImages]
        if let variable, let extra = ProcessInfo.processInfo.environment[variable] { folders += extra.split(separator: ":").map(String.init) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix("." + suffix) }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// Whether Pillow and its test images are here.
    static func corpusReady(extension suffix: String) -> Bool {
        !corpusFiles(extension: suffix).isEmpty && ChildProcess.python(with: "PIL") != nil
    }

    /// Compares every file ending in `.extension` of Pillow's test images and the folders in
    /// `variable` with Pillow's frames, each sample within `tolerance`. A file Ninepipe cannot
    /// decode fails the test unless `knownRefusals` names it; one Pillow cannot read is decoded
    /// by Ninepipe alone (Pillow 9.4 trips over `background_outside_palette.gif`).
    static func compareCorpus(
        extension suffix: String, variable: String, tolerance: Int, knownRefusals: [String: String] = [:], decode: ([UInt8]) throws -> Animation
    ) throws {
        let files = corpusFiles(extension: suffix, variable: variable)
        let python = try #require(ChildProcess.python(with: "PIL"), "Pillow is not installed (apt-get install python3-pil)")
        try #require(!files.isEmpty, "no .\(suffix) file in \(pillowImages) (set NINEPIPE_PILLOW_IMAGES)")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(suffix)-corpus-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var compared = 0
        var refused: [String] = []
        for file in files {
            let name = FileIO.baseName(of: file)
            let ours: Animation
            do { ours = try decode(TestFiles.bytes(URL(fileURLWithPath: file))) } catch {
                refused.append(name)
                #expect(knownRefusals[name] != nil, "\(file): Ninepipe refuses it (\(error)), and it is not a known refusal")
                continue
            }
            #expect(knownRefusals[name] == nil, "\(file) decodes now, but is listed as refused: \(knownRefusals[name] ?? "")")
            let reference = scratch.appendingPathComponent("ref").path
            guard ChildProcess.status(of: python, [Self.script, file, reference]) == 0, let bytes = FileManager.default.contents(atPath: reference) else {
                continue  // Pillow cannot read it; Ninepipe decoded it.
            }
            let result = Self.differences(ours, Self.pillowFrames([UInt8](bytes)), tolerance: tolerance)
            #expect(result.count.isEmpty && result.pixels == 0, "\(file): \(result.count) \(result.pixels) pixels differ")
            compared += 1
        }
        #expect(Set(refused) == Set(knownRefusals.keys.filter { name in files.contains { $0.hasSuffix("/" + name) } }))
        #expect(compared >= files.count / 2, "only \(compared) of \(files.count) files compared with Pillow")
    }

    static let script = Repository.root
        .appendingPathComponent("Scripts/pillow-frames.py").path
}

/// Animated WebP frames as libwebp composites them (blend and dispose), compared with
/// Pillow's within 1 level; with Pillow installed, also Pillow's test WebPs and any folder in
/// `NINEPIPE_WEBP_CORPUS`.
@Suite("WebP animation", .enabled(if: Requirement.met(WebPCodec.isAvailable), "this build has no WebP (libwebp-dev was missing)"))
struct WebPAnimationTests {
    @Test("the timed fixture's frames equal Pillow's; durations and loop come through")
    func fixture() throws {
        let folder = JPEGTests.fixtures.appendingPathComponent("webp")
        let ours = try WebPAnimation.decode(TestFiles.bytes(folder.appendingPathComponent("timed.webp")), limits: .default)
        #expect(ours.frames.map(\.duration) == [50, 250] && ours.loopCount == 5)
        let pillow = GIFCompositingTests.pillowFrames(try TestFiles.bytes(folder.appendingPathComponent("timed.pillow")))
        let result = GIFCompositingTests.differences(ours, pillow, tolerance: 1)
        #expect(result.count.isEmpty && result.pixels == 0, "\(result)")
    }

    @Test("frames written as an animated WebP read back with their durations and loop; lossless keeps every sample")
    func roundTrip() throws {
        let gif = try GIFDecoder().decodeAnimation(TestFiles.bytes(GIFTests.fixtures.appendingPathComponent("anim-local.gif")))
        var animation = gif
        animation.loopCount = 3
        for index in animation.frames.indices { animation.frames[index].duration = 40 * (index + 1) }
        let lossless = try WebPAnimation.encode(animation, encoder: WebPEncoder(isLossless: true))
        let back = try WebPAnimation.decode(lossless, limits: .default)
        #expect(back.frames.map(\.duration) == [40, 80, 120, 160] && back.loopCount == 3)
        for (ours, theirs) in zip(animation.frames, back.frames) {
            #expect(ours.image.converted(to: .rgba).unpremultiplied() == theirs.image.converted(to: .rgba), "lossless frames differ")
        }
        let lossy = try WebPAnimation.decode(try WebPAnimation.encode(animation, encoder: WebPEncoder(quality: 90)), limits: .default)
        #expect(lossy.frames.count == 4 && lossy.width == animation.width)
        // Found by the webp fuzz target: frames opaque only where libwebp stores a rectangle must
        // keep the see-through rest (libwebp set the container's alpha flag from the rectangles).
        let square = Image(width: 4, height: 3, layout: .rgba, depth: .eight, fill: [30, 60, 90, 255])
        let frames = [0, 5].map { x -> AnimationFrame in
            var canvas = Image(width: 40, height: 3, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
            canvas.paste(square, x: x, y: 0)
            return AnimationFrame(image: canvas, duration: 50)
        }
        for encoder in [WebPEncoder(isLossless: true), WebPEncoder(quality: 80)] {
            let back = try WebPAnimation.decode(WebPAnimation.encode(Animation(frames: frames), encoder: encoder), limits: .default)
            #expect(back.frames.allSatisfy { $0.image.layout == .rgba && $0.image.sample(x: 39, y: 2, channel: 3) == 0 })
        }
    }

    @Test(
        "Pillow's test WebPs and any corpus folder: every frame within 1 level of Pillow's, none refused",
        .enabled(
            if: Requirement.met(GIFCompositingTests.corpusReady(extension: "webp")),
            "no Pillow (apt-get install python3-pil) or no Pillow test images (NINEPIPE_PILLOW_IMAGES)"))
    func corpus() throws {
        try GIFCompositingTests.compareCorpus(extension: "webp", variable: "NINEPIPE_WEBP_CORPUS", tolerance: 1) {
            try WebPAnimation.decode($0, limits: .default)
        }
    }
}
