import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The GIFs and animated WebPs Ninepipe writes, decoded frame by frame by headless
/// Chromium (WebCodecs `ImageDecoder`, the browser's own GIF and WebP decoders with its
/// disposal and blending). Every frame must show exactly the picture we meant, and last the
/// duration we wrote; and a dithered GIF of many colours must show what our own decoder reads
/// from it. The page compares in the browser and puts the result in its title, read
/// through the DevTools endpoint (polled, so a slow decode is waited for). Skips, saying so,
/// without `chromium` or `curl`.
@Suite("animations in Chromium", .enabled(if: Requirement.met(GIFCodec.isAvailable && WebPCodec.isAvailable), "this build has no GIF or WebP"))
struct AnimationBrowserTests {
    /// Four frames on a 24×16 canvas: a square that moves, turns see-through where it was, a
    /// frame that changes nothing, and one that clears part of the picture again (disposal 2).
    static func animation() -> Animation {
        let red = Image(width: 6, height: 5, layout: .rgba, depth: .eight, fill: [220, 30, 40, 255])
        let blue = Image(width: 8, height: 4, layout: .rgba, depth: .eight, fill: [20, 60, 230, 255])
        var frames: [AnimationFrame] = []
        for (index, spot) in [(1, 1), (9, 6), (9, 6), (15, 2)].enumerated() {
            var canvas = Image(width: 24, height: 16, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
            canvas.paste(red, x: spot.0, y: spot.1)
            if index != 3 { canvas.paste(blue, x: 2, y: 10) }
            frames.append(AnimationFrame(image: canvas, duration: 30 + 40 * index))
        }
        return Animation(frames: frames, loopCount: 0)
    }

    @Test("Chromium decodes every frame of our GIF and lossless WebP to the picture meant, with its duration")
    func frames() throws {
        guard let chromium = try Requirement.tool("chromium", "chromium-browser"), let curl = try Requirement.tool("curl") else {
            try Test.cancel("chromium or curl not found (apt-get install chromium curl); the animations browser test is skipped")
        }
        let animation = Self.animation()
        let gif = try GIFEncoder().encode(animation)
        let webp = try WebPAnimation.encode(animation, encoder: WebPEncoder(isLossless: true))
        let pictures = animation.frames.map { frame -> String in
            guard case .eight(let samples) = frame.image.storage else { return "" }
            return "'" + Data(samples).base64EncodedString() + "'"
        }
        // A dithered GIF of many colours (the compositing fixture, enlarged): Chromium must show what
        // our decoder reads from it, frame for frame.
        let fixture = Repository.root.appendingPathComponent("Tests")
            .appendingPathComponent("NinepipeCoreTests/Fixtures/gif/anim-local.gif")
        let source = try GIFDecoder().decodeAnimation(Array(try Data(contentsOf: fixture)))
        let enlarged = try source.mapImages { image in
            var large = Image(width: 24, height: 16, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
            large.paste(image.converted(to: .rgba), x: 5, y: 4)
            return large
        }
        let dithered = try GIFEncoder(colorCount: 12).encode(enlarged)
        let readBack = try GIFDecoder().decodeAnimation(dithered).frames.map { frame -> String in
            guard case .eight(let samples) = frame.image.converted(to: .rgba).storage else { return "" }
            return "'" + Data(samples).base64EncodedString() + "'"
        }
        // libwebp stores the frame that changes nothing (2) as a longer showing of the one before.
        let shown = ["gif": [0, 1, 2, 3], "webp": [0, 1, 3]]
        func list(_ format: String) -> String { "[" + (shown[format] ?? []).map { pictures[$0] }.joined(separator: ", ") + "]" }
        let script = """
            const bytes = s => Uint8Array.from(atob(s), c => c.charCodeAt(0));
            async function check(b64, type, expected) {
              const decoder = new ImageDecoder({data: bytes(b64), type});
              await decoder.tracks.ready;
              const count = decoder.tracks.selectedTrack.frameCount, out = [];
              for (let i = 0; i < count; i++) {
                const frame = (await decoder.decode({frameIndex: i})).image;
                const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight), context = canvas.getContext('2d');
                context.drawImage(frame, 0, 0);
                const got = context.getImageData(0, 0, canvas.width, canvas.height).data, want = bytes(expected[i] || '');
                let differ = 0;
                for (let p = 0; p < got.length; p += 4) {
                  const same = got[p + 3] == want[p + 3] && (want[p + 3] == 0 || (got[p] == want[p] && got[p + 1] == want[p + 1] && got[p + 2] == want[p + 2]));
                  if (!same) differ++;
                }
                out.push({w: canvas.width, h: canvas.height, ms: frame.duration / 1000, differ});
                frame.close();
              }
              return out;
            }
            (async () => {
              try {
                document.title = JSON.stringify({gif: await check('\(Data(gif).base64EncodedString())', 'image/gif', \(list("gif"))),
                                                 webp: await check('\(Data(webp).base64EncodedString())', 'image/webp', \(list("webp"))),
                                                 dithered: await check('\(Data(dithered).base64EncodedString())', 'image/gif', [\(readBack.joined(separator: ", "))])});
              } catch (error) { document.title = 'error: ' + error; }
            })();
            """
        let dir = try TemporaryFolder.make("anim-browser")
        try "<!doctype html><html><head><title>pending</title></head><body><script>\(script)</script></body></html>"
            .write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let title = try Self.title(of: "file://\(dir)/page.html", chromium: chromium, curl: curl, profile: dir + "/profile")
        struct Frame: Decodable { var w: Int, h: Int, ms: Int, differ: Int }
        let result = try JSONDecoder().decode([String: [Frame]].self, from: Data(title.utf8))
        for format in ["gif", "webp"] {
            let frames = try #require(result[format], "\(title)")
            let durations = format == "gif" ? [30, 70, 110, 150] : [30, 70 + 110, 150]
            #expect(frames.map(\.ms) == durations, "\(format): \(frames)")
            #expect(frames.allSatisfy { $0.w == 24 && $0.h == 16 }, "\(format): \(frames)")
            for (frame, source) in zip(frames, shown[format] ?? []) {
                #expect(frame.differ == 0, "\(format) frame showing \(source): \(frame.differ) pixels differ from the picture meant")
            }
        }
        let ditheredFrames = try #require(result["dithered"], "\(title)")
        #expect(ditheredFrames.count == 4 && ditheredFrames.allSatisfy { $0.differ == 0 }, "dithered GIF: \(ditheredFrames)")
    }

    /// The page's title once its script has set it, read from the DevTools endpoint of a
    /// headless Chromium that stays up until then (at most 60 s).
    static func title(of url: String, chromium: String, curl: String, profile: String) throws -> String {
        let browser = try ChildProcess.start(
            chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", "--user-data-dir=\(profile)", url])
        defer {
            browser.terminate()
            browser.waitUntilExit()
        }
        struct Target: Decodable { var type: String, title: String }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            guard let port = (try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8))?.split(separator: "\n").first else {
                continue
            }
            let listing = try ChildProcess.output(of: curl, ["-s", "http://127.0.0.1:\(port)/json"])
            guard let targets = try? JSONDecoder().decode([Target].self, from: Data(listing.utf8)),
                let title = targets.first(where: { $0.type == "page" }).map({ HTMLText.unescaped($0.title) }),
                title.hasPrefix("{") || title.hasPrefix("error")
            else { continue }
            if title.hasPrefix("error") { Issue.record("the page failed: \(title)") }
            return title
        }
        Issue.record("Chromium did not finish the page within 60 s")
        return "{}"
    }
}
